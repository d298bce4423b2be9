/// `GCKConnectionSuspendReason`.
public enum ConnectionSuspendReason: Int, Sendable, Hashable, CustomStringConvertible {
    /// −1: a reason the SDK does not name.
    case unknown = -1
    /// 0: not suspended.
    case none = 0
    /// 1: the app went to the background (for us: `suspendSessionsOnExit`).
    case appBackgrounded = 1
    /// 2: network I/O or protocol error (heartbeat timeout, socket error).
    case networkError = 2
    /// 3: no network route to the device (the interface went down).
    case networkNotReachable = 3
    /// 4: the app was terminated.
    case appTerminated = 4

    /// `NetworkError`, `AppBackgrounded`…
    public var description: String {
        switch self {
        case .unknown: "Unknown"
        case .none: "None"
        case .appBackgrounded: "AppBackgrounded"
        case .networkError: "NetworkError"
        case .networkNotReachable: "NetworkNotReachable"
        case .appTerminated: "AppTerminated"
        }
    }
}
