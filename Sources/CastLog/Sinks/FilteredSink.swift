/// A sink with a filter of its own: the console can show warnings while a file beside it records every debug
/// record (the logger's filter must then let through what either wants).
public final class FilteredSink: LogSink {
    /// What reaches `base`.
    public let filter: LoggerFilter
    /// Where passing records go.
    public let base: any LogSink

    /// Records that `filter` allows go to `base`.
    public init(_ base: any LogSink, filter: LoggerFilter) {
        self.base = base
        self.filter = filter
    }

    /// Hands `record` on when the filter allows it.
    public func write(_ record: LogRecord) {
        guard filter.allows(level: record.level, className: record.className, function: record.function,
                            message: record.message) else { return }
        base.write(record)
    }

    /// Flushes `base`.
    public func flush() { base.flush() }
}
