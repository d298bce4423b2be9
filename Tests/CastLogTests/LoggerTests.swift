import CastTestSupport
import Foundation
import Synchronization
import Glibc
import Testing
@testable import CastLog

@Suite struct LoggerTests {
    /// A logger with a ring buffer attached, independent of `Logger.shared`.
    private func makeLogger(filter: LoggerFilter? = nil) -> (Logger, RingBufferSink) {
        let logger = Logger()
        let ring = RingBufferSink(capacity: 100)
        logger.addSink(ring)
        logger.filter = filter
        return (logger, ring)
    }

    @Test func filteredOutCallNeverEvaluatesMessageOrMetadata() {
        var filter = LoggerFilter()
        filter.minimumLevel = .warning
        let (logger, ring) = makeLogger(filter: filter)
        let log = logger.category("GCKCastChannel")
        let evaluations = Atomic<Int>(0)
        func expensive() -> LogMessage {
            evaluations.add(1, ordering: .relaxed)
            return "built"
        }
        func metadata() -> LogMetadata {
            evaluations.add(1, ordering: .relaxed)
            return ["k": "v"]
        }
        log.debug(expensive(), metadata())
        log.verbose(expensive())
        #expect(evaluations.load(ordering: .relaxed) == 0)
        log.warning(expensive(), metadata())
        #expect(evaluations.load(ordering: .relaxed) == 2)
        #expect(ring.records.map(\.message) == ["built"])
    }

    @Test(.enabled(if: AllocationCounter.isActive, "allocation counting is off under sanitizers"))
    func filteredOutCallAllocatesNothing() {
        var filter = LoggerFilter()
        filter.minimumLevel = .error
        let (logger, _) = makeLogger(filter: filter)
        let log = logger.category("GCKCastChannel")
        let value = 42
        log.debug("warm up \(value)")
        let allocations = AllocationCounter.count {
            for index in 0..<10_000 {
                log.debug("request \(index) took \(value) ms", ["cast.request_id": .int(Int64(index))])
            }
        }
        #expect(allocations == 0)
    }

    @Test func passingRecordCarriesCallSiteAndMetadata() throws {
        let (logger, ring) = makeLogger()
        let log = logger.category("GCKCastChannel")
        log.info("sent", ["cast.ns": "urn:x-cast:com.google.cast.receiver", "cast.request_id": 7])
        let record = try #require(ring.records.first)
        #expect(record.className == "GCKCastChannel")
        #expect(record.level == .info)
        #expect(record.function == "passingRecordCarriesCallSiteAndMetadata()")
        #expect(record.file == "CastLogTests/LoggerTests.swift")
        #expect(record.line > 0)
        #expect(record.metadata["cast.request_id"] == .int(7))
    }

    @Test func thresholdIsRecomputedOnlyWhenConfigurationChanges() {
        let (logger, _) = makeLogger()
        let log = logger.category("GCKSessionManager")
        let generation = logger.filterGeneration
        #expect(log.isEnabled(.verbose))
        for _ in 0..<100 { log.verbose("no reconfiguration") }
        #expect(logger.filterGeneration == generation)
        #expect(log.state.generation.load(ordering: .relaxed) == generation)
        var filter = LoggerFilter()
        filter.setLoggingLevel(.warning, forClasses: ["GCK*Manager"])
        logger.filter = filter
        #expect(logger.filterGeneration == generation + 1)
        #expect(log.state.generation.load(ordering: .relaxed) == generation + 1)
        #expect(!log.isEnabled(.info))
        #expect(log.isEnabled(.warning))
    }

    @Test func handlesForOneClassShareTheirCache() {
        let (logger, _) = makeLogger()
        #expect(logger.category("A").state === logger.category("A").state)
    }

    @Test func nothingListeningMeansEveryCallIsDisabled() {
        let logger = Logger()
        #expect(!logger.category("GCKCastChannel").isEnabled(.assert))
        logger.loggingEnabled = true
        let ring = RingBufferSink(capacity: 1)
        logger.addSink(ring)
        #expect(logger.category("GCKCastChannel").isEnabled(.verbose))
        logger.loggingEnabled = false
        #expect(!logger.category("GCKCastChannel").isEnabled(.assert))
    }

    @Test func delegateReceivesGCKStyleCall() throws {
        let logger = Logger()
        let delegate = RecordingLogDelegate()
        logger.delegate = delegate
        logger.category("GCKDiscoveryManager").debug("found device", ["device.name": "Living Room"])
        let call = try #require(delegate.recorded.first)
        #expect(call.message == #"found device device.name="Living Room""#)
        #expect(call.level == .debug)
        #expect(call.function == "-[GCKDiscoveryManager delegateReceivesGCKStyleCall]")
        #expect(call.location.hasPrefix("LoggerTests.swift:"))
    }

    @Test func delegateIsHeldWeakly() {
        let logger = Logger()
        do {
            let delegate = RecordingLogDelegate()
            logger.delegate = delegate
            #expect(logger.delegate != nil)
        }
        #expect(logger.delegate == nil)
    }

    /// The codelab's `setupCastLogging()` ported: its eight classes at verbose, everything else filtered out.
    @Test func codelabSetupCastLoggingLogsItsEightClassesAtVerbose() {
        let logger = Logger()
        var logFilter = LoggerFilter()
        let classesToLog = [
            "GCKDeviceScanner", "GCKDeviceProvider", "GCKDiscoveryManager", "GCKCastChannel",
            "GCKMediaControlChannel", "GCKUICastButton", "GCKUIMediaController", "NSMutableDictionary",
        ]
        logFilter.setLoggingLevel(.verbose, forClasses: classesToLog)
        logger.filter = logFilter
        let delegate = RecordingLogDelegate()
        logger.delegate = delegate
        for name in classesToLog { logger.category(name).verbose("hello from \(name)") }
        logger.category("GCKSessionManager").error("not in the list")
        #expect(delegate.recorded.count == 8)
        #expect(delegate.recorded.allSatisfy { $0.level == .verbose })
    }

