/// Placeholder: CastNet lands with its issue.
public enum CastNetPlaceholder {}
