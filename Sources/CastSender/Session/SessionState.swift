/// Where a Cast session stands (the `SessionStateMachine`'s state).
public enum SessionState: Sendable, Hashable, CustomStringConvertible {
    /// Not started.
    case idle
    /// TCP + TLS under way (attempt 1 for a start).
    case connecting
    /// Device authentication under way.
    case authenticating
    /// CONNECT + GET_STATUS sent; waiting to see whether the app runs (then join or LAUNCH).
    case querying
    /// LAUNCH sent.
    case launching
    /// Running; app transport connected.
    case connected
    /// Connection lost; a reconnect attempt is scheduled.
    case suspended(ConnectionSuspendReason)
    /// Reconnecting (attempt n), then rejoining the app session by transport id.
    case resuming(attempt: Int)
    /// STOP sent on `endSessionAndStopCasting`; waiting for the receiver's answer before hanging up.
    case stopping
    /// Ended on request or because the app went away.
    case ended
    /// Failed to start.
    case failed

    /// The GCK connection state this maps to.
    public var connectionState: ConnectionState {
        switch self {
        case .idle, .ended, .failed, .suspended: .disconnected
        case .connecting, .authenticating, .querying, .launching, .resuming: .connecting
        case .connected: .connected
        case .stopping: .disconnecting
        }
    }

    /// `connecting`, `suspended(NetworkError)`…
    public var description: String {
        switch self {
        case .idle: "idle"
        case .connecting: "connecting"
        case .authenticating: "authenticating"
        case .querying: "querying"
        case .launching: "launching"
        case .connected: "connected"
        case .stopping: "stopping"
        case let .suspended(reason): "suspended(\(reason))"
        case let .resuming(attempt): "resuming(\(attempt))"
        case .ended: "ended"
        case .failed: "failed"
        }
    }
}
