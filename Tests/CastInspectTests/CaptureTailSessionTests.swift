import CastInspect
import CastLog
import CastTestSupport
import Foundation
import Testing

/// `tail --capture` as a library: log records and a capture's Cast messages merged in time order.
@Suite struct CaptureTailSessionTests {
    private let directories = TemporaryDirectories()
    private static let capture = PcapBuilder.capturesDirectory + "/cast-tls13-aes128.pcap"
    private static let keys = PcapBuilder.capturesDirectory + "/cast-tls13-aes128.keys"

    /// The capture's Cast message times, from the inspector itself.
    private static func messageTimes() throws -> [LogTimestamp] {
        var options = InspectOptions()
        options.keyLog.add(text: try String(contentsOfFile: keys, encoding: .utf8))
        nonisolated(unsafe) var times: [LogTimestamp] = []
        let inspector = Inspector(options: options) { event in
            if case .cast(let record) = event { times.append(record.time) }
        }
        #expect(CaptureRun.feed(files: [capture], into: inspector, lax: false) == nil)
        _ = inspector.finish()
        return times
    }

    private static func record(_ time: LogTimestamp, _ message: String) -> String {
        #"{"ts":"\#(time.rfc3339)","level":"INFO","class":"GCKCastSession","function":"f","file":"F.swift","line":1,"msg":"\#(message)"}"#
    }

    @Test func recordsAndCastMessagesComeOutInTimeOrderAndTheLineCountHolds() throws {
        let times = try Self.messageTimes()
        try #require(times.count == 14)
        let between = LogTimestamp(seconds: times[5].seconds, microseconds: times[5].microseconds + 1)
        let log = directories.make("tail") + "/castscope.log"
        try (Self.record(between, "between five and six") + "\n").write(toFile: log, atomically: true, encoding: .utf8)

        var session = CaptureTailSession(
            paths: [log], follow: false, lineCount: 100, selector: LogTailSelector(filter: LoggerFilter()),
            printer: LogTailPrinter(format: .text, colored: false))
        var output = ""
        let problems = session.readInitial(capture: Self.capture, keyLogs: [try String(contentsOfFile: Self.keys, encoding: .utf8)]) {
            output += String(decoding: $0.output, as: UTF8.self)
        }
        #expect(problems.failures.isEmpty && problems.warnings.isEmpty, "\(problems)")
        let lines = output.split(separator: "\n")
        let recordLine = try #require(lines.firstIndex { $0.contains("between five and six") })
        #expect(lines.count >= 15, "\(output)")
        #expect(recordLine == 6, "six Cast messages come before the record:\n\(output)")

        var short = CaptureTailSession(
            paths: [log], follow: false, lineCount: 3, selector: LogTailSelector(filter: LoggerFilter()),
            printer: LogTailPrinter(format: .text, colored: false))
        var last = ""
        _ = short.readInitial(capture: Self.capture, keyLogs: [try String(contentsOfFile: Self.keys, encoding: .utf8)]) {
            last += String(decoding: $0.output, as: UTF8.self)
        }
        #expect(!last.contains("between five and six"), "the last three entries are Cast messages:\n\(last)")
    }

    @Test func aCaptureThatCannotBeOpenedFailsBeforeAnythingIsShown() throws {
        let log = directories.make("tail") + "/castscope.log"
        try "".write(toFile: log, atomically: true, encoding: .utf8)
        var session = CaptureTailSession(
            paths: [log], follow: false, lineCount: 10, selector: LogTailSelector(filter: LoggerFilter()),
            printer: LogTailPrinter(format: .text, colored: false))
        var emitted = 0
        let problems = session.readInitial(capture: "/nonexistent/x.pcap", keyLogs: []) { _ in emitted += 1 }
        #expect(problems.failures.count == 1 && problems.failures[0].contains("/nonexistent/x.pcap"), "\(problems)")
        #expect(emitted == 0)
    }
}
