#if canImport(Glibc)
import Glibc
#endif

/// Follows one log file by polling, like `tail -F`: reads what was appended since the last poll, holds a partial last
/// line until its newline arrives, and notices rotation by rename (the path names a new inode), copy-truncate (the
/// file shrank) and a path that is missing or disappears.
///
/// Usage: create it, then call `poll(_:)` whenever you want news (every 100–250 ms while following). The first poll
/// reads the whole file from its start. Nothing happens between polls, so tests drive it with explicit calls.
///
/// Memory stays bounded: a read buffer of 64 KiB plus at most `maximumLineLength` bytes of a partial line; a longer
/// line is reported as `overlongLine` and the rest of it is skipped without being kept.
public final class LogFileFollower {
    /// The path followed, or `-` for standard input.
    public let path: String
    /// Longest line delivered; longer lines are reported and skipped.
    public let maximumLineLength: Int

    /// Which file a descriptor refers to, to tell a rotated path from the same file grown.
    private struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Why the path is not being read right now; each is reported once until it changes.
    private enum Problem: Equatable {
        case missing
        case gone
        case failed(Int32)
    }

    private let isStream: Bool
    private let waitsForEndOfStream: Bool
    private var descriptor: Int32 = -1
    private var identity: FileIdentity?
    private var offset: Int64 = 0
    private var partial: [UInt8] = []
    private var skippingOverlongLine = false
    private var problem: Problem?
    private var streamEnded = false
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// A follower of the file at `path`; nothing is opened until the first poll.
    public init(path: String, maximumLineLength: Int = LogLineParser.maximumLineLength) {
        precondition(maximumLineLength > 0, "maximumLineLength must be positive")
        self.path = path
        self.maximumLineLength = maximumLineLength
        isStream = false
        waitsForEndOfStream = false
    }

    /// A follower of an already open stream such as standard input (`descriptor` 0), which it does not close.
    ///
    /// - Parameter waitingForEnd: when true a poll blocks until the stream ends (reading a pipe to its end); when
    ///   false a poll takes only what is already available.
    public init(
        streamDescriptor: Int32, name: String = "-", waitingForEnd: Bool,
        maximumLineLength: Int = LogLineParser.maximumLineLength
    ) {
        precondition(maximumLineLength > 0, "maximumLineLength must be positive")
        path = name
        self.maximumLineLength = maximumLineLength
        isStream = true
        waitsForEndOfStream = waitingForEnd
        descriptor = streamDescriptor
    }

    deinit {
        if descriptor >= 0, !isStream { close(descriptor) }
    }

    /// True for standard input or another stream, which can only be read forward.
    public var isStreamInput: Bool { isStream }

    /// True once a stream has ended; a file path is never finished, since it may always grow or come back.
    public var isFinished: Bool { streamEnded }

    /// Reads everything new and reports lines and file changes to `handle`, in the order they happened.
    public func poll(_ handle: (LogFileEvent) -> Void) {
        if isStream {
            if !streamEnded { drain(handle) }
            return
        }
        guard descriptor >= 0 else {
            if open(announcing: problem == nil ? nil : .appeared, handle) { drain(handle) }
            return
        }
        drain(handle)
        var info = stat()
        guard stat(path, &info) == 0 else {
            // Renamed away or deleted: keep reading the open file until a new one appears, as `tail -F` does.
            if problem != .gone {
                problem = .gone
                handle(.disappeared)
            }
            return
        }
        if FileIdentity(info) != identity {
            drain(handle)  // what was written before the rename
            flushPartialLine(handle)
            closeDescriptor()
            let event: LogFileEvent = problem == .gone ? .appeared : .replaced
            if open(announcing: event, handle) { drain(handle) }
            return
        }
        if problem == .gone { problem = nil }  // renamed back: the same file again
        if Int64(info.st_size) < offset {
            handle(.truncated)
            lseek(descriptor, 0, SEEK_SET)
            offset = 0
            partial.removeAll(keepingCapacity: true)
            skippingOverlongLine = false
            drain(handle)
        }
    }

    /// Polls once and returns the events, for tests and simple callers.
    public func poll() -> [LogFileEvent] {
        var events: [LogFileEvent] = []
        poll { events.append($0) }
        return events
    }

