/// Placeholder: the argument parser lands in issue 2.
public enum CastCLIPlaceholder {}
