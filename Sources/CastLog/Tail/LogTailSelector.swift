/// Decides, line by line, what `castscope tail` shows from one file: parses the line (JSON lines or text format),
/// keeps records that pass the filter and `since`, and turns lines that are not records into raw entries, counted.
///
/// One selector per file, because a raw line is merged at the time of the record before it in the same file.
public struct LogTailSelector: Sendable {
    /// The filter records must pass (`LoggerFilter.allows(level:className:function:message:)`).
    public let filter: LoggerFilter
    /// Records before this time are left out; nil keeps all.
    public let since: LogTimestamp?
    /// What other programs' lines leave out of their times (year, zone).
    public let context: AppLogContext
    /// The one format lines are read in (`--format`), nil to recognise each line's.
    public var format: Format?

    /// A format `--format` can force.
    public enum Format: String, Sendable, CaseIterable {
        /// castscope's JSON lines and text format.
        case castscope
        /// iOS GCKLoggerDelegate lines, bare or behind NSLog's or idevicesyslog's prefix.
        case gck
        /// Apple's `log show`/`log stream` (default and compact styles), and what `gck` reads.
        case apple
        case logcat, chromium, python

        var appFormat: AppLogLine.Format? {
            switch self {
            case .castscope: nil
            case .gck: .gck
            case .apple: .apple
            case .logcat: .logcat
            case .chromium: .chromium
            case .python: .python
            }
        }
    }
    /// Lines seen that were not records and had no record before them (and overlong lines), shown or not.
    public private(set) var unparsedCount = 0
    /// Lines seen that were not records and continued the record before them, shown or not.
    public private(set) var continuationCount = 0
    private var lastRecordTime: LogTimestamp?
    /// `LoggerFilter.lowestThreshold(forClass:)` of the classes met (see `allows`).
    private var lowestThresholds: [String: UInt8] = [:]
    /// The last record read in the file, and whether it was shown: the lines after it that are not records are
    /// part of its message, and share its fate.
    private var lastRecord: (record: LogRecord, shown: Bool)?

    /// A selector applying `filter` and `since`; other programs' year-less and zone-less times follow `context`.
    public init(filter: LoggerFilter, since: LogTimestamp? = nil, context: AppLogContext = .current) {
        self.filter = filter
        self.since = since
        self.context = context
    }

    /// What one line is: a record with its own time, a record without one (it takes the time of the record before
    /// it), or not a record.
    public enum Reading: Sendable {
        case timed(LogRecord)
        case untimed(LogRecord)
        case raw(reason: String)
    }

    /// Reads `line` as castscope's formats, then as another program's (`AppLogLine`).
    public func read(_ line: String) -> Reading {
        var failure: LogLineParser.Failure?
        // castscope's parser runs first only on lines that could be its own (most of another program's lines
        // cannot, and skipping it halves their cost); on the others it runs last, for the reason a raw line gives.
        let ownFirst = format == .castscope || (format == nil && Self.mayBeCastscope(line))
        if ownFirst {
            switch LogLineParser.parse(line) {
            case .success(let record): return .timed(record)
            case .failure(let why): failure = why
            }
        }
        if format != .castscope,
           let app = AppLogLine.parse(Substring(line), context: context, only: format?.appFormat) {
            return app.timed ? .timed(app.record) : .untimed(app.record)
        }
        if format == nil, !ownFirst, case .failure(let why) = LogLineParser.parse(line) { failure = why }
        return .raw(reason: failure?.reason ?? "not a line of the \(format?.rawValue ?? "") format")
    }

    /// Whether `line` can be a castscope record: after spaces and tabs, a JSON object, an RFC 3339 time or date
    /// (four digits and a dash) followed by a word (the level), or colours in the first word (stripped before the
    /// time is read; colours later in the line cannot change the first word).
    static func mayBeCastscope(_ line: String) -> Bool {
        var line = line
        return line.withUTF8 { bytes in
            var index = 0
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            let start = index
            while index < bytes.count, bytes[index] != 0x20 {
                if bytes[index] == 0x1B { return true }
                index += 1
            }
            let word = bytes[start..<index]
            guard let first = word.first else { return false }
            if first == UInt8(ascii: "{") { return true }
            guard word.count >= 5, word.prefix(4).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  word[start + 4] == UInt8(ascii: "-") else { return false }
            // The level follows the time: a letter (or the colour before it) after the first run of spaces (NSLog's
            // and `log`'s clocks do not).
            while index < bytes.count, bytes[index] == 0x20 { index += 1 }
            guard index < bytes.count else { return true }
            let level = bytes[index]
            return level == 0x1B || (level | 0x20) >= UInt8(ascii: "a") && (level | 0x20) <= UInt8(ascii: "z")
        }
    }

