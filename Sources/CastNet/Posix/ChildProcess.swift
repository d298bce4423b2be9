import CCastNetShims
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A program started with `posix_spawn` that behaves as if started from a shell: an empty signal mask, default
/// signal dispositions, and no descriptor of ours beyond standard input, output and error.
///
/// Why not Foundation's `Process`: it passes on the calling thread's signal mask, and the threads Swift concurrency
/// and Dispatch run on block SIGINT and SIGTERM, so a child started from one ignores both and outlives us (a
/// `tcpdump` that never stops); it also inherits every descriptor not marked close-on-exec.
///
/// Paths of `input`/`output`/`errors` files are opened before the child changes to `directory`; a relative
/// program `path` is found after it.
public final class ChildProcess: Sendable {
    /// Where the child's standard input comes from.
    public enum Input: Sendable {
        /// `/dev/null`.
        case null
        /// A file, read from its start.
        case file(String)
        /// These bytes through a pipe, then end of file (written before the child starts; at most 1 MiB).
        case bytes([UInt8])
    }

    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file, created or truncated (mode 0600).
        case file(String)
    }

    /// The child's process id.
    public let pid: Int32
    /// The wait status once reaped; reaping happens only under this lock, so `send` never signals a reused pid.
    private let reaped = Mutex<Int32?>(nil)

    /// Piped input larger than this is refused (the pipe is filled before the child starts, so nothing blocks).
    public static let maximumPipedInput = 1 << 20

    /// Starts `path` with `arguments` (argv[0] is `path`); `environment` replaces this process's when given;
    /// `directory` is where it starts. Throws when the program cannot be started.
    public init(
        path: String, arguments: [String], input: Input = .null, output: Stream = .null, errors: Stream = .null,
        environment: [String: String]? = nil, directory: String? = nil
    ) throws(IOError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = []
        defer { for fd in pipeEnds { close(fd) } }
        switch input {
        case .null: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .file(let name): posix_spawn_file_actions_addopen(&actions, 0, name, O_RDONLY, 0)
        case .bytes(let bytes):
            pipeEnds = try Self.filledPipe(bytes)
            // dup2 clears close-on-exec on the child's 0; both ends stay close-on-exec for every other child.
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        }
        for (fd, stream) in [(Int32(1), output), (Int32(2), errors)] {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .file(let name):
                posix_spawn_file_actions_addopen(&actions, fd, name, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            }
        }
        _ = CCastNetShims_spawnCloseFrom(&actions, 3)
        if let directory { _ = CCastNetShims_spawnChangeDirectory(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { variables in
            variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var child: Int32 = 0
        let result = argv.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return EINVAL }
            guard let envp else { return posix_spawn(&child, path, &actions, &attributes, base, environ) }
            return envp.withUnsafeBufferPointer { variables in
                posix_spawn(&child, path, &actions, &attributes, base, variables.baseAddress)
            }
        }
        guard result == 0 else { throw IOError(errno: result, call: "posix_spawn \(path)") }
        pid = child
    }

    /// Reaps a child that has ended but was never waited for, so it does not stay a zombie.
    deinit { _ = reap(blocking: false) }

    /// A close-on-exec pipe holding `bytes`, its write end already closed: [read end].
    private static func filledPipe(_ bytes: [UInt8]) throws(IOError) -> [Int32] {
        guard bytes.count <= maximumPipedInput else { throw IOError(errno: EFBIG, call: "ChildProcess piped input") }
        var ends: [Int32] = [-1, -1]
        guard CCastNetShims_pipeCloseOnExec(&ends) == 0 else { throw IOError(errno: errno, call: "pipe2") }
        defer { close(ends[1]) }
        if bytes.count > 65_536 { _ = CCastNetShims_setPipeSize(ends[1], Int32(bytes.count)) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(ends[1], buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let code = errno
                close(ends[0])
                throw IOError(errno: code, call: "write (piped input larger than the pipe)")
            }
            written += count
        }
        return [ends[0]]
    }

    /// Sends `signal` (SIGINT, SIGTERM, SIGKILL…) unless the child has been reaped.
    public func send(_ signal: Int32) {
        reaped.withLock { status in
            if status == nil { _ = kill(pid, signal) }
        }
    }

    /// Sends `signal`, waits up to `grace` seconds for the child to end, then kills it; returns `exitStatus`.
    @discardableResult
    public func terminate(_ signal: Int32, grace: Double = 5) -> Int32 {
        send(signal)
        var waited = 0.0
        while isRunning, waited < grace {
            usleep(10_000)
            waited += 0.01
        }
        if isRunning { send(SIGKILL) }
        return waitUntilExit()
    }

    /// True until the child has ended (it is reaped then).
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// Its exit code, or 128 + the signal that ended it; nil while it runs.
    public var exitStatus: Int32? {
        reap(blocking: false).map { status in
            status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        }
    }

    /// The signal that ended the child, nil while it runs or when it exited by itself.
    public var endingSignal: Int32? {
        reap(blocking: false).flatMap { status in status & 0x7F == 0 ? nil : status & 0x7F }
    }

    /// Blocks until the child has ended and returns `exitStatus`.
    @discardableResult
    public func waitUntilExit() -> Int32 {
        _ = reap(blocking: true)
        return exitStatus ?? -1
    }

    /// The wait status, reaping the child if it has ended (or, `blocking`, once it ends). A blocking wait first
    /// waits without reaping (WNOWAIT) outside the lock, so `send` from another thread is never held up; the reap
    /// itself is under the lock. A child someone else reaped (ECHILD) counts as ended, with status 0xFF00 (255).
    private func reap(blocking: Bool) -> Int32? {
        if blocking, reaped.withLock({ $0 }) == nil {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        }
        return reaped.withLock { stored in
            if let stored { return stored }
            var status: Int32 = 0
            var result: Int32
            repeat {
                result = waitpid(pid, &status, WNOHANG)
            } while result < 0 && errno == EINTR
            if result < 0 && errno == ECHILD { status = 0xFF00 } else if result != pid { return nil }
            stored = status
            return status
        }
    }
}
