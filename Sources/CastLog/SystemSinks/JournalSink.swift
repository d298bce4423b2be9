import Synchronization

/// Sends each record to systemd-journald over its native protocol: one datagram per record, or a sealed memfd for
/// a record too large for one (as `sd_journal_send` does). Never blocks: a journal that is absent or full drops the
/// record, counted and said once on stderr.
public final class JournalSink: LogSink {
    /// journald's socket on a systemd machine.
    public static let defaultSocketPath = "/run/systemd/journal/socket"

    /// The socket records go to.
    public let socketPath: String
    private let identifier: String
    private let socket: LogSocket
    private let dropped: DroppedRecords
    private let names = Mutex(JournalFieldNames())

    /// A sink for the journal at `socketPath`, records tagged `SYSLOG_IDENTIFIER=identifier`.
    public init(socketPath: String = JournalSink.defaultSocketPath, identifier: String = "castscope")
        throws(LogSocketError)
    {
        self.socketPath = socketPath
        self.identifier = identifier
        socket = try LogSocket.unixDatagram()
        dropped = DroppedRecords(target: "journal:\(socketPath)")
    }

    /// Records that could not be delivered.
    public var droppedCount: Int { dropped.count }

    public func write(_ record: LogRecord) {
        let entry = names.withLock { JournalEntry(record, identifier: identifier, names: &$0) }
        do throws(LogSocketError) {
            do throws(LogSocketError) {
                try socket.sendDatagram(entry.bytes, to: socketPath)
            } catch where LogSocket.isTooLarge(error) {
                try socket.sendSealedMemory(entry.bytes, to: socketPath)
            }
        } catch {
            dropped.drop(cause: error.description)
        }
    }

    /// The journal field a metadata key becomes (`cast.request_id` → `CAST_REQUEST_ID`); a name already taken in
    /// a record gets `_2`, `_3`….
    public static func fieldName(for key: String) -> String {
        var names = JournalFieldNames()
        return names.name(for: key)
    }

    /// The journal `PRIORITY` (a syslog severity) of a GCK level: verbose and debug 7, info 6, warning 4, error 3,
    /// assert 2.
    public static func priority(_ level: LogLevel) -> Int { JournalEntry.priority(level) }

    /// Datagrams are sent as written; nothing is buffered.
    public func flush() {}
}
