import CastTestSupport
import Foundation

/// Runs a helper script for the DNS peer tests through `SpawnedProcess` (Foundation's `Process` would hand it a
/// blocked signal mask, so its cleanup trap would never run) and keeps its output in a log file.
enum DNSTestProcess {
    /// Runs `path` with `arguments`, writes stdout and stderr to `logPath`; after `timeout` seconds the script gets
    /// SIGTERM (its trap tears down), then SIGKILL 15 s later. Returns the exit status, or nil when it was stopped.
    static func run(_ path: String, _ arguments: [String], logPath: String, timeout: Double) async -> Int32? {
        let result = await SpawnedProcess.run(path, arguments, timeout: timeout, killGrace: 15)
        try? (result.output + result.errors).write(toFile: logPath, atomically: false, encoding: .utf8)
        return result.status
    }
}
