/// `tail -n N` read from the end of a file: lines arrive newest first, and this keeps what the forward selection
/// (`LogTailSelector`) would show among the file's last N entries, so a 1 GB log costs what its last screen costs.
///
/// A line that is not a record takes the time of the record before it in the file, which a backward read meets
/// only later: such lines wait (at most as many as could still be shown) until that record or the file's start
/// decides their time and, with `since`, whether they are shown. With `since`, reading stops at the first record
/// older than it (a log file is written in time order).
public struct LogTailBackwardSelection: Sendable {
    /// How many entries are wanted.
    public let wanted: Int
    /// The filter and `since` of the forward selection.
    public let selector: LogTailSelector
    /// Lines met that were not records.
    public private(set) var unparsedCount = 0
    /// The time of the newest record met, for the forward selection that follows the file afterwards.
    public private(set) var newestRecordTime: LogTimestamp?
    private var newestFirst: [LogTailEntry] = []
    /// Lines that wait for the time of the record before them, newest first.
    private var waiting: [LogTailSelector.Pending] = []
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
            if let since = selector.since, record.timestamp < since {
                reachedSince = true
                return false
            }
            if selector.allows(record) { newestFirst.append(LogTailEntry(record: record)) }
        case .untimed(let record):
            // Only as many waiting lines as could still be shown are kept; older ones could never be.
            if selector.allows(record), newestFirst.count + waiting.count < wanted { waiting.append(.record(record)) }
        case .raw(let reason):
            unparsedCount += 1
            if selector.filter.allowsMessage(line), newestFirst.count + waiting.count < wanted {
                waiting.append(.raw(line: line, reason: reason))
            }
        }
        return !isSatisfied
    }

    /// The file's start was reached: waiting lines have no record before them.
    public mutating func finish() {
        settleWaiting(recordTime: nil)
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
    }
}
