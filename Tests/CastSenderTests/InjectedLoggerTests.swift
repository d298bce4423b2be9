import CastDiscovery
import CastLog
import CastNet
import CastReceiver
import CastSender
import CastTestSupport
import Testing

/// A program's own `Logger` gets every record of the stack it configures, under the same class names, and the
/// shared logger none of them.
@Suite(.serialized) struct InjectedLoggerTests {
    @Test func aSessionLogsOnTheOptionsLoggerAndNotOnTheSharedOne() async throws {
        let senderLogger = Logger()
        let senderRecords = RingBufferSink(capacity: 10_000)
        senderLogger.addSink(senderRecords)
        let receiverLogger = Logger()
        let receiverRecords = RingBufferSink(capacity: 10_000)
        receiverLogger.addSink(receiverRecords)
        let shared = RingBufferSink(capacity: 10_000)
        Logger.shared.addSink(shared)
        defer { Logger.shared.removeSink(shared) }

        // An id of its own: other tests log on the shared logger meanwhile, and this one's records are told apart.
        let deviceID = "1a2b3c4d5e6f70819a2b3c4d5e6f7081"
        let harness = try SenderHarness(
            ReceiverConfiguration(name: "Injected TV", deviceID: deviceID),
            customize: { $0.logger = senderLogger }, emulatorOptions: { $0.logger = receiverLogger })
        _ = try await harness.context.startSession(with: harness.device).get()
        await harness.shutdown()

        let senderClasses = Set(senderRecords.records.map(\.className))
        #expect(senderClasses.isSuperset(of: ["GCKSessionManager", "GCKCastSession", "GCKCastChannel"]),
                "\(senderClasses)")
        #expect(senderClasses.allSatisfy { $0.hasPrefix("GCK") }, "\(senderClasses)")
        let receiverClasses = Set(receiverRecords.records.map(\.className))
        #expect(receiverClasses.isSuperset(of: ["CastReceiverContext", "CastReceiverChannel"]), "\(receiverClasses)")
        #expect(receiverClasses.allSatisfy { $0.hasPrefix("CastReceiver") }, "\(receiverClasses)")
        // Sockets (CastNet) still log on the shared logger, without the device; nothing of the session does.
        let leaked = shared.records.filter { record in
            record.message.contains(deviceID) || record.metadata.contains { "\($0.value)".contains(deviceID) }
        }
        #expect(leaked.isEmpty, "\(leaked.map { "\($0.className): \($0.message)" })")
    }
}
