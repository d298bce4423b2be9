import CastNet
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs helper processes as `ChildProcess`es: Foundation's `Process` hands children a blocked signal mask, so daemons
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
        let process: ChildProcess
        do throws(IOError) {
            process = try ChildProcess(path: path, arguments: arguments, output: .file(outPath), errors: .file(errPath))
        } catch {
            return Result(status: nil, output: "", errors: "spawn failed: \(error)")
        }
        var waited = 0.0
        var signalled = false
        while process.isRunning {
            usleep(50_000)
            waited += 0.05
            if waited > timeout, !signalled {
                process.send(SIGTERM)
                signalled = true
            } else if waited > timeout + killGrace {
                process.send(SIGKILL)
            }
        }
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return Result(status: signalled ? nil : process.exitStatus, output: output, errors: errors)
    }
}
