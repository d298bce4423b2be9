/// Placeholder: CastInspect lands with its issue.
public enum CastInspectPlaceholder {}
