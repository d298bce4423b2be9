/// Placeholder: CastReceiver lands with its issue.
public enum CastReceiverPlaceholder {}
