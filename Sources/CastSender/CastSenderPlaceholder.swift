/// Placeholder: CastSender lands with its issue.
public enum CastSenderPlaceholder {}
