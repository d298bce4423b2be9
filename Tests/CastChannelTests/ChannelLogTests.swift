import CastChannel
import CastLog
import CastWire
import Testing

/// What the channel logs, captured from `Logger.shared` (records of other tests are told apart by `net.peer`).
@Suite struct ChannelLogTests {
    private static let ring: RingBufferSink = {
        let ring = RingBufferSink(capacity: 10_000)
        // Everything at verbose: other suites in this process watch Logger.shared too (the emulator logs as
        // CastReceiverContext), so this filter must not hide any class.
        var filter = LoggerFilter()
        filter.minimumLevel = .verbose
        Logger.shared.filter = filter
        Logger.shared.addSink(ring)
        return ring
    }()

    private func records(peer: String) -> [LogRecord] {
        Self.ring.records.filter { $0.metadata["net.peer"] == .string(peer) }
    }

    @Test func sentAndReceivedMessagesAreLoggedVerboseWithCastMetadata() throws {
        _ = Self.ring
        let channel = try MemoryChannel(labels: ("log-client-1", "log-server-1"))
        channel.pump()
        try channel.client.send(ChannelFixtures.json(#"{"type":"GET_STATUS","requestId":77}"#))
        channel.pump()
        let sent = try #require(
            records(peer: "log-server-1").first { $0.className == "GCKCastChannel" && $0.message.hasPrefix("sent") })
        #expect(sent.level == .verbose)
        #expect(sent.message.contains(#"{"type":"GET_STATUS","requestId":77}"#))
        #expect(sent.metadata["cast.ns"] == .string(CastNamespace.receiver.rawValue))
        #expect(sent.metadata["cast.src"] == .string("sender-0"))
        #expect(sent.metadata["cast.dst"] == .string("receiver-0"))
        #expect(sent.metadata["cast.request_id"] == .int(77))
        let received = records(peer: "log-client-1").first {
            $0.className == "GCKCastChannel" && $0.message.hasPrefix("received")
        }
        #expect(received?.metadata["cast.request_id"] == .int(77))
        #expect(records(peer: "log-server-1").contains { $0.className == "GCKDeviceManager" })
    }

    @Test func invalidMessageIsLoggedAtErrorUnderDeviceManager() throws {
        _ = Self.ring
        let channel = try MemoryChannel(labels: ("log-client-2", "log-server-2"))
        channel.pump()
        try channel.client.sendUnframed([0x00, 0x01, 0x00, 0x01])
        channel.pump()
        let error = records(peer: "log-client-2").first { $0.level == .error }
        #expect(error?.className == "GCKDeviceManager")
        #expect(error?.message.contains("INVALID_MESSAGE") == true)
    }
}
