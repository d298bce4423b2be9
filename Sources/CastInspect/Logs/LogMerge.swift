/// `inspect --log`: castscope's JSON-lines logs merged into the inspector's events by time (`LogTimeline`), with
/// the log totals added to the summary at the end. Lines that are not records are said (the first
/// `reportedBadLines` per file, then a count) through `notice`.
public final class LogMerge {
    /// A `--log` file that cannot be opened.
    public struct Unreadable: Error, CustomStringConvertible, Sendable {
        /// The path given.
        public let path: String
        public var description: String { "cannot read log \(path)" }
    }

    /// Bad lines reported per file before only counting them.
    public static let reportedBadLines = 10

    private let timeline: LogTimeline
    private let readers: [LogFileReader]
    private let notice: (String) -> Void

    /// Opens every log in `paths` (times shifted by `offset` seconds); merged events go to `sink`.
    public init(paths: [String], offset: Double, notice: @escaping (String) -> Void,
                sink: @escaping (InspectEvent) -> Void) throws(Unreadable) {
        var readers: [LogFileReader] = []
        for path in paths {
            var reported = 0
            guard let reader = LogFileReader(path: path, offset: offset, onBadLine: { bad in
                reported += 1
                if reported <= Self.reportedBadLines { notice("castscope: \(bad): not a log record, skipped") }
            }) else {
                throw Unreadable(path: path)
            }
            readers.append(reader)
        }
        self.readers = readers
        self.notice = notice
        timeline = LogTimeline(readers: readers, sink: sink)
    }

    /// Takes one inspector event.
    public func add(_ event: InspectEvent) { timeline.add(event) }

    /// Merges the rest of the logs and adds the log counts to `summary`.
    public func finish(_ summary: inout InspectSummary) {
        timeline.finish()
        summary.logFiles = readers.count
        summary.logRecords = timeline.logRecords
        summary.linkedLogRecords = timeline.linkedRecords
        summary.badLogLines = readers.reduce(0) { $0 + $1.badLines }
        for reader in readers where reader.badLines > Self.reportedBadLines {
            notice("castscope: \(reader.path): \(reader.badLines - Self.reportedBadLines) more lines were not log records")
        }
    }
}
