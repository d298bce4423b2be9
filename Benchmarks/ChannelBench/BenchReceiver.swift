import CastChannel
import CastNet
import CastTLS
import CastWire

/// Answers GET_STATUS with a RECEIVER_STATUS of realistic size carrying the request's requestId.
final class StatusReplier: CastMessageHandler {
    func handle(_ message: CastMessage, from socket: CastSocket) {
        let id = message.payloadUTF8.flatMap { try? JSONRequestID.parse($0) } ?? 0
        let status = #"{"type":"RECEIVER_STATUS","requestId":\#(id),"status":{"applications":[{"appId":"E8C28D3C","displayName":"Backdrop","isIdleScreen":true,"namespaces":[{"name":"urn:x-cast:com.google.cast.sse"}],"sessionId":"5e4a5b0c-6e9d-4a4e-9a57-2c3b0f1f8d11","statusText":"","transportId":"5e4a5b0c-6e9d-4a4e-9a57-2c3b0f1f8d11"}],"isActiveInput":false,"isStandBy":true,"volume":{"controlType":"attenuation","level":0.5,"muted":false,"stepInterval":0.05}}}"#
        try? socket.send(
            CastMessage(
                sourceID: message.destinationID, destinationID: message.sourceID, namespace: message.namespace,
                json: status))
    }
}

/// A castscope receiver stack on one event loop: TLS server sockets, virtual connections, heartbeat, status.
final class BenchReceiver: CastSocketDelegate, @unchecked Sendable {
    // @unchecked Sendable: everything here runs on `loop`.
    let loop: EventLoop
    let context: TLSContext
    let namespaces = NamespaceRouter()
    let router: VirtualConnectionRouter
    let heartbeat: HeartbeatHandler
    private var sockets: [Int: CastSocket] = [:]

    init(loop: EventLoop, context: TLSContext) {
        self.loop = loop
        self.context = context
        router = VirtualConnectionRouter(namespaces: namespaces)
        heartbeat = HeartbeatHandler(
            clock: SystemClock(eventLoop: loop), configuration: .init(sendsPings: false), localID: "receiver-0",
            peerID: "sender-0")
        namespaces.register(ConnectionHandler(router: router), for: .connection)
        namespaces.register(heartbeat, for: .heartbeat)
        namespaces.register(StatusReplier(), for: .receiver)
    }

    /// Wraps an accepted connection in a server socket.
    func accept(_ connection: TCPConnection) {
        guard let socket = try? CastSocket(transport: TCPTransport(connection: connection), security: .tls(context))
        else { return }
        socket.delegate = self
        sockets[socket.id] = socket
        socket.start()
    }

    func castSocketDidOpen(_ socket: CastSocket) { heartbeat.attach(socket) }

    func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        heartbeat.messageReceived(on: socket)
        router.handle(message, from: socket)
    }

    func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        heartbeat.detach(socket)
        router.socketClosed(socket.id)
        sockets[socket.id] = nil
    }
}
