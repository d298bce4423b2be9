/// Lines other programs write, read as records so `tail`'s class filters apply to them: Android logcat, Chromium,
/// Python logging, Apple's `log show`/`log stream` and iOS senders' GCKLoggerDelegate output (one file per format
/// family beside this one). castscope's own formats are tried first (`LogLineParser`).
public enum AppLogLine {
    /// The formats read, by the name `--output json` gives in `format`.
    public enum Format: String, Sendable, CaseIterable {
        case logcat, chromium, python, apple, gck
    }

    /// The time a record without one carries until `tail` gives it the time of the record before it, and keeps when
    /// there is none (the Unix epoch: a real time, plainly not the record's).
    public static let untimed = LogTimestamp(seconds: 0, microseconds: 0)

    /// Whether `line` is a column header or a banner a format prints between records (`log`'s headers and predicate
    /// note, logcat's `--------- beginning of main`): not a record, and nothing to show.
    public static func isBanner(_ line: Substring) -> Bool {
        // The first byte rules out nearly every line before a prefix is compared.
        switch line.utf8.first {
        case UInt8(ascii: "T"), UInt8(ascii: "F"): AppleLogLine.isHeader(line)
        case UInt8(ascii: "-"): LogcatLine.isBanner(line)
        default: false
        }
    }

    /// The record of `line` in the first format that reads it, and whether the line carried a time (logcat's
    /// `brief` and Python's default format do not: such a record takes the time of the record before it).
    public static func parse(_ line: Substring, context: AppLogContext, only format: Format? = nil)
        -> (record: LogRecord, timed: Bool)?
    {
        guard line.utf8.count <= LogLineParser.maximumLineLength, let first = line.utf8.first else { return nil }
        // One copy of the line's bytes for every format tried (each parser starts from this scanner).
        let bytes = LineScanner(line)
        switch format {
        case .logcat?: return LogcatLine.parse(line, bytes, context: context)
        case .chromium?: return ChromiumLogLine.parse(line, context: context)
        case .python?: return PythonLogLine.parse(line, bytes, context: context)
        case .apple?:
            return AppleLogLine.parse(line, bytes, context: context) ?? GCKLogLine.parse(line, bytes, context: context)
        case .gck?: return GCKLogLine.parse(line, bytes, context: context)
        case nil: break
        }
        if first == UInt8(ascii: "[") {
            return ChromiumLogLine.parse(line, context: context) ?? LogcatLine.parse(line, bytes, context: context)
        }
        if first >= 0x30, first <= 0x39 {
            return LogcatLine.parse(line, bytes, context: context) ?? PythonLogLine.parse(line, bytes, context: context)
                ?? AppleLogLine.parse(line, bytes, context: context) ?? GCKLogLine.parse(line, bytes, context: context)
        }
        return PythonLogLine.parse(line, bytes, context: context) ?? LogcatLine.parse(line, bytes, context: context)
            ?? GCKLogLine.parse(line, bytes, context: context)
    }
}
