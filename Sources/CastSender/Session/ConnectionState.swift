/// `GCKConnectionState`.
public enum ConnectionState: Int, Sendable, Hashable, CustomStringConvertible {
    /// No socket: before the first connect and after the session ends.
    case disconnected = 0
    /// TCP, TLS, device authentication or the launch is under way.
    case connecting = 1
    /// The session's app is running and its channel is open.
    case connected = 2
    /// CLOSE (and STOP, when asked) sent; the socket is closing.
    case disconnecting = 3

    /// `Disconnected`, `Connecting`…
    public var description: String {
        switch self {
        case .disconnected: "Disconnected"
        case .connecting: "Connecting"
        case .connected: "Connected"
        case .disconnecting: "Disconnecting"
        }
    }
}
