/// Placeholder: CastDiscovery lands with its issue.
public enum CastDiscoveryPlaceholder {}
