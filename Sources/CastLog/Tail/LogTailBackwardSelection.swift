/// `tail -n N` read from the end of a file: lines arrive newest first, and this keeps what the forward selection
/// (`LogTailSelector`) would show among the file's last N entries, so a 1 GB log costs what its last screen costs.
///
/// A line that is not a record continues the record before it in the file (or, at the file's start, stands alone),
/// and takes its time; a backward read meets that record only later: such lines wait (at most as many as could
/// still be shown) until the record, and the timed record before an untimed one, or the file's start decide whether
/// and when they are shown. With `since`, reading stops at the first record older than it (a log file is written
/// in time order).
public struct LogTailBackwardSelection: Sendable {
    /// How many entries are wanted.
    public let wanted: Int
    /// The filter and `since` of the forward selection.
    public private(set) var selector: LogTailSelector
    /// Lines met that were not records and had no record before them.
    public private(set) var unparsedCount = 0
    /// Lines met that were not records and continued the record before them.
    public private(set) var continuationCount = 0
    /// The time of the newest record met, for the forward selection that follows the file afterwards.
    public private(set) var newestRecordTime: LogTimestamp?
    /// The newest record (its time settled) and whether it was shown: lines appended later continue it.
    public private(set) var newestRecord: (record: LogRecord, shown: Bool)?
    /// The newest record when it had no time of its own (its time and fate wait for the timed record before it).
    private var newestUntimed: (record: LogRecord, allowed: Bool)?
    private var newestFirst: [LogTailEntry] = []
    /// Lines that wait for the time of the record before them, newest first.
    private var waiting: [LogTailSelector.Pending] = []
    /// Lines that are not records met since the last record, newest first (those passing the message patterns,
    /// as many as could still be shown), and how many were met in all: the record met next decides what they are.
    private var unresolved: [(line: String, reason: String)] = []
    private var unresolvedCount = 0
    private var reachedSince = false

    /// A selection of `wanted` entries under `selector`'s filter and `since`.
    public init(wanted: Int, selector: LogTailSelector) {
        self.wanted = wanted
        self.selector = selector
    }

    /// Whether reading further back can change nothing: enough entries, or `since` passed.
    public var isSatisfied: Bool { newestFirst.count >= wanted || reachedSince }

    /// Takes the next line back; returns whether more lines are wanted.
    public mutating func take(_ line: String) -> Bool {
        guard !isSatisfied else { return false }
        if LogTailSelector.isBlank(line) { return true }
        switch selector.read(line) {
        case .timed(let record):
            if newestRecordTime == nil { newestRecordTime = record.timestamp }
            settleWaiting(recordTime: record.timestamp)
            let shown = (selector.since.map { record.timestamp >= $0 } ?? true) && selector.allows(record)
            if newestRecord == nil { newestRecord = (record, shown) }
            for pending in resolve(continuing: record, shown: shown) {
                if let entry = selector.settle(pending, recordTime: record.timestamp) { newestFirst.append(entry) }
            }
            if let since = selector.since, record.timestamp < since {
                reachedSince = true
                return false
            }
            if shown { newestFirst.append(LogTailEntry(record: record)) }
        case .untimed(let record):
            let allowed = selector.allows(record)
            if newestRecord == nil, newestUntimed == nil { newestUntimed = (record, allowed) }
            waiting += resolve(continuing: record, shown: allowed)
            // Only as many waiting lines as could still be shown are kept; older ones could never be.
            if allowed, newestFirst.count + waiting.count < wanted { waiting.append(.record(record)) }
        case .raw(let reason):
            unresolvedCount += 1
            if selector.filter.allowsMessage(line), newestFirst.count + waiting.count + unresolved.count < wanted {
                unresolved.append((line, reason))
            }
        }
        return !isSatisfied
    }

    /// The file's start was reached: waiting lines have no record before them, and the lines before the first
    /// record stand alone.
    public mutating func finish() {
        settleWaiting(recordTime: nil)
        unparsedCount += unresolvedCount
        for (line, reason) in unresolved {
            guard let entry = selector.settle(.raw(line: line, reason: reason), recordTime: nil) else { continue }
            newestFirst.append(entry)
        }
        unresolved.removeAll()
        unresolvedCount = 0
    }

    /// The lines met since the last record, as lines continuing `record` (nothing when it is not shown: they share
    /// its fate), newest first.
    private mutating func resolve(continuing record: LogRecord, shown: Bool) -> [LogTailSelector.Pending] {
        continuationCount += unresolvedCount
        defer {
            unresolved.removeAll()
            unresolvedCount = 0
        }
        guard shown else { return [] }
        return unresolved.map { .continuation(line: $0.line, record: record) }
    }

    /// The entries, oldest first: what the forward selection would show as the file's last `wanted`.
    public var entries: [LogTailEntry] { Array(newestFirst.prefix(wanted).reversed()) }

    /// Lines waiting for the record before them get its time (the file's start: none), as the forward selection
    /// settles them.
    private mutating func settleWaiting(recordTime: LogTimestamp?) {
        for item in waiting {
            if let entry = selector.settle(item, recordTime: recordTime) { newestFirst.append(entry) }
        }
        waiting.removeAll()
        if newestRecord == nil, let (record, allowed) = newestUntimed {
            var settled = record
            settled.timestamp = recordTime ?? AppLogLine.untimed
            let inWindow = selector.since.map { since in recordTime.map { $0 >= since } ?? false } ?? true
            newestRecord = (settled, allowed && inWindow)
        }
    }
}
