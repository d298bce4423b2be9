import CastJSON
import CastLog
public import CastWire

/// The `tp.connection` namespace (openscreen's `ConnectionNamespaceHandler`): opens and closes virtual
/// connections in a `VirtualConnectionRouter`, in both directions.
///
/// Inbound CONNECT records the connection (or, when `acceptsEndpoint` refuses the destination, answers CLOSE
/// as a receiver does for a missing endpoint); inbound CLOSE removes it and calls `onClosedByPeer` — a CLOSE is
/// not answered. Outbound: `connect` sends CONNECT with `senderInfo`, `disconnect` sends CLOSE (reasonCode 5).
public final class ConnectionHandler: CastMessageHandler, @unchecked Sendable {
    // @unchecked Sendable: confined to one executor (design.md); see CastSocket.

    /// `ConnectionMessage.closedByPeerReasonCode`.
    public static let closedByPeerReasonCode = ConnectionMessage.closedByPeerReasonCode

    private unowned let router: VirtualConnectionRouter
    /// Decides whether an inbound CONNECT to an endpoint id is accepted (receivers: does the endpoint exist?).
    public var acceptsEndpoint: (String) -> Bool = { _ in true }
    /// Called after an inbound CONNECT opened a connection.
    public var onConnected: ((VirtualConnection, ConnectionMessage) -> Void)?
    /// Called after the peer closed a connection with CLOSE (it was open).
    public var onClosedByPeer: ((VirtualConnection) -> Void)?

    /// A handler recording into `router` (held unowned: the router's namespace router owns this handler).
    public init(router: VirtualConnectionRouter) {
        self.router = router
    }

    /// Handles CONNECT, CLOSE and CONNECTED; anything else is logged and dropped.
    public func handle(_ message: CastMessage, from socket: CastSocket) {
        guard let text = message.payloadUTF8, let payload = try? ConnectionMessage(jsonText: text) else {
            socket.log.deviceManager.debug(
                "unreadable connection message dropped", ChannelLog.metadata(message, peer: socket.peer))
            return
        }
        let connection = VirtualConnection(
            socketID: socket.id, localID: message.destinationID, peerID: message.sourceID)
        switch payload.type {
        case .connect:
            guard acceptsEndpoint(message.destinationID) else {
                socket.log.deviceManager.info(
                    "CONNECT to unknown endpoint \(message.destinationID); answering CLOSE",
                    ChannelLog.metadata(message, peer: socket.peer))
                try? socket.send(Self.closeMessage(from: message.destinationID, to: message.sourceID))
                return
            }
            router.addConnection(connection, connect: payload)
            socket.log.deviceManager.debug(
                "virtual connection opened \(connection.description)", ChannelLog.metadata(message, peer: socket.peer))
            onConnected?(connection, payload)
        case .close:
            guard router.removeConnection(connection) else {
                socket.log.deviceManager.debug(
                    "CLOSE for a connection that is not open", ChannelLog.metadata(message, peer: socket.peer))
                return
            }
            socket.log.deviceManager.info(
                "virtual connection closed by peer \(connection.description)",
                ChannelLog.metadata(message, peer: socket.peer))
            onClosedByPeer?(connection)
        default:
            socket.log.deviceManager.debug(
                "connection message \(payload.type.rawValue) ignored", ChannelLog.metadata(message, peer: socket.peer))
        }
    }

    /// Sends CONNECT from `localID` to `peerID` and records the connection.
    public func connect(
        on socket: CastSocket, from localID: String = CastEndpointID.platformSender,
        to peerID: String = CastEndpointID.platformReceiver, userAgent: String = "castscope",
        senderInfo: CastSenderInfo = CastSenderInfo()
    ) throws(CastSocketError) {
        let message = Self.connectMessage(from: localID, to: peerID, userAgent: userAgent, senderInfo: senderInfo)
        try socket.send(message)
        router.addConnection(VirtualConnection(socketID: socket.id, localID: localID, peerID: peerID))
    }

    /// Sends CLOSE (reasonCode 5) from `localID` to `peerID` and forgets the connection.
    public func disconnect(on socket: CastSocket, from localID: String, to peerID: String) throws(CastSocketError) {
        router.removeConnection(VirtualConnection(socketID: socket.id, localID: localID, peerID: peerID))
        try socket.send(Self.closeMessage(from: localID, to: peerID))
    }

    /// The CONNECT of protocol.md §2.4: strong connection, empty origin, `senderInfo`.
    public static func connectMessage(
        from localID: String, to peerID: String, userAgent: String = "castscope",
        senderInfo: CastSenderInfo = CastSenderInfo()
    ) -> CastMessage {
        let payload = ConnectionMessage(
            type: .connect, connType: 0, userAgent: userAgent, origin: JSONObject(), senderInfo: senderInfo.json)
        return CastMessage(
            sourceID: localID, destinationID: peerID, namespace: CastNamespace.connection.rawValue,
            json: payload.jsonText)
    }

    /// `{"type":"CLOSE","reasonCode":5}` from `localID` to `peerID`.
    public static func closeMessage(from localID: String, to peerID: String) -> CastMessage {
        let payload = ConnectionMessage(type: .close, reasonCode: closedByPeerReasonCode)
        return CastMessage(
            sourceID: localID, destinationID: peerID, namespace: CastNamespace.connection.rawValue,
            json: payload.jsonText)
    }
}
