import CastLog
public import CastWire

/// Enforces virtual connections in front of a `NamespaceRouter` (openscreen's `VirtualConnectionRouter`).
///
/// Usage: 1. make a `NamespaceRouter` and this router over it; 2. register a `ConnectionHandler` (which records
/// CONNECT/CLOSE here) and the other handlers on the namespace router; 3. make this router the handler every
/// socket delivers to; 4. call `socketClosed(_:)` when a socket ends. Messages on the transport namespaces
/// (connection, heartbeat, deviceauth) always pass; others pass only over an open connection between their source
/// and destination on that socket, else they are dropped with a debug log.
public final class VirtualConnectionRouter: CastMessageHandler, @unchecked Sendable {
    // @unchecked Sendable: confined to one executor (design.md); see CastSocket.

    /// The open connections.
    public private(set) var table = VirtualConnectionTable()
    /// Where permitted messages go.
    public let namespaces: NamespaceRouter

    /// A router in front of `namespaces`.
    public init(namespaces: NamespaceRouter) {
        self.namespaces = namespaces
    }

    /// Records an open connection; false when it already was.
    @discardableResult
    public func addConnection(_ connection: VirtualConnection, connect: ConnectionMessage? = nil) -> Bool {
        table.add(connection, connect: connect)
    }

    /// Forgets a connection; false when it was not open.
    @discardableResult
    public func removeConnection(_ connection: VirtualConnection) -> Bool {
        table.remove(connection)
    }

    /// Forgets every connection of a socket that ended and returns them.
    @discardableResult
    public func socketClosed(_ socketID: Int) -> [VirtualConnection] {
        table.removeAll(socketID: socketID)
    }

    /// Delivers `message` to its namespace handler when the connection rules allow it.
    public func handle(_ message: CastMessage, from socket: CastSocket) {
        let namespace = CastNamespace(rawValue: message.namespace)
        guard
            namespace.isTransport
                || table.allowsMessage(socketID: socket.id, from: message.sourceID, to: message.destinationID)
        else {
            socket.log.channel.debug(
                "no virtual connection \(message.sourceID) -> \(message.destinationID); message dropped",
                ChannelLog.metadata(message, peer: socket.peer))
            return
        }
        namespaces.handle(message, from: socket)
    }
}
