/// One thing `castscope tail` shows: a parsed record, or a line that is not a record, shown raw.
public struct LogTailEntry: Sendable, Hashable {
    /// What was read.
    public enum Content: Sendable, Hashable {
        /// A line that parsed as a record.
        case record(LogRecord)
        /// A line that did not parse and has no record before it in its file, kept as it was (without its
        /// newline), with the parser's reason.
        case unparsed(line: String, reason: String)
        /// A line that did not parse after a record: part of that record's message (a traceback, pretty-printed
        /// JSON, an NSLog dictionary), shown with the record, kept as it was.
        case continuation(line: String, record: LogRecord)
    }

    /// The record or raw line.
    public var content: Content
    /// The time used to merge files: the record's time, or for a raw line the time of the record before it in the
    /// same file (the earliest time when there is none), so it stays next to its neighbour.
    public var time: LogTimestamp

    /// An entry for `content` merged at `time`.
    public init(_ content: Content, time: LogTimestamp) {
        self.content = content
        self.time = time
    }

    /// An entry for a record, merged at the record's time.
    public init(record: LogRecord) {
        self.init(.record(record), time: record.timestamp)
    }

    /// The earliest time, given to raw lines that come before any record.
    public static let earliestTime = LogTimestamp(seconds: .min, microseconds: 0)

    /// For a line continuing a record, what JSON output writes for it: a record of that record's time, level,
    /// class and function whose message is the line, marked `continuation` (and with the record's `format`).
    public var continuationRecord: LogRecord? {
        guard case .continuation(let line, let record) = content else { return nil }
        var metadata: LogMetadata = ["continuation": .bool(true)]
        if let format = record.metadata["format"] { metadata.append("format", format) }
        return LogRecord(timestamp: record.timestamp, level: record.level, className: record.className,
                         function: record.function, file: "", line: 0, message: line, metadata: metadata)
    }

    /// The record, when this is one.
    public var record: LogRecord? {
        if case .record(let record) = content { return record }
        return nil
    }
}
