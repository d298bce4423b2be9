import CastChannel
import CastNet
import CastTLS
import CastTestKit
import CastWire
import Foundation

/// Answers every message with `RECEIVER_STATUS` carrying the same requestId, and records what it saw.
final class EchoStatusHandler: CastMessageHandler {
    var seen: [CastMessage] = []

    /// The digits after `"requestId":`, or 0.
    static func requestID(in text: String) -> Int64 {
        guard let range = text.range(of: #""requestId":"#) else { return 0 }
        return Int64(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    func handle(_ message: CastMessage, from socket: CastSocket) {
        seen.append(message)
        let id = Self.requestID(in: message.payloadUTF8 ?? "")
        try? socket.send(
            CastMessage(
                sourceID: message.destinationID, destinationID: message.sourceID, namespace: message.namespace,
                json: #"{"type":"RECEIVER_STATUS","requestId":\#(id)}"#))
    }
}

/// A socket delegate that feeds a full routing stack: heartbeat liveness, virtual connections, namespaces.
final class ChannelStack: CastSocketDelegate {
    let namespaces = NamespaceRouter()
    let router: VirtualConnectionRouter
    let connections: ConnectionHandler
    let heartbeat: HeartbeatHandler
    let events = RecordingSocketDelegate()

    init(
        clock: any ProtocolClock, heartbeat configuration: HeartbeatStateMachine.Configuration = .init(),
        localID: String, peerID: String
    ) {
        router = VirtualConnectionRouter(namespaces: namespaces)
        connections = ConnectionHandler(router: router)
        heartbeat = HeartbeatHandler(clock: clock, configuration: configuration, localID: localID, peerID: peerID)
        namespaces.register(connections, for: .connection)
        namespaces.register(heartbeat, for: .heartbeat)
    }

    func castSocketDidOpen(_ socket: CastSocket) {
        events.castSocketDidOpen(socket)
        heartbeat.attach(socket)
    }

    func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        events.castSocket(socket, didReceive: message)
        heartbeat.messageReceived(on: socket)
        router.handle(message, from: socket)
    }

    func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        events.castSocket(socket, didCloseWith: reason)
        heartbeat.detach(socket)
        router.socketClosed(socket.id)
    }
}

/// A sender stack and a receiver stack over one in-memory TLS channel with a manual clock.
struct StackPair {
    let clock = ManualClock()
    let channel: MemoryChannel
    let sender: ChannelStack
    let receiver: ChannelStack
    let echo = EchoStatusHandler()

    init(
        senderHeartbeat: HeartbeatStateMachine.Configuration = .init(),
        receiverHeartbeat: HeartbeatStateMachine.Configuration = .init(), serverContext: TLSContext? = nil
    ) throws {
        channel = try MemoryChannel(serverSecurity: serverContext.map { .tls($0) })
        sender = ChannelStack(clock: clock, heartbeat: senderHeartbeat, localID: "sender-0", peerID: "receiver-0")
        receiver = ChannelStack(clock: clock, heartbeat: receiverHeartbeat, localID: "receiver-0", peerID: "sender-0")
        receiver.namespaces.register(echo, for: .receiver)
        channel.client.delegate = sender
        channel.server.delegate = receiver
        channel.pump()
    }

    var client: CastSocket { channel.client }
    var server: CastSocket { channel.server }

    func pump() { channel.pump() }

    /// Advances the manual clock in one-second steps, pumping after each.
    func advance(seconds: Int) {
        for _ in 0..<seconds {
            clock.advance(by: .seconds(1))
            pump()
        }
    }
}
