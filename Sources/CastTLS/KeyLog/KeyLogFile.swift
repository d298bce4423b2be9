public import CastLog
import Glibc
import Synchronization

/// An NSS key-log file (Wireshark's `tls.keylog_file`): created 0600, opened for append, one line per secret.
///
/// Anyone holding this file can decrypt captures of the sessions it lists, so opening one logs a warning and
/// nothing opens one unless asked (`--keylog FILE`, or `SSLKEYLOGFILE` through `fromEnvironment()`).
public final class KeyLogFile: KeyLogSink {
    /// The file's path.
    public let path: String
    /// The descriptor; -1 once closed. The mutex also serialises writes so lines never interleave.
    private let descriptor: Mutex<Int32>

    /// Opens (creating with mode 0600 if needed) `path` for appending and logs the decryptability warning to
    /// `logger` under `GCKDeviceManager`.
    public init(path: String, logger: Logger = .shared) throws(KeyLogError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        let openErrno = errno  // captured right at the call
        guard fd >= 0 else { throw KeyLogError(path: path, errno: openErrno, operation: "open") }
        self.path = path
        descriptor = Mutex(fd)
        var info = stat()
        let groupOrOtherAccess = fstat(fd, &info) == 0 && (info.st_mode & 0o077) != 0
        let log = logger.category("GCKDeviceManager")
        log.warning(
            "TLS key logging enabled: \(path) holds session secrets; anyone with it can decrypt captures of these sessions",
            ["tls.keylog": .string(path)])
        if groupOrOtherAccess {
            log.warning("TLS key log \(path) already existed and is readable by group or others; consider chmod 600",
                        ["tls.keylog": .string(path)])
        }
    }

    /// The file named by `SSLKEYLOGFILE`, or nil when it is unset or empty.
    public static func fromEnvironment(
        _ environment: [String: String]? = nil, logger: Logger = .shared
    ) throws(KeyLogError) -> KeyLogFile? {
        let value: String?
        if let environment {
            value = environment["SSLKEYLOGFILE"]
        } else {
            value = getenv("SSLKEYLOGFILE").map { String(cString: $0) }
        }
        guard let value, !value.isEmpty else { return nil }
        return try KeyLogFile(path: value, logger: logger)
    }

    deinit {
        descriptor.withLock { fd in
            if fd >= 0 { Glibc.close(fd) }
        }
    }

    /// Closes the file; later lines are dropped.
    public func close() {
        descriptor.withLock { fd in
            if fd >= 0 { Glibc.close(fd) }
            fd = -1
        }
    }

    /// Appends `line` and a newline in one write, so concurrent writers (even other processes) never interleave.
    public func writeKeyLogLine(_ line: String) {
        _ = try? append(line)
    }

    /// Like `writeKeyLogLine` but reports a failed write.
    public func append(_ line: String) throws(KeyLogError) {
        let bytes = Array(line.utf8) + [0x0a]
        let failure: Int32? = descriptor.withLock { fd -> Int32? in
            guard fd >= 0 else { return EBADF }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    // SAFETY: offset < count, so the range [offset, count) lies inside the buffer.
                    return write(fd, base + offset, buffer.count - offset)
                }
                let writeErrno = errno  // captured right at the call
                if written < 0 {
                    if writeErrno == EINTR { continue }
                    return writeErrno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw KeyLogError(path: path, errno: failure, operation: "write") }
    }
}
