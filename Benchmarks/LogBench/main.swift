// `make bench-log`: castscope's logger and spdlog doing the same work, side by side in one run.
// Usage: LogBench --peer SPDLOG_BENCH [--records N] [--disabled-calls N] [--repeats N] [--dir DIR]
import CastLog
import CastTestSupport
import Foundation

let options = BenchOptions(CommandLine.arguments)
let directory = options.directory
try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)

var ours = LoggerBenchmarks(directory: directory, records: options.records, disabledCalls: options.disabledCalls)
var figures: [String: Double] = [:]
var allocations: [String: Double] = [:]
for _ in 0..<options.repeats {
    let disabled = ours.disabledCall()
    figures["disabled_ns", default: .infinity] = min(figures["disabled_ns", default: .infinity], disabled.value)
    allocations["disabled_ns"] = disabled.allocationsPerCall
    for format in [LogFormat.text, .jsonLines] {
        let name = format == .text ? "text_records_per_s" : "json_records_per_s"
        let result = ours.fileRecords(format: format)
        figures[name] = max(figures[name] ?? 0, result.value)
        allocations[name] = result.allocationsPerCall
    }
    let threads = ours.eightThreads()
    figures["threads8_records_per_s"] = max(figures["threads8_records_per_s"] ?? 0, threads.value)
    guard threads.everyRecordOnce else {
        print("FAILED: 8-thread run lost or duplicated records")
        exit(1)
    }
}

let peer = PeerRunner.run(
    options.peer, arguments: [directory, String(options.records), String(options.disabledCalls), String(options.repeats)])
guard let spdlog = peer else {
    print("FAILED: could not run the spdlog peer at \(options.peer)")
    exit(1)
}

print("figure                    castscope        spdlog   allocs/call (castscope)")
let rows: [(name: String, peerName: String)] = [
    ("disabled_ns", "disabled_ns"), ("text_records_per_s", "text_records_per_s"),
    // The JSON goal is measured against spdlog's text rate (spdlog has no JSON-lines sink).
    ("json_records_per_s", "text_records_per_s"), ("threads8_records_per_s", "threads8_records_per_s"),
]
for row in rows {
    let mine = figures[row.name] ?? .nan
    let theirs = spdlog[row.peerName] ?? .nan
    let allocs = allocations[row.name].map { String(format: "%.2f", $0) } ?? "-"
    print(String(format: "%-24@ %12.2f %13.2f   %@", row.name as NSString, mine, theirs, allocs as NSString))
}
print("8-thread run: every record present exactly once")
for row in rows {
    let ratio = (figures[row.name] ?? .nan) / (spdlog[row.peerName] ?? .nan)
    print(String(format: "ratio %@ castscope/spdlog = %.3f", row.name as NSString, ratio))
}
