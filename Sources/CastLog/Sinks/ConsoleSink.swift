import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Writes records to standard error, one `write` per record so lines never interleave.
public final class ConsoleSink: LogSink {
    private let formatter: Mutex<LogFormatter>
    private let fd: Int32

    /// A console sink writing `format` to `fd` (stderr by default); text is coloured when `fd` is a terminal and
    /// `NO_COLOR` is unset or empty.
    public init(format: LogFormat = .text, fd: Int32 = 2, colored: Bool? = nil) {
        self.fd = fd
        let useColor = colored ?? Self.shouldColor(fd: fd)
        formatter = Mutex(LogFormatter(format: format, colored: useColor))
    }

    /// True when `fd` is a terminal and the `NO_COLOR` convention does not forbid colour.
    public static func shouldColor(fd: Int32) -> Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        return isatty(fd) == 1
    }

    public func write(_ record: LogRecord) {
        formatter.withLock { formatter in
            var line: [UInt8] = []
            formatter.append(record, to: &line)
            _ = FileDescriptorWriter.writeAll(fd, line)
        }
    }

    public func flush() {}
}
