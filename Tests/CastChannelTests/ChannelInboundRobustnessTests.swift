import CastChannel
import CastNet
import CastTestKit
import CastTestSupport
import CastWire
import Testing

/// The same stack the fuzz target drives (Fuzz/FuzzChannelInbound), run over reproducible inputs.
@Suite struct ChannelInboundRobustnessTests {
    /// Sends `bytes` as decrypted inbound data to a receiver stack; returns the receiver's recorded events.
    private func drive(_ bytes: [UInt8], chunk: Int) throws -> RecordingSocketDelegate {
        let clock = ManualClock()
        let channel = try MemoryChannel(serverSecurity: .plaintext, clientSecurity: .plaintext)
        let stack = ChannelStack(clock: clock, localID: "receiver-0", peerID: "sender-0")
        stack.namespaces.register(EchoStatusHandler(), for: .receiver)
        channel.server.delegate = stack
        channel.pump()
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            try? channel.client.sendUnframed(Array(bytes[offset..<end]))
            channel.pump()
            offset = end
        }
        clock.advance(by: .seconds(11))
        channel.pump()
        return stack.events
    }

    @Test func randomBytesCloseAtMostOnceAndNeverDeliverAfterClose() throws {
        var random = SeededGenerator(seed: 0xCA57)
        for _ in 0..<200 {
            let count = Int(random.next() % 300)
            let events = try drive(random.bytes(count), chunk: 1 + Int(random.next() % 64))
            #expect(events.closeReasons.count <= 1)
        }
    }

    @Test func mutatedValidStreamsNeverCrash() throws {
        let valid = try [
            ConnectionHandler.connectMessage(from: "sender-0", to: "receiver-0"),
            ChannelFixtures.json(#"{"type":"GET_STATUS","requestId":1}"#),
            ChannelFixtures.json(#"{"type":"PING"}"#, namespace: .heartbeat),
            ConnectionHandler.closeMessage(from: "sender-0", to: "receiver-0"),
        ].flatMap(ChannelFixtures.frame)
        var random = SeededGenerator(seed: 0xF00D)
        for _ in 0..<200 {
            var bytes = valid
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let index = Int(random.next() % UInt64(bytes.count))
                bytes[index] = UInt8(truncatingIfNeeded: random.next())
            }
            let events = try drive(bytes, chunk: 1 + Int(random.next() % 97))
            #expect(events.closeReasons.count <= 1)
        }
    }

    @Test func validStreamIsDeliveredWhateverTheChunking() throws {
        let messages = [
            ConnectionHandler.connectMessage(from: "sender-0", to: "receiver-0"),
            ChannelFixtures.json(#"{"type":"GET_STATUS","requestId":1}"#),
        ]
        let bytes = try messages.flatMap(ChannelFixtures.frame)
        for chunk in [1, 3, 17, bytes.count] {
            let events = try drive(bytes, chunk: chunk)
            #expect(Array(events.messages.prefix(2)) == messages)
        }
    }
}
