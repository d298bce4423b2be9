/// The GCK ordering rule for session listeners: framework listeners (the SDK's own, for us the media controller and
/// the CLI's printers) run after the app's for will-start and will-resume, before them for every other callback.
public enum ListenerOrder {
    /// `app` and `framework` listeners in the order `notification` is delivered.
    public static func ordered<Listener>(_ notification: SessionNotification, app: [Listener],
                                         framework: [Listener]) -> [Listener] {
        notification.frameworkListenersFirst ? framework + app : app + framework
    }
}
