#if canImport(Glibc)
import Glibc
#endif

/// Runs a helper script for the DNS peer tests with posix_spawn, because Foundation's `Process` hands children a
/// blocked signal mask: daemons started under it ignore SIGTERM, and a script's cleanup trap would never run.
enum DNSTestProcess {
    /// Runs `path` with `arguments`, stdout and stderr to `logPath`, an empty signal mask and default dispositions.
    /// After `timeout` seconds it sends SIGTERM (the script's trap tears down), then SIGKILL 15 s later.
    /// Returns the exit status, or nil when the process had to be stopped or could not start.
    static func run(_ path: String, _ arguments: [String], logPath: String, timeout: Double) -> Int32? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

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
        guard spawned == 0 else { return nil }

        var status: Int32 = 0
        var waited = 0.0
        var signalled = false
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 { return nil }
            usleep(100_000)
            waited += 0.1
            if waited > timeout, !signalled {
                kill(pid, SIGTERM)
                signalled = true
            } else if waited > timeout + 15 {
                kill(pid, SIGKILL)
            }
        }
        if signalled { return nil }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
