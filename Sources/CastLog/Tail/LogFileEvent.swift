/// What one poll of a `LogFileFollower` found: complete lines and changes to the file behind the path.
public enum LogFileEvent: Sendable, Hashable {
    /// A complete line, without its `\n` (and without a `\r` before it); bytes that are not UTF-8 become U+FFFD.
    case line(String)
    /// A line longer than the follower's maximum: its first `byteCount` bytes were dropped and the rest of it will
    /// be skipped without being kept, so one runaway line cannot exhaust memory.
    case overlongLine(byteCount: Int)
    /// The path does not exist (yet); reported once until it appears.
    case missing
    /// The path exists again after being reported missing or gone, and is read from its start.
    case appeared
    /// The path now names a different file (rotation by rename): the old file was read to its end first and the
    /// new one is read from its start.
    case replaced
    /// The file shrank below what was already read (copy-truncate rotation); it is read again from its start.
    case truncated
    /// The path was removed or renamed away; the file already open is still read until a new one appears.
    case disappeared
    /// The path could not be opened or read (permission denied, a directory…); reported once per distinct error.
    case failed(LogFileError)
    /// A stream (standard input, a pipe) reached its end; no more lines will come from it.
    case endOfStream
}
