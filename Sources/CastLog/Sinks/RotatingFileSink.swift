import CastJSON
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Writes records to `path`, rotating to `path.1` … `path.N-1` by size; files are created 0600.
///
/// Each record is formatted and appended under one lock, so records from many threads never interleave, and a record
/// is never split across files: when it would not fit, the file is rotated first. Output is buffered and flushed
/// when 64 KiB accumulate, on every error-level record, every 200 ms, and on `flush()`.
public final class RotatingFileSink: LogSink {
    /// Default `maxFileSize`: 2 MiB, as `GCKLogger`.
    public static let defaultMaxFileSize: UInt64 = 2 * 1024 * 1024
    /// Smallest `maxFileSize` accepted: 32 KiB.
    public static let minimumMaxFileSize: UInt64 = 32 * 1024
    /// Smallest `maxFileCount` accepted.
    public static let minimumMaxFileCount = 2

    // The file and its lock live in `RotatingFile`, which the flush timer holds strongly: the sink itself is never
    // weakly referenced, so retaining it on every record stays on the runtime's fast path.
    private let file: RotatingFile
    private let timer: FlushTimer

    /// The current file's path.
    public var path: String { file.path }
    /// Rotation threshold in bytes.
    public var maxFileSize: UInt64 { file.maxFileSize }
    /// How many files are kept, the current one included.
    public var maxFileCount: Int { file.maxFileCount }

    /// Opens (appending) or creates `path`; `maxFileSize` 0 means the default, smaller values are raised to 32 KiB.
    public init(path: String, maxFileSize: UInt64 = 0, maxFileCount: Int = 5, format: LogFormat = .jsonLines)
        throws(LogFileError)
    {
        let file = try RotatingFile(
            path: path,
            maxFileSize: maxFileSize == 0 ? Self.defaultMaxFileSize : max(maxFileSize, Self.minimumMaxFileSize),
            maxFileCount: max(maxFileCount, Self.minimumMaxFileCount), format: format)
        self.file = file
        timer = FlushTimer { file.flush() }
    }

    deinit {
        timer.cancel()
        file.close()
    }

    /// The last write, open or rename failure, if any (records are dropped only while the file cannot be written).
    public var lastError: LogFileError? { file.lastError }

    public func write(_ record: LogRecord) { file.write(record) }

    public func flush() { file.flush() }

    /// Flushes and closes the file; later records are dropped (the logger closes a sink it replaced).
    public func close() {
        timer.cancel()
        file.close()
    }
}

/// The file behind a `RotatingFileSink`: buffer, descriptor and rotation under one lock.
final class RotatingFile: Sendable {
    private struct State: ~Copyable {
        var fd: Int32
        var size: UInt64
        var buffer = OutputBuffer(capacity: 96 * 1024)
        var formatter: LogFormatter
        var lastError: LogFileError?
        var closed = false
    }

    let path: String
    let maxFileSize: UInt64
    let maxFileCount: Int
    private let state: Mutex<State>
    private static let flushThreshold = 64 * 1024

    init(path: String, maxFileSize: UInt64, maxFileCount: Int, format: LogFormat) throws(LogFileError) {
        self.path = path
        self.maxFileSize = maxFileSize
        self.maxFileCount = maxFileCount
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex,
            let error = FileDescriptorWriter.makeDirectories(String(path[..<slash]))
        {
            throw error
        }
        let fd: Int32
        switch FileDescriptorWriter.openForAppend(path) {
        case .success(let opened): fd = opened
        case .failure(let error): throw error
        }
        state = Mutex(State(fd: fd, size: FileDescriptorWriter.size(of: fd), formatter: LogFormatter(format: format)))
    }

    var lastError: LogFileError? { state.withLock { $0.lastError } }

    func write(_ record: LogRecord) {
        state.withLock { state in
            guard !state.closed else { return }
            let start = state.buffer.count
            state.formatter.write(record, to: &state.buffer)
            let before = state.size + UInt64(start)
            if before > 0, before + UInt64(state.buffer.count - start) > maxFileSize {
                let pending = state.buffer.copyBytes(from: start)
                state.buffer.truncate(to: start)
                Self.flushLocked(&state, path: path)
                rotateLocked(&state)
                pending.withUnsafeBufferPointer { state.buffer.appendBytes($0) }
            }
            if state.buffer.count >= Self.flushThreshold || record.level >= .error {
                Self.flushLocked(&state, path: path)
            }
        }
    }

    func flush() {
        state.withLock { Self.flushLocked(&$0, path: path) }
    }

    func close() {
        state.withLock { state in
            guard !state.closed else { return }
            Self.flushLocked(&state, path: path)
            if state.fd >= 0 { Glibc.close(state.fd) }
            state.fd = -1
            state.closed = true
        }
    }

    private static func flushLocked(_ state: inout State, path: String) {
        guard !state.buffer.isEmpty else { return }
        let fd = state.fd
        if let code = state.buffer.withBytes({ FileDescriptorWriter.writeAll(fd, UnsafeRawBufferPointer($0)) }) {
            state.lastError = LogFileError(path: path, operation: "write", errno: code)
        } else {
            state.size += UInt64(state.buffer.count)
        }
        state.buffer.removeAll()
    }

    /// Shifts `path.i` to `path.i+1` (dropping the oldest), moves `path` to `path.1` and starts a new `path`.
    private func rotateLocked(_ state: inout State) {
        Glibc.close(state.fd)
        for index in stride(from: maxFileCount - 1, through: 1, by: -1) {
            let source = index == 1 ? path : "\(path).\(index - 1)"
            if rename(source, "\(path).\(index)") != 0, errno != ENOENT {
                state.lastError = LogFileError(path: source, operation: "rename", errno: errno)
            }
        }
        switch FileDescriptorWriter.openForAppend(path, truncate: true) {
        case .success(let fd):
            state.fd = fd
            state.size = 0
        case .failure(let error):
            state.lastError = error
            state.fd = -1
        }
    }
}

/// A repeating 200 ms timer, started on creation (a dispatch source must never be released while suspended);
/// dispatch sources are thread-safe, the wrapper only states it.
private final class FlushTimer: @unchecked Sendable {
    private let source = DispatchSource.makeTimerSource(queue: .global(qos: .utility))

    init(_ handler: @escaping @Sendable () -> Void) {
        source.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200))
        source.setEventHandler(handler: handler)
        source.resume()
    }

    func cancel() { source.cancel() }
}
