/// Placeholder: CastChannel lands with its issue.
public enum CastChannelPlaceholder {}
