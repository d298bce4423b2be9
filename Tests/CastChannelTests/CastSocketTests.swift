import CastChannel
import CastNet
import CastTLS
import CastTestKit
import CastWire
import Glibc
import Testing

@Suite struct CastSocketTests {
    @Test func handshakeOpensBothSidesOverMemory() throws {
        let channel = try MemoryChannel()
        #expect(channel.client.state == .handshaking)
        channel.pump()
        #expect(channel.client.state == .open)
        #expect(channel.server.state == .open)
        #expect(channel.clientEvents.openCount == 1)
        #expect(channel.serverEvents.openCount == 1)
        #expect(channel.client.peerCertificate != nil)
    }

    @Test func messagesArriveInOrderBothWays() throws {
        let channel = try MemoryChannel()
        channel.pump()
        let first = ChannelFixtures.json(#"{"type":"GET_STATUS","requestId":1}"#)
        let second = ChannelFixtures.json(#"{"type":"GET_STATUS","requestId":2}"#)
        try channel.client.send(first)
        try channel.client.send(second)
        let reply = ChannelFixtures.json(
            #"{"type":"RECEIVER_STATUS","requestId":1}"#, from: "receiver-0", to: "sender-0")
        try channel.server.send(reply)
        channel.pump()
        #expect(channel.serverEvents.messages == [first, second])
        #expect(channel.clientEvents.messages == [reply])
        #expect(channel.client.messagesSent == 2)
        #expect(channel.server.messagesReceived == 2)
    }

    @Test func sendBeforeOpenThrowsNotOpen() throws {
        let channel = try MemoryChannel()
        #expect(throws: CastSocketError.self) { try channel.client.send(ChannelFixtures.json("{}")) }
    }

    @Test func sendOverSixtyFourKiBThrowsAndKeepsChannelOpen() throws {
        let channel = try MemoryChannel()
        channel.pump()
        let big = ChannelFixtures.json("\"" + String(repeating: "x", count: 70_000) + "\"")
        #expect(throws: CastSocketError.self) { try channel.client.send(big) }
        #expect(channel.client.state == .open)
    }

    @Test func oversizeFrameClosesWithInvalidMessageAfterEarlierMessagesDelivered() throws {
        let channel = try MemoryChannel()
        channel.pump()
        let good = ChannelFixtures.json(#"{"type":"PING"}"#, namespace: .heartbeat)
        // One TLS write: a valid frame, then a header announcing 65,537 bytes.
        try channel.client.sendUnframed(ChannelFixtures.frame(good) + [0x00, 0x01, 0x00, 0x01])
        channel.pump()
        #expect(channel.serverEvents.messages == [good])
        guard case .invalidMessage(let error)? = channel.serverEvents.closeReasons.first else {
            Issue.record("expected INVALID_MESSAGE, got \(channel.serverEvents.closeReasons)")
            return
        }
        #expect(error.kind == .bodyTooLarge(length: 65_537, maximum: 65_536))
        #expect(channel.serverEvents.closeReasons.count == 1)
        #expect(channel.server.state == .closed)
        // The sender sees the receiver go away.
        #expect(channel.client.state == .closed)
        #expect(channel.clientEvents.closeReasons.count == 1)
    }

    @Test func malformedProtobufClosesWithInvalidMessage() throws {
        let channel = try MemoryChannel()
        channel.pump()
        let good = ChannelFixtures.json(#"{"type":"GET_STATUS","requestId":7}"#)
        //              length 3     | tag 1 varint, value with continuation bit and nothing after
        let malformed: [UInt8] = [0, 0, 0, 3, 0x08, 0xff, 0xff]
        try channel.client.sendUnframed(ChannelFixtures.frame(good) + malformed)
        channel.pump()
        #expect(channel.serverEvents.messages == [good])
        guard case .invalidMessage? = channel.serverEvents.closeReasons.first else {
            Issue.record("expected INVALID_MESSAGE, got \(channel.serverEvents.closeReasons)")
            return
        }
        #expect(channel.serverEvents.closeReasons.first?.channelError == "INVALID_MESSAGE")
    }

    @Test func zeroLengthFrameClosesWithInvalidMessage() throws {
        let channel = try MemoryChannel()
        channel.pump()
        try channel.client.sendUnframed([0, 0, 0, 0])
        channel.pump()
        #expect(channel.serverEvents.closeReasons.first?.channelError == "INVALID_MESSAGE")
    }

    @Test func tlsGarbageClosesServerWithTLSError() throws {
        let channel = try MemoryChannel(clientSecurity: .plaintext)
        // The plaintext client is "open" at once; what it sends is garbage to the TLS server.
        try channel.client.sendUnframed(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        channel.pump()
        guard case .tls? = channel.serverEvents.closeReasons.first else {
            Issue.record("expected a TLS error, got \(channel.serverEvents.closeReasons)")
            return
        }
        #expect(channel.serverEvents.openCount == 0)
        #expect(channel.serverEvents.closeReasons.count == 1)
    }

    @Test func localCloseReportsClosedLocallyAndPeerSeesClosedByPeer() throws {
        let channel = try MemoryChannel()
        channel.pump()
        channel.client.close()
        channel.pump()
        guard case .closedLocally? = channel.clientEvents.closeReasons.first,
            case .closedByPeer? = channel.serverEvents.closeReasons.first
        else {
            Issue.record("got \(channel.clientEvents.closeReasons) / \(channel.serverEvents.closeReasons)")
            return
        }
        #expect(channel.clientEvents.closeReasons.count == 1)
        #expect(channel.serverEvents.closeReasons.count == 1)
    }

    @Test func resetReachesPeerAsTransportError() throws {
        let channel = try MemoryChannel()
        channel.pump()
        channel.server.reset()
        channel.pump()
        guard case .transport? = channel.clientEvents.closeReasons.first else {
            Issue.record("got \(channel.clientEvents.closeReasons)")
            return
        }
    }

    @Test func tlsAlertFromServerClosesClientWithTLSError() throws {
        var configuration = TLSConfiguration.server(certificate: try ChannelFixtures.tlsCertificate.get())
        configuration.rejectHandshakesWithAlert = .handshakeFailure
        let channel = try MemoryChannel(serverSecurity: .tls(try TLSContext(configuration: configuration)))
        channel.pump()
        guard case .tls? = channel.clientEvents.closeReasons.first else {
            Issue.record("got \(channel.clientEvents.closeReasons)")
            return
        }
        #expect(channel.clientEvents.openCount == 0)
    }
}

@Suite struct CastSocketHandshakeTimeoutTests {
    @Test func stalledHandshakeClosesWithTimeoutAfterTheLimit() throws {
        let clock = ManualClock()
        let pair = InMemoryTransportPair()
        let events = RecordingSocketDelegate()
        let socket = try CastSocket(transport: pair.server, security: .tls(ChannelFixtures.serverContext()))
        socket.delegate = events
        socket.start(handshakeTimeout: .seconds(10), clock: clock)
        pair.client.send([0x16, 0x03, 0x01])  // the first bytes of a ClientHello, then nothing
        pair.pump()
        clock.advance(by: .seconds(9))
        #expect(socket.state == .handshaking)
        clock.advance(by: .seconds(1))
        guard case .transport(let error)? = events.closeReasons.first else {
            Issue.record("got \(events.closeReasons)")
            return
        }
        #expect(error.errno == ETIMEDOUT)
        #expect(events.closeReasons.count == 1)
    }

    @Test func completedHandshakeCancelsTheTimeout() throws {
        let clock = ManualClock()
        let pair = InMemoryTransportPair()
        let client = try CastSocket(transport: pair.client, security: .tls(ChannelFixtures.clientContext()))
        let server = try CastSocket(transport: pair.server, security: .tls(ChannelFixtures.serverContext()))
        server.start(handshakeTimeout: .seconds(10), clock: clock)
        client.start(handshakeTimeout: .seconds(10), clock: clock)
        #expect(clock.pendingTimerCount == 2)
        pair.pump()
        #expect(clock.pendingTimerCount == 0)
        clock.advance(by: .seconds(30))
        #expect(client.state == .open)
        #expect(server.state == .open)
    }
}
