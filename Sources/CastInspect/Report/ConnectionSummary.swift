public import CastWire

/// What the report says about one TCP connection once it is closed.
public struct ConnectionSummary: Sendable {
    /// The flow (`client-server`).
    public var flow: String
    /// "tls", "cast" (plaintext) or "other".
    public var kind: String
    /// Negotiated TLS parameters.
    public var session: TLSSessionInfo?
    /// Cast messages decoded.
    public var castMessages: Int
    /// Virtual connections opened (`source → destination`).
    public var virtualConnections: [String]
    /// Apps seen launched.
    public var launches: [String]
    /// Media sessions and their last player state.
    public var mediaSessions: [Int64: String]
    /// Request → reply latencies (seconds).
    public var latencies: [Double]
    /// PING/PONG messages.
    public var heartbeats: Int
    /// Seconds between consecutive PING/PONG messages (the first 4096).
    public var heartbeatIntervals: [Double]
    /// Application bytes per direction.
    public var bytes: [FlowDirection: Int]
    /// TLS records left encrypted per direction.
    public var encryptedRecords: [FlowDirection: Int]
    /// Bytes of those records per direction.
    public var encryptedBytes: [FlowDirection: Int]
    /// Seconds from the first to the last packet.
    public var duration: Double
    /// Retransmitted segments (both directions).
    public var retransmissions: Int
    /// Gaps (both directions).
    public var gaps: Int
    /// True when the stream was picked up without its handshake.
    public var midStream: Bool
    /// The device-auth verdict of the device's last AuthResponse, when the connection carried one.
    public var deviceAuth: DeviceAuthSummary?
    /// A speaker group's members as its multizone messages left them (nil when none came).
    public var groupMembers: [MultizoneDevice]? = nil
}
