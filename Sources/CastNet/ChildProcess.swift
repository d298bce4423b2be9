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
public final class ChildProcess: Sendable {
    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file, created or truncated (mode 0600).
        case file(String)
    }

    /// The child's process id.
    public let pid: Int32
    /// The wait status once reaped.
    private let reaped = Mutex<Int32?>(nil)

    /// Starts `path` with `arguments` (argv[0] is `path`); standard input reads the file `input` (default
    /// `/dev/null`); `environment` replaces this process's when given; `directory` is where it starts. Throws when
    /// the program cannot be started.
    public init(
        path: String, arguments: [String], input: String? = nil, output: Stream = .null, errors: Stream = .null,
        environment: [String: String]? = nil, directory: String? = nil
    ) throws(IOError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
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

    /// Sends `signal` (SIGINT, SIGTERM, SIGKILL…) unless the child has been reaped.
    public func send(_ signal: Int32) {
        reaped.withLock { status in
            if status == nil { _ = kill(pid, signal) }
        }
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

    /// The wait status, reaping the child if it has ended (or, `blocking`, once it ends). The wait itself happens
    /// outside the lock, so `send` from another thread is never held up by a blocking wait.
    private func reap(blocking: Bool) -> Int32? {
        if let stored = reaped.withLock({ $0 }) { return stored }
        var status: Int32 = 0
        var result: Int32
        repeat {
            result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        } while result < 0 && errno == EINTR
        return reaped.withLock { stored in
            if let stored { return stored }
            guard result == pid else { return nil }
            stored = status
            return status
        }
    }
}
