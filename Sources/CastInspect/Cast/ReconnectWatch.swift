import CastLog

/// Connections that ended after a heartbeat loss, remembered so the sender's next connection to the same receiver
/// is reported as its reconnection (`cast.reconnect`).
struct ReconnectWatch: Sendable {
    /// `client ip → server ip:port` to the end of its connection that lost heartbeats.
    var losses: [String: LogTimestamp] = [:]

    /// A new connection within this many seconds of the loss counts as the reconnection.
    static let window = 120.0
    /// Most losses remembered.
    static let maximumKept = 1024

    static func key(_ state: TCPConnectionState) -> String { "\(state.client.text) \(state.server.label)" }
}