    /// Whether `line` holds nothing but spaces, tabs and a CR, or is a format's column header or banner
    /// (`AppLogLine.isBanner`): nothing to show.
    static func isBlank(_ line: String) -> Bool {
        line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } || AppLogLine.isBanner(Substring(line))
    }

    /// A line that takes the time of the record before it: a line that is not a record, or a record without a time
    /// of its own (logcat's brief, Python's default format).
    public enum Pending: Sendable {
        case raw(line: String, reason: String)
        case record(LogRecord)
        /// A line that continues `record`, which waits for its time too (or had it: it is then settled again).
        case continuation(line: String, record: LogRecord)
    }

    /// The entry of `pending` once the record before it is known (`recordTime`; nil at the file's start): with
    /// `since`, shown only when that record is not older than it. The filter was applied when the line was read.
    func settle(_ pending: Pending, recordTime: LogTimestamp?) -> LogTailEntry? {
        if let since {
            guard let recordTime, recordTime >= since else { return nil }
        }
        switch pending {
        case .raw(let line, let reason):
            return LogTailEntry(.unparsed(line: line, reason: reason), time: recordTime ?? LogTailEntry.earliestTime)
        case .record(var record):
            record.timestamp = recordTime ?? AppLogLine.untimed
            return LogTailEntry(record: record)
        case .continuation(let line, var record):
            record.timestamp = recordTime ?? AppLogLine.untimed
            return LogTailEntry(.continuation(line: line, record: record), time: record.timestamp)
        }
    }

    /// The entry of a line that continues `record` (read with `shown` as its fate): shown with it, when the line
    /// passes the message patterns.
    func continuation(_ line: String, of record: LogRecord, shown: Bool) -> LogTailEntry? {
        guard shown, filter.allowsMessage(line) else { return nil }
        return LogTailEntry(.continuation(line: line, record: record), time: record.timestamp)
    }

    /// Whether `record` passes the filter. Most records of a verbose log do not: the lowest level any record of
    /// their class could pass is remembered per class, so they are turned away without matching the class and
    /// function globs again.
    mutating func allows(_ record: LogRecord) -> Bool {
        let lowest: UInt8
        if let known = lowestThresholds[record.className] {
            lowest = known
        } else {
            lowest = filter.lowestThreshold(forClass: record.className)
            if lowestThresholds.count >= Self.maximumRememberedClasses {
                lowestThresholds.removeAll(keepingCapacity: true)
            }
            lowestThresholds[record.className] = lowest
        }
        guard record.level != .none, record.level.threshold >= lowest else { return false }
        return filter.allows(level: record.level, className: record.className, function: record.function,
                             message: record.message)
    }

    /// Classes whose lowest passing level is remembered (then forgotten and learnt again).
    static let maximumRememberedClasses = 4096

    /// The entry to show for `line`, or nil when it is blank or filtered out.
    ///
    /// A line that is not a record is shown raw whatever the level and class rules say, so nothing unexpected
    /// hides; message patterns (`--grep`) apply to the whole raw line, and with `since` it is shown only when the
    /// record before it in the file is not older than `since`.
    public mutating func entry(for line: String) -> LogTailEntry? {
        if Self.isBlank(line) { return nil }
        switch read(line) {
        case .timed(let record):
            lastRecordTime = record.timestamp
            let shown = (since.map { record.timestamp >= $0 } ?? true) && allows(record)
            lastRecord = (record, shown)
            return shown ? LogTailEntry(record: record) : nil
        case .untimed(let record):
            let entry = allows(record) ? settle(.record(record), recordTime: lastRecordTime) : nil
            var settled = record
            settled.timestamp = entry?.time ?? lastRecordTime ?? AppLogLine.untimed
            lastRecord = (settled, entry != nil)
            return entry
        case .raw(let reason):
            if let (record, shown) = lastRecord {
                continuationCount += 1
                return continuation(line, of: record, shown: shown)
            }
            unparsedCount += 1
            guard filter.allowsMessage(line) else { return nil }
            return settle(.raw(line: line, reason: reason), recordTime: lastRecordTime)
        }
    }

    /// Counts a line that was too long to be read as a record.
    public mutating func noteOverlongLine() {
        unparsedCount += 1
    }

    /// Continues after `backward` read the file's end: its counts, the time raw lines appended later take, and the
    /// record they continue.
    public mutating func resume(after backward: LogTailBackwardSelection) {
        unparsedCount += backward.unparsedCount
        continuationCount += backward.continuationCount
        if let time = backward.newestRecordTime { lastRecordTime = time }
        if let newest = backward.newestRecord { lastRecord = newest }
    }

    /// Parses a `--since` value: an RFC 3339 time or date (`2026-11-30T05:00:00Z`, `2026-11-30`), or a duration
    /// meaning that long before `now`: a number with `ms`, `s`, `m`, `h` or `d`, or plain seconds (`10m`, `1.5h`).
    public static func parseSince(_ text: String, now: LogTimestamp) -> LogTimestamp? {
        if let time = LogTimestamp(rfc3339: text) { return time }
        guard let microseconds = durationMicroseconds(text) else { return nil }
        let total = now.seconds * 1_000_000 + Int64(now.microseconds) - microseconds
        let seconds = total >= 0 ? total / 1_000_000 : (total - 999_999) / 1_000_000
        return LogTimestamp(seconds: seconds, microseconds: Int32(total - seconds * 1_000_000))
    }

    /// A duration in microseconds, limited to about 30 years so the arithmetic cannot overflow.
    private static func durationMicroseconds(_ text: String) -> Int64? {
        let units: [(suffix: String, microseconds: Int64)] = [
            ("ms", 1_000), ("s", 1_000_000), ("m", 60_000_000), ("h", 3_600_000_000), ("d", 86_400_000_000),
        ]
        var number = Substring(text)
        var unit: Int64 = 1_000_000
        if let match = units.first(where: { text.hasSuffix($0.suffix) }) {
            number = number.dropLast(match.suffix.count)
            unit = match.microseconds
        }
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let wholeText = parts.first, !wholeText.isEmpty, wholeText.count <= 10,
            wholeText.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let whole = Int64(wholeText)
        else { return nil }
        let (product, overflow) = whole.multipliedReportingOverflow(by: unit)
        guard !overflow else { return nil }
        var total = product
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            var scale = unit
            for digit in fraction.utf8.prefix(12) {
                scale /= 10
                total += Int64(digit - 0x30) * scale
            }
        }
        guard total <= 1_000_000_000 * 1_000_000 else { return nil }
        return total
    }
}