    /// `tail -n`: hands the file's complete lines to `line` from the last backwards, newest first, until it returns
    /// false or the start is reached; then the file is followed from its end as it grows (a last line without its
    /// newline is left to the next poll, which holds or, without following, delivers it). Opens the file first,
    /// reporting a problem as `poll` does; a stream is left alone. Memory: the 64 KiB read buffer and at most
    /// `maximumLineLength` bytes of one line; longer lines are reported as `overlongLine` and skipped.
    public func readBackward(_ handle: (LogFileEvent) -> Void, line: (String) -> Bool) {
        guard !isStream else { return }
        if descriptor < 0 { guard open(announcing: nil, handle) else { return } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return }
        var reader = BackwardLineReader(descriptor: descriptor, size: Int64(info.st_size),
                                        maximumLineLength: maximumLineLength)
        reader.read(into: &buffer, overlong: { handle(.overlongLine(byteCount: $0)) }, line: line)
        if let failure = reader.failure {
            report(.failed(failure), handle)
            return
        }
        offset = reader.completeEnd
        lseek(descriptor, off_t(offset), SEEK_SET)
        partial.removeAll(keepingCapacity: true)
        skippingOverlongLine = false
    }

    // MARK: Opening

    /// Opens the path; on success reports `event` (if any) and returns true, else reports the problem once.
    private func open(announcing event: LogFileEvent?, _ handle: (LogFileEvent) -> Void) -> Bool {
        var fd: Int32
        repeat {
            // O_NONBLOCK so a FIFO at the path cannot block the open; regular files ignore it.
            fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        } while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            let code = errno
            report(code == ENOENT || code == ENOTDIR ? .missing : .failed(code), handle)
            return false
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            report(.failed(code), handle)
            return false
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            close(fd)
            report(.failed(EISDIR), handle)
            return false
        }
        descriptor = fd
        identity = FileIdentity(info)
        offset = 0
        partial.removeAll(keepingCapacity: true)
        skippingOverlongLine = false
        problem = nil
        if let event { handle(event) }
        return true
    }

    private func report(_ newProblem: Problem, _ handle: (LogFileEvent) -> Void) {
        guard newProblem != problem else { return }
        // A path that vanished after being followed stays "gone": no second note while it is still missing.
        if problem == .gone, newProblem == .missing { return }
        problem = newProblem
        switch newProblem {
        case .missing: handle(.missing)
        case .gone: handle(.disappeared)
        case .failed(let code): handle(.failed(LogFileError(path: path, operation: "read", errno: code)))
        }
    }

    private func closeDescriptor() {
        if descriptor >= 0, !isStream { close(descriptor) }
        descriptor = -1
        identity = nil
    }

    // MARK: Reading

    /// Reads until the end of what is there now (or, for a stream waiting for its end, until the end).
    private func drain(_ handle: (LogFileEvent) -> Void) {
        while descriptor >= 0 {
            if isStream, !waitsForEndOfStream, !isReadable(timeout: 0) { return }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    if isStream, waitsForEndOfStream, isReadable(timeout: -1) { continue }
                    return
                }
                report(.failed(code), handle)
                return
            }
            if count == 0 {
                if isStream {
                    flushPartialLine(handle)
                    streamEnded = true
                    descriptor = -1
                    handle(.endOfStream)
                }
                return
            }
            offset += Int64(count)
            split(count, handle)
        }
    }

    /// Whether a read would not block (data or end of stream), waiting up to `timeout` ms (-1: forever).
    private func isReadable(timeout: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = Glibc.poll(&request, 1, timeout)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Cuts the first `count` bytes of the buffer into lines, continuing the partial line from the last read.
    private func split(_ count: Int, _ handle: (LogFileEvent) -> Void) {
        buffer.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < count {
                let newline = bytes[start..<count].firstIndex(of: 0x0A)
                let end = newline ?? count
                if skippingOverlongLine {
                    if newline != nil { skippingOverlongLine = false }
                } else if partial.count + (end - start) > maximumLineLength {
                    handle(.overlongLine(byteCount: partial.count + (end - start)))
                    partial.removeAll(keepingCapacity: false)
                    skippingOverlongLine = newline == nil
                } else {
                    partial.append(contentsOf: bytes[start..<end])
                    if newline != nil { emitPartialLine(handle) }
                }
                start = end + 1
            }
        }
    }

    /// Delivers a held last line without its newline: for a one-shot read (no `-f`), the end of the file as it is
    /// now ends that line too.
    public func finishInput(_ handle: (LogFileEvent) -> Void) {
        flushPartialLine(handle)
    }

    /// Delivers the held bytes as a line when the file they came from will not grow any more (rotation, end).
    private func flushPartialLine(_ handle: (LogFileEvent) -> Void) {
        skippingOverlongLine = false
        guard !partial.isEmpty else { return }
        emitPartialLine(handle)
    }

    private func emitPartialLine(_ handle: (LogFileEvent) -> Void) {
        if partial.last == 0x0D { partial.removeLast() }
        handle(.line(String(decoding: partial, as: UTF8.self)))
        partial.removeAll(keepingCapacity: true)
    }
}