    @Test func functionRuleLetsVerboseRecordsOfOneFunctionThrough() {
        var filter = LoggerFilter()
        filter.minimumLevel = .warning
        filter.setLoggingLevel(.verbose, forFunctions: ["sessionManager*"])
        let (logger, ring) = makeLogger(filter: filter)
        let log = logger.category("GCKSessionManager")
        log.verbose("kept", function: "sessionManager(_:didStart:)")
        log.verbose("dropped", function: "endSession()")
        #expect(ring.records.map(\.message) == ["kept"])
    }

    @Test func asynchronousBlockModeDeliversEveryRecordInOrder() {
        let (logger, ring) = makeLogger()
        logger.delivery = .asynchronous(capacity: 4, overflow: .block)
        let log = logger.category("A")
        for index in 0..<50 { log.info("\(index)") }
        logger.flush()
        #expect(ring.records.suffix(50).map(\.message) == (0..<50).map(String.init))
    }

    @Test func asynchronousDropModeCountsDropsInTheNextRecord() {
        let logger = Logger()
        let gate = GateSink()
        let ring = RingBufferSink(capacity: 1000)
        logger.addSink(gate)
        logger.addSink(ring)
        logger.delivery = .asynchronous(capacity: 2, overflow: .drop)
        let log = logger.category("A")
        log.info("first")  // the worker takes it and blocks in the gate
        gate.waitUntilEntered()
        for index in 0..<10 { log.info("burst \(index)") }  // 2 fit, 8 dropped
        gate.open()
        logger.flush()
        log.info("after")
        logger.flush()
        let records = ring.records
        #expect(records.count == 4)
        #expect(records.last?.message == "after")
        #expect(records.last?.metadata["log.dropped"] == .int(8))
    }
}

/// A sink that holds the asynchronous worker until opened, to fill the queue deterministically.
private final class GateSink: LogSink {
    private let state = Mutex<(entered: Bool, open: Bool)>((false, false))

    func write(_ record: LogRecord) {
        state.withLock { $0.entered = true }
        while !state.withLock({ $0.open }) { sched_yield() }
    }

    func flush() {}
    func open() { state.withLock { $0.open = true } }
    func waitUntilEntered() { while !state.withLock({ $0.entered }) { sched_yield() } }
}

@Suite struct LogMessageTests {
    @Test func interpolationWritesLiteralsIntegersStringsAndValues() {
        let name = "Living Room"
        let message: LogMessage = "device \(name) at \(-12) \(UInt8(7)) \(2.5) \(true) \([1, 2])"
        #expect(message.string == "device Living Room at -12 7 2.5 true [1, 2]")
    }

    @Test func longMessagesSpillPastTheInlineBuffer() {
        let long = String(repeating: "é", count: 200)
        let message: LogMessage = "start \(long) \(Int64.min) end"
        #expect(message.string == "start \(long) \(Int64.min) end")
    }

    @Test func plainLiteralNeedsNoInterpolation() {
        #expect(("hello" as LogMessage).string == "hello")
        #expect(LogMessage("wrapped").description == "wrapped")
    }
}

@Suite struct LoggerEnvironmentTests {
    @Test func castscopeLogSetsTheFilter() throws {
        let logger = Logger()
        try logger.applyEnvironmentFilter(["CASTSCOPE_LOG": "warning,GCKUI*=verbose,GCK*Session=debug"])
        #expect(logger.filter?.effectiveLevel(forClass: "GCKUICastSession") == .debug)
        #expect(logger.filter?.effectiveLevel(forClass: "GCKCastChannel") == .warning)
    }

    @Test func malformedCastscopeLogChangesNothing() {
        let logger = Logger()
        #expect(throws: FilterFileError.self) { try logger.applyEnvironmentFilter(["CASTSCOPE_LOG": "loud"]) }
        #expect(logger.filter == nil)
    }

    @Test func unsetCastscopeLogLeavesTheFilterAlone() throws {
        let logger = Logger()
        try logger.applyEnvironmentFilter([:])
        #expect(logger.filter == nil)
    }
}

@Suite struct LoggerReconfigurationTests {
    @Test func reconfiguringWhileThreadsLogLosesNothingFromAStableSink() async {
        let logger = Logger()
        let ring = RingBufferSink(capacity: 100_000)
        logger.addSink(ring)
        let log = logger.category("GCKCastChannel")
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<2_000 { log.info("t\(thread) \(index)") }
                }
            }
            group.addTask {
                for round in 0..<200 {
                    var filter = LoggerFilter()
                    filter.setLoggingLevel(.verbose, forClasses: ["GCK*"])
                    filter.minimumLevel = round % 2 == 0 ? .verbose : .info
                    logger.filter = filter
                    logger.redactionEnabled = round % 3 != 0
                }
            }
        }
        logger.flush()
        #expect(ring.records.count == 8_000)
    }

    @Test func turningFileLoggingOffClosesTheFile() throws {
        let logger = Logger()
        let directory = NSTemporaryDirectory() + "castscope-close-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        logger.logFileDirectory = directory
        logger.fileLoggingEnabled = true
        logger.category("A").info("before")
        logger.fileLoggingEnabled = false
        logger.category("A").info("after")  // nothing listens: dropped by the threshold
        let text = try String(contentsOfFile: directory + "/castscope.log", encoding: .utf8)
        #expect(text.contains("before") && !text.contains("after"))
        let openFiles = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
        }
        #expect(!openFiles.contains(directory + "/castscope.log"))
    }
}
