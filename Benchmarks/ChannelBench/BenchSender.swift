import CastChannel
import CastNet
import CastTLS
import CastWire
import Dispatch

/// A castscope sender on its own loop: connects, CONNECTs, and runs serial request/reply round trips.
final class BenchSender: CastSocketDelegate, CastMessageHandler, @unchecked Sendable {
    // @unchecked Sendable: state is touched on `loop` only; the main thread waits on `done`.
    let loop: EventLoop
    let context: TLSContext
    let namespaces = NamespaceRouter()
    let router: VirtualConnectionRouter
    let connections: ConnectionHandler
    let done = DispatchSemaphore(value: 0)
    private(set) var socket: CastSocket?
    private var remaining = 0
    private var expectedType = ""
    private var makeRequest: (Int64) -> CastMessage = { _ in CastMessage(sourceID: "", destinationID: "", namespace: "", json: "") }
    private var nextID: Int64 = 1

    init(loop: EventLoop, context: TLSContext) {
        self.loop = loop
        self.context = context
        router = VirtualConnectionRouter(namespaces: namespaces)
        connections = ConnectionHandler(router: router)
        namespaces.register(connections, for: .connection)
        namespaces.register(self, for: .heartbeat)
        namespaces.register(self, for: .receiver)
    }

    /// Connects to `address` with TLS, sends CONNECT and GET_STATUS, and returns once RECEIVER_STATUS arrives.
    func connectAndGetStatus(_ address: SocketAddress) {
        expectedType = "RECEIVER_STATUS"
        remaining = 1
        makeRequest = { id in
            CastMessage(
                sourceID: "sender-0", destinationID: "receiver-0", namespace: CastNamespace.receiver.rawValue,
                json: #"{"type":"GET_STATUS","requestId":\#(id)}"#)
        }
        TCPConnection.connect(to: address, on: loop) { [self] result in
            guard case let .success(connection) = result,
                let socket = try? CastSocket(transport: TCPTransport(connection: connection), security: .tls(context))
            else {
                done.signal()
                return
            }
            self.socket = socket
            socket.delegate = self
            socket.start()
        }
        done.wait()
    }

    /// Sends `count` requests one after another, each after the previous reply.
    func roundTrips(_ count: Int, request: @escaping @Sendable (Int64) -> CastMessage, replyType: String) {
        loop.execute { [self] in
            remaining = count
            expectedType = replyType
            makeRequest = request
            sendNext()
        }
        done.wait()
    }

    /// Closes the socket.
    func close() {
        loop.execute { [self] in socket?.close() }
    }

    private func sendNext() {
        let id = nextID
        nextID += 1
        try? socket?.send(makeRequest(id))
    }

    func castSocketDidOpen(_ socket: CastSocket) {
        try? connections.connect(on: socket)
        sendNext()
    }

    func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        router.handle(message, from: socket)
    }

    func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        router.socketClosed(socket.id)
        if remaining > 0 {
            remaining = 0
            done.signal()
        }
    }

    /// A reply: when it is the awaited type, count it and send the next request.
    func handle(_ message: CastMessage, from socket: CastSocket) {
        guard remaining > 0, let text = message.payloadUTF8, JSONRequestID.type(of: text) == expectedType else { return }
        remaining -= 1
        if remaining == 0 {
            done.signal()
        } else {
            sendNext()
        }
    }
}
