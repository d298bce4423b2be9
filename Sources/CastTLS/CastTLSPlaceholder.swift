/// Placeholder: CastTLS lands with its issue.
public enum CastTLSPlaceholder {}
