import CastNet
import CastTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A running `castscope receiver` child process: started with `--port 0`, its `listening` line read, stopped with
/// SIGTERM (also from `deinit`, so a failing test never leaves it behind). A `ChildProcess` with its output in
/// files: it holds no pipe of another test's, so it cannot keep one open for as long as it runs.
final class ReceiverProcess: Sendable {
    let process: ChildProcess
    let host: String
    let port: Int
    let deviceID: String
    let name: String
    let stderrPath: String
    private let stdoutPath: String

    /// Starts the emulator with `arguments` added after `receiver --port 0`; throws when no listening line comes
    /// within 20 s.
    init(_ arguments: [String] = []) throws {
        guard let path = CastscopeProcess.executablePath else {
            throw ReceiverProcessError("castscope binary not found next to the tests")
        }
        let base = NSTemporaryDirectory() + "castscope-receiver-\(UUID().uuidString)"
        stderrPath = base + ".log"
        stdoutPath = base + ".out"
        process = try ChildProcess(
            path: path, arguments: ["receiver", "--port", "0", "--host", "127.0.0.1"] + arguments,
            output: .file(stdoutPath), errors: .file(stderrPath))
        var line = ""
        let deadline = Date().addingTimeInterval(20)
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
            process.send(SIGKILL)
            process.waitUntilExit()
            throw ReceiverProcessError("unexpected first line \"\(line)\"")
        }
        host = String(fields[1][..<colon])
        self.port = port
        deviceID = String(fields[2].dropFirst(3))
        name = String(fields[3].dropFirst(6).dropLast())
    }

    /// SIGTERM, then waits; returns the exit status and what it logged.
    @discardableResult
    func stop() -> (status: Int32, log: String) {
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
struct ReceiverProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The repository's Python venv and scripts, for tests that drive the emulator with real clients.
enum PythonPeer {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static var python: String { repositoryRoot + "/.venv/bin/python" }
    static var peersRequired: Bool { ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" }

    /// True when the venv has pychromecast; otherwise records an issue (peers required) or prints why it skips.
    static func pychromecastAvailable() async -> Bool {
        let check = await run(["-c", "import pychromecast"], timeout: 30)
        if check.status == 0 { return true }
        let reason = "pychromecast not available in \(python) (run ./scripts/setup)"
        if peersRequired {
            Issue.record("\(reason) and CASTSCOPE_REQUIRE_PEERS=1")
        } else {
            print("skipping: \(reason)")
        }
        return false
    }

    /// Runs the venv's python with `arguments`, killing it after `timeout` seconds; output is stdout then stderr.
    static func run(_ arguments: [String], timeout: TimeInterval) async -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: python) else { return (127, "no \(python)") }
        let base = NSTemporaryDirectory() + "castscope-python-\(UUID().uuidString)"
        defer { for file in [base + ".out", base + ".err"] { try? FileManager.default.removeItem(atPath: file) } }
        let process: ChildProcess
        do throws(IOError) {
            process = try ChildProcess(
                path: python, arguments: arguments, output: .file(base + ".out"), errors: .file(base + ".err"))
        } catch {
            return (127, "cannot run \(python): \(error)")
        }
        func output() -> String {
            [".out", ".err"].map { (try? String(contentsOfFile: base + $0, encoding: .utf8)) ?? "" }.joined()
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning {
            process.send(SIGKILL)
            process.waitUntilExit()
            return (-1, output() + "\n(killed after timeout)")
        }
        return (process.waitUntilExit(), output())
    }
}
