#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX file calls the sinks need, wrapped once: EINTR retried, partial writes continued, errno captured.
enum FileDescriptorWriter {
    /// Writes all of `bytes` to `fd`; returns the errno of a failure, or nil.
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    /// Writes all of `buffer` to `fd`; returns the errno of a failure, or nil.
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                return code
            }
            offset += written
        }
        return nil
    }

    /// Opens `path` for appending, creating it with mode 0600; returns the descriptor or the errno.
    static func openForAppend(_ path: String, truncate: Bool = false) -> Result<Int32, LogFileError> {
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncate ? O_TRUNC : 0)
        while true {
            let fd = open(path, flags, mode_t(0o600))
            if fd >= 0 { return .success(fd) }
            let code = errno
            if code != EINTR { return .failure(LogFileError(path: path, operation: "open", errno: code)) }
        }
    }

    /// The size of the open file, or 0 when it cannot be read.
    static func size(of fd: Int32) -> UInt64 {
        var info = stat()
        return fstat(fd, &info) == 0 ? UInt64(info.st_size) : 0
    }

    /// Creates `directory` and its parents with mode 0700 when missing.
    static func makeDirectories(_ directory: String) -> LogFileError? {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
            path += "/" + component
            if mkdir(path, mode_t(0o700)) != 0 {
                let code = errno
                if code != EEXIST { return LogFileError(path: path, operation: "create directory", errno: code) }
            }
        }
        return nil
    }
}

/// A log file could not be opened, written or rotated.
public struct LogFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file involved.
    public var path: String
    /// What was being done (`open`, `write`, `rename`).
    public var operation: String
    /// The errno value.
    public var errno: Int32

    public var description: String {
        "cannot \(operation) \(path): \(String(cString: strerror(errno)))"
    }
}
