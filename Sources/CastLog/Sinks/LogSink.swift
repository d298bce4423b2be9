/// A destination for records that passed the filter (console, rotating file, ring buffer, or your own).
///
/// `write` may be called from many threads at once; a sink serialises internally so records never interleave.
public protocol LogSink: AnyObject, Sendable {
    /// Takes one record.
    func write(_ record: LogRecord)
    /// Pushes buffered records to their destination.
    func flush()
}
