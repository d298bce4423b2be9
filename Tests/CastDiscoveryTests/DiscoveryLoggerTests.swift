import CastDiscovery
import CastLog
import Testing

/// Discovery logs on the logger it is given, under the GCK class names.
@Suite struct DiscoveryLoggerTests {
    @Test func aManagerLogsStartAndStopOnItsOwnLogger() async throws {
        let logger = Logger()
        let records = RingBufferSink(capacity: 100)
        logger.addSink(records)
        let manager = DiscoveryManager(backends: [ManualBackend()], logger: logger)
        try await manager.startDiscovery()
        await manager.stopDiscovery()
        let lines = records.records.map { "\($0.className) \($0.message)" }
        #expect(lines.contains("GCKDiscoveryManager started builtin discovery"), "\(lines)")
        #expect(lines.contains("GCKDiscoveryManager stopped discovery"), "\(lines)")
    }
}
