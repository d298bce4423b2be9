import CastLog
import CastTestSupport
import Foundation

/// One measured figure and the allocations per call seen while measuring it.
struct Measurement {
    var value: Double
    var allocationsPerCall: Double
}

/// The four logger figures of issue 2, measured on castscope's logger.
struct LoggerBenchmarks {
    let directory: String
    let records: Int
    let disabledCalls: Int

    /// ns per call of a debug record on a class filtered to error.
    func disabledCall() -> Measurement {
        let logger = Logger()
        logger.addSink(RingBufferSink(capacity: 1))
        var filter = LoggerFilter()
        filter.minimumLevel = .error
        logger.filter = filter
        let log = logger.category("GCKCastChannel")
        let start = DispatchTime.now().uptimeNanoseconds
        let allocations = AllocationCounter.count {
            for index in 0..<disabledCalls { log.debug("request \(index) took \(42) ms") }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        return Measurement(value: elapsed / Double(disabledCalls), allocationsPerCall: Double(allocations) / Double(disabledCalls))
    }

    /// Records per second written to a rotating file (no rotation happens: the file is large enough).
    func fileRecords(format: LogFormat) -> Measurement {
        let path = directory + "/castscope-\(format.rawValue).log"
        try? FileManager.default.removeItem(atPath: path)
        guard let sink = try? RotatingFileSink(path: path, maxFileSize: 1 << 40, maxFileCount: 2, format: format) else {
            return Measurement(value: .nan, allocationsPerCall: .nan)
        }
        let logger = Logger()
        logger.addSink(sink)
        let log = logger.category("GCKCastChannel")
        let start = DispatchTime.now().uptimeNanoseconds
        let allocations = AllocationCounter.count {
            for index in 0..<records { log.info("request \(index) took \(42) ms") }
            sink.flush()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Measurement(value: Double(records) / seconds, allocationsPerCall: Double(allocations) / Double(records))
    }

    /// Records per second from 8 threads into one text file, and whether each record is there exactly once.
    func eightThreads() -> (value: Double, everyRecordOnce: Bool) {
        let path = directory + "/castscope-threads.log"
        try? FileManager.default.removeItem(atPath: path)
        guard let sink = try? RotatingFileSink(path: path, maxFileSize: 1 << 40, maxFileCount: 2, format: .text) else {
            return (.nan, false)
        }
        let logger = Logger()
        logger.addSink(sink)
        let log = logger.category("GCKCastChannel")
        let perThread = records / 8
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<perThread { log.info("request \(index) took \(thread) ms") }
        }
        sink.flush()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (Double(perThread * 8) / seconds, verify(path: path, perThread: perThread))
    }

    private func verify(path: String, perThread: Int) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        var seen = [[Bool]](repeating: [Bool](repeating: false, count: perThread), count: 8)
        var count = 0
        for line in data.split(separator: UInt8(ascii: "\n")) {
            // "… request I took T ms"
            let words = line.split(separator: UInt8(ascii: " "))
            guard words.count >= 4, let index = Int(String(decoding: words[words.count - 4], as: UTF8.self)),
                let thread = Int(String(decoding: words[words.count - 2], as: UTF8.self)),
                (0..<8).contains(thread), (0..<perThread).contains(index), !seen[thread][index]
            else { return false }
            seen[thread][index] = true
            count += 1
        }
        return count == perThread * 8
    }
}
