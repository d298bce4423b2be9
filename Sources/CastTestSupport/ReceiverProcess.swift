public import CastNet
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running `castscope receiver` child process: started with `--port 0`, its `listening` line read, stopped with
/// SIGTERM (also from `deinit`, so a failing test never leaves it behind). A `ChildProcess` with its output in
/// files: it holds no pipe of another test's, so it cannot keep one open for as long as it runs.
public final class ReceiverProcess: Sendable {
    public let process: ChildProcess
    public let host: String
    public let port: Int
    public let deviceID: String
    public let name: String
    public let stderrPath: String
    private let stdoutPath: String

    /// Starts the emulator with `arguments` added after `receiver --port 0`; throws, with what it logged, when it
    /// exits first or no listening line comes within 60 s (a loaded machine generating RSA chains is slow).
    /// `host` is the address it listens on; `namespace` runs it inside that network namespace (`ip netns exec`).
    public init(_ arguments: [String] = [], host: String = "127.0.0.1", namespace: String? = nil) throws {
        guard let path = CastscopeProcess.executablePath else {
            throw ReceiverProcessError("castscope binary not found next to the tests")
        }
        let base = NSTemporaryDirectory() + "castscope-receiver-\(UUID().uuidString)"
        stderrPath = base + ".log"
        stdoutPath = base + ".out"
        let command = ["receiver", "--port", "0", "--host", host] + arguments
        process = try ChildProcess(
            path: namespace == nil ? path : "/usr/sbin/ip",
            arguments: namespace.map { ["netns", "exec", $0, path] + command } ?? command,
            output: .file(stdoutPath), errors: .file(stderrPath))
        var line = ""
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            let text = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
            if let first = text.split(separator: "\n", omittingEmptySubsequences: false).first, text.contains("\n") {
                line = String(first)
                break
            }
            usleep(10_000)
        }
        // listening 127.0.0.1:PORT id=ID name="NAME"
        let fields = line.split(separator: " ", maxSplits: 3).map(String.init)
        guard fields.count == 4, fields[0] == "listening", let colon = fields[1].lastIndex(of: ":"),
            let port = Int(fields[1][fields[1].index(after: colon)...]), fields[2].hasPrefix("id="),
            fields[3].hasPrefix("name=\"")
        else {
            let exited = !process.isRunning
            process.send(SIGKILL)
            let status = process.waitUntilExit()
            let log = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: stderrPath)
            try? FileManager.default.removeItem(atPath: stdoutPath)
            let why = line.isEmpty
                ? (exited ? "exited (status \(status)) before its listening line" : "no listening line within 60 s")
                : "unexpected first line \"\(line)\""
            throw ReceiverProcessError("receiver \(arguments.joined(separator: " ")): \(why); its log: \(log.suffix(2000))")
        }
        self.host = String(fields[1][..<colon])
        self.port = port
        deviceID = String(fields[2].dropFirst(3))
        name = String(fields[3].dropFirst(6).dropLast())
    }

    /// Starts the emulator (`init`) on a thread of its own, so waiting for its `listening` line never holds one of
    /// the cooperative pool's two threads that other tests' tasks need.
    public static func start(_ arguments: [String] = [], host: String = "127.0.0.1", namespace: String? = nil)
        async throws -> ReceiverProcess {
        try await BlockingWork.run { try ReceiverProcess(arguments, host: host, namespace: namespace) }
    }

    /// `stop()` on a thread of its own, for async tests.
    @discardableResult
    public func stopped() async -> (status: Int32, log: String) {
        await BlockingWork.run { self.stop() }
    }

    /// What the emulator logged so far (stderr).
    public func log() -> String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// SIGTERM, then waits; returns the exit status and what it logged.
    @discardableResult
    public func stop() -> (status: Int32, log: String) {
        let status = process.terminate(SIGTERM, grace: 10)
        let log = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return (status, log)
    }

    deinit {
        if process.isRunning { process.terminate(SIGTERM, grace: 5) }
        try? FileManager.default.removeItem(atPath: stderrPath)
        try? FileManager.default.removeItem(atPath: stdoutPath)
    }
}

/// Why the receiver child could not be started.
public struct ReceiverProcessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
