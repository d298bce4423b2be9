import CastChannel
import CastNet
import CastTLS
import CastTestSupport
import CastWire
import Synchronization
import Testing

/// Carries loop-confined objects into the @Sendable closures that run on the loop (they are only touched there).
final class LoopConfined<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// The kit's `eventually`, with `condition` evaluated on the loop (the stacks it reads are confined there).
func eventually(on loop: EventLoop, _ condition: @escaping @Sendable () -> Bool) async throws -> Bool {
    await eventually { (try? await loop.submit(condition)) ?? false }
}

/// A sender stack and a receiver stack talking TLS over a real 127.0.0.1 socket through CastNet's event loop.
struct LoopbackChannel {
    let loop: EventLoop
    let listener: TCPListener
    let sender: LoopConfined<ChannelStack>
    let receiver: LoopConfined<ChannelStack>
    let client: LoopConfined<CastSocket?> = LoopConfined(nil)
    let server: LoopConfined<CastSocket?> = LoopConfined(nil)

    init(senderHeartbeat: HeartbeatStateMachine.Configuration = .init()) async throws {
        loop = try EventLoop(name: "ChannelTestLoop")
        let clock = SystemClock(eventLoop: loop)
        let sender = LoopConfined(
            ChannelStack(clock: clock, heartbeat: senderHeartbeat, localID: "sender-0", peerID: "receiver-0"))
        let receiver = LoopConfined(
            ChannelStack(clock: clock, localID: "receiver-0", peerID: "sender-0"))
        receiver.value.namespaces.register(EchoStatusHandler(), for: .receiver)
        let serverContext = try ChannelFixtures.serverContext()
        let server = self.server
        listener = try TCPListener.bind(to: SocketAddress(.loopback, port: 0), on: loop) { connection in
            guard
                let socket = try? CastSocket(
                    transport: TCPTransport(connection: connection), security: .tls(serverContext))
            else { return }
            socket.delegate = receiver.value
            server.value = socket
            socket.start()
        }
        self.sender = sender
        self.receiver = receiver
        let clientContext = try ChannelFixtures.clientContext()
        let client = self.client
        // The handshake starts in the connect's completion on the loop, whatever the task pool is doing.
        let connected = await withCheckedContinuation { (continuation: CheckedContinuation<IOError?, Never>) in
            TCPConnection.connect(to: listener.localAddress, on: loop) { result in
                switch result {
                case .failure(let error): continuation.resume(returning: error)
                case .success(let connection):
                    if let socket = try? CastSocket(
                        transport: TCPTransport(connection: connection), security: .tls(clientContext))
                    {
                        socket.delegate = sender.value
                        client.value = socket
                        socket.start()
                    }
                    continuation.resume(returning: nil)
                }
            }
        }
        if let connected { throw connected }
    }

    func shutdown() {
        listener.close()
        loop.shutdown()
    }
}

@Suite struct LoopbackTCPTests {
    @Test func connectGetStatusAndPingPongOverLoopbackTLS() async throws {
        let channel = try await LoopbackChannel()
        defer { channel.shutdown() }
        let client = channel.client
        let sender = channel.sender
        #expect(try await eventually(on: channel.loop) { client.value?.state == .open })
        try await channel.loop.submit {
            guard let socket = client.value else { return }
            try? sender.value.connections.connect(on: socket)
            try? socket.send(ChannelFixtures.json(#"{"type":"GET_STATUS","requestId":9}"#))
            try? socket.send(ChannelFixtures.json(#"{"type":"PING"}"#, namespace: .heartbeat))
        }
        #expect(
            try await eventually(on: channel.loop) {
                let payloads = sender.value.events.messages.compactMap(\.payloadUTF8)
                return payloads.contains(#"{"type":"RECEIVER_STATUS","requestId":9}"#)
                    && payloads.contains(#"{"type":"PONG"}"#)
            })
        #expect(try await channel.loop.submit { client.value?.peer } == channel.listener.localAddress.description)
    }

    @Test func oversizeFrameOverLoopbackClosesWithInvalidMessage() async throws {
        let markerNamespace = "urn:x-cast:com.castscope.test"
        let channel = try await LoopbackChannel()
        defer { channel.shutdown() }
        let client = channel.client
        let receiver = channel.receiver
        let sender = channel.sender
        #expect(try await eventually(on: channel.loop) { client.value?.state == .open })
        try await channel.loop.submit {
            let marker = CastMessage(
                sourceID: "sender-0", destinationID: "receiver-0", namespace: markerNamespace, json: #"{"n":1}"#)
            try? client.value?.sendUnframed((try? ChannelFixtures.frame(marker)) ?? [])
            try? client.value?.sendUnframed([0x00, 0x10, 0x00, 0x00])
        }
        #expect(
            try await eventually(on: channel.loop) {
                guard case .invalidMessage? = receiver.value.events.closeReasons.first else { return false }
                return true
            })
        // The frame before the bad one was delivered; a slow run may add idle-time heartbeats around it.
        let received = try await channel.loop.submit { receiver.value.events.messages }
        #expect(received.filter { $0.namespace != CastNamespace.heartbeat.rawValue }.map(\.namespace) == [markerNamespace])
        #expect(try await eventually(on: channel.loop) { !sender.value.events.closeReasons.isEmpty })
    }

    @Test func silentReceiverIsDetectedDeadOverLoopback() async throws {
        let channel = try await LoopbackChannel(
            senderHeartbeat: .init(pingInterval: .milliseconds(20), livenessTimeout: .milliseconds(100)))
        defer { channel.shutdown() }
        let client = channel.client
        let server = channel.server
        let receiver = channel.receiver
        let sender = channel.sender
        // Wait for the open event, not the open state: on a starved machine the sender's 100 ms liveness timeout
        // may already have closed the connection again before a poll sees it open.
        #expect(try await eventually(on: channel.loop) { receiver.value.events.openCount > 0 })
        try await channel.loop.submit {
            guard let socket = server.value else { return }
            receiver.value.heartbeat.setSuspended(true, for: socket)
        }
        #expect(
            try await eventually(on: channel.loop) {
                guard case .pingTimeout? = sender.value.events.closeReasons.first else { return false }
                return true
            })
        #expect(try await channel.loop.submit { client.value?.state } == .closed)
    }
}
