/// `GCKConnectionState`.
public enum ConnectionState: Int, Sendable, Hashable, CustomStringConvertible {
    /// 0.
    case disconnected = 0
    /// 1.
    case connecting = 1
    /// 2.
    case connected = 2
    /// 3.
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
