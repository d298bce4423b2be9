public import CastWire

/// The virtual connections open on a set of sockets, as a value (openscreen's `VirtualConnectionRouter`
/// bookkeeping): who may talk to whom.
public struct VirtualConnectionTable: Sendable {
    /// The CONNECT that opened each connection (nil when we opened it without one on record).
    private var connections: [VirtualConnection: ConnectionMessage?] = [:]

    /// An empty table.
    public init() {}

    /// How many connections are open.
    public var count: Int { connections.count }

    /// Records `connection`; returns false when it was already open (the CONNECT info is updated).
    @discardableResult
    public mutating func add(_ connection: VirtualConnection, connect: ConnectionMessage? = nil) -> Bool {
        connections.updateValue(connect, forKey: connection) == nil
    }

    /// Forgets `connection`; returns false when it was not open.
    @discardableResult
    public mutating func remove(_ connection: VirtualConnection) -> Bool {
        connections.removeValue(forKey: connection) != nil
    }

    /// Forgets every connection on `socketID` and returns them.
    public mutating func removeAll(socketID: Int) -> [VirtualConnection] {
        let gone = self.connections(socketID: socketID)
        for connection in gone { connections[connection] = nil }
        return gone
    }

    /// True when `connection` is open.
    public func contains(_ connection: VirtualConnection) -> Bool {
        connections[connection] != nil
    }

    /// The CONNECT message recorded for `connection` (its senderInfo, userAgent, connType).
    public func connectMessage(for connection: VirtualConnection) -> ConnectionMessage? {
        connections[connection] ?? nil
    }

    /// The open connections on `socketID`, sorted for stable output.
    public func connections(socketID: Int) -> [VirtualConnection] {
        connections.keys.filter { $0.socketID == socketID }.sorted {
            ($0.localID, $0.peerID) < ($1.localID, $1.peerID)
        }
    }

    /// May a message from `peerID` to `localID` on `socketID` be delivered? Yes when that connection is open; a
    /// broadcast (`*`) needs any open connection with `peerID` on the socket.
    public func allowsMessage(socketID: Int, from peerID: String, to localID: String) -> Bool {
        if localID == CastEndpointID.broadcast {
            return connections.keys.contains { $0.socketID == socketID && $0.peerID == peerID }
        }
        return contains(VirtualConnection(socketID: socketID, localID: localID, peerID: peerID))
    }
}
