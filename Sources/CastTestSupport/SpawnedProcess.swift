import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs helper processes with posix_spawn: Foundation's `Process` hands children a blocked signal mask, so daemons
/// and publishers started under it would ignore SIGTERM and never send their goodbyes.
public enum SpawnedProcess {
    /// What a finished run printed and returned (status nil when it had to be killed or did not start).
    public struct Result: Sendable {
        public var status: Int32?
        public var output: String
        public var errors: String
    }

    /// Runs `path` with `arguments`, an empty signal mask and default dispositions; waits up to `timeout` seconds,
    /// then sends SIGTERM (so the child's cleanup traps run) and SIGKILL `killGrace` seconds later.
    /// The wait happens on a thread of its own, so awaiting it leaves the cooperative pool free.
    public static func run(_ path: String, _ arguments: [String], timeout: Double = 60, killGrace: Double = 5)
        async -> Result
    {
        await BlockingWork.run { runBlocking(path, arguments, timeout: timeout, killGrace: killGrace) }
    }

    /// `run` for synchronous callers (fixtures' setup and teardown); blocks the calling thread.
    public static func runBlocking(_ path: String, _ arguments: [String], timeout: Double = 60, killGrace: Double = 5)
        -> Result
    {
        let base = NSTemporaryDirectory() + "castdisc-\(getpid())-\(UUID().uuidString)"
        let outPath = base + ".out"
        let errPath = base + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
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
        var pid: pid_t = 0
        let spawned = argv.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return posix_spawn(&pid, path, &actions, &attributes, base, environ)
        }
        guard spawned == 0 else { return Result(status: nil, output: "", errors: "spawn failed: \(spawned)") }
        var status: Int32 = 0
        var waited = 0.0
        var signalled = false
        while waitpid(pid, &status, WNOHANG) == 0 {
            usleep(50_000)
            waited += 0.05
            if waited > timeout, !signalled {
                kill(pid, SIGTERM)
                signalled = true
            } else if waited > timeout + killGrace {
                kill(pid, SIGKILL)
            }
        }
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        let code: Int32? = signalled ? nil : (status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
        return Result(status: code, output: output, errors: errors)
    }
}
