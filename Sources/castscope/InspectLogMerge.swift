import CastCLI
import CastInspect
import Foundation

/// `inspect --log FILE… [--log-offset SECONDS]`: merges castscope's JSON-lines logs into the inspector's events
/// through a `LogTimeline`. Glue only; nil from `make` when no `--log` is given.
final class InspectLogMerge {
    private let timeline: LogTimeline
    private let readers: [LogFileReader]
    private let io: any CommandOutput
    /// Bad lines reported per file before only counting them.
    static let reportedBadLines = 10

    private init(timeline: LogTimeline, readers: [LogFileReader], io: any CommandOutput) {
        self.timeline = timeline
        self.readers = readers
        self.io = io
    }

    /// The merge for the invocation's `--log` files, or nil when there are none; `sink` gets the merged events.
    static func make(_ invocation: Invocation, _ io: any CommandOutput,
                     sink: @escaping (InspectEvent) -> Void) throws -> InspectLogMerge? {
        let paths = invocation.options("log")
        let offset = try invocation.value("log-offset", expected: "expected seconds, e.g. 0.25 or -3600") { text in
            Double(text).flatMap { $0.isFinite && abs($0) < 1e9 ? $0 : nil }
        } ?? 0
        guard !paths.isEmpty else {
            if invocation.isGiven("log-offset") { throw CommandLineError.validation("--log-offset needs --log") }
            return nil
        }
        var readers: [LogFileReader] = []
        for path in paths {
            var reported = 0
            guard let reader = LogFileReader(path: path, offset: offset, onBadLine: { bad in
                reported += 1
                if reported <= reportedBadLines { io.printError("castscope: \(bad): not a log record, skipped") }
            }) else {
                throw CommandFailure("cannot read log \(path)")
            }
            readers.append(reader)
        }
        return InspectLogMerge(timeline: LogTimeline(readers: readers, sink: sink), readers: readers, io: io)
    }

    /// Takes one inspector event.
    func add(_ event: InspectEvent) { timeline.add(event) }

    /// Merges the rest of the logs and adds the log counts to `summary`.
    func finish(_ summary: inout InspectSummary) {
        timeline.finish()
        summary.logFiles = readers.count
        summary.logRecords = timeline.logRecords
        summary.linkedLogRecords = timeline.linkedRecords
        summary.badLogLines = readers.reduce(0) { $0 + $1.badLines }
        for reader in readers where reader.badLines > Self.reportedBadLines {
            io.printError("castscope: \(reader.path): \(reader.badLines - Self.reportedBadLines) more lines were not "
                          + "log records")
        }
    }
}
