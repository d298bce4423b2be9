/// Placeholder: the JSON value model lands with the logger.
public enum CastJSONPlaceholder {}
