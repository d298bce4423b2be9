/// Placeholder: the logger lands in issue 2.
public enum CastLogPlaceholder {}
