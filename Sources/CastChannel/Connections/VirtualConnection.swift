/// One virtual connection: a (local endpoint, peer endpoint) pair on one socket (protocol.md §2.4).
public struct VirtualConnection: Sendable, Hashable, CustomStringConvertible {
    /// The `CastSocket.id` it lives on.
    public var socketID: Int
    /// Our endpoint id (`receiver-0`, a transportId on a receiver; `sender-0` on a sender).
    public var localID: String
    /// The peer's endpoint id.
    public var peerID: String

    /// A connection between `localID` and `peerID` on socket `socketID`.
    public init(socketID: Int, localID: String, peerID: String) {
        self.socketID = socketID
        self.localID = localID
        self.peerID = peerID
    }

    /// `local<->peer@socket`.
    public var description: String { "\(localID)<->\(peerID)@\(socketID)" }
}
