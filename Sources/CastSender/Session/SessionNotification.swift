/// A `GCKSessionManagerListener` callback the session state machine asks for.
public enum SessionNotification: Sendable, Hashable {
    /// `willStartCastSession`.
    case willStart
    /// `didStartCastSession`.
    case didStart
    /// `didFailToStartCastSession:withError:`.
    case didFailToStart(CastError)
    /// `willEndCastSession`.
    case willEnd
    /// `didEndCastSession:withError:` (nil when ended on request).
    case didEnd(CastError?)
    /// `didSuspendCastSession:withReason:`.
    case didSuspend(ConnectionSuspendReason)
    /// `willResumeCastSession`.
    case willResume
    /// `didResumeCastSession`.
    case didResume
    /// `session:didUpdateDevice:` (stream transfer).
    case didUpdateDevice(String)

    /// Will-start and will-resume run framework listeners after app listeners; the rest before (GCK rule).
    public var frameworkListenersFirst: Bool {
        switch self {
        case .willStart, .willResume: false
        default: true
        }
    }
}
