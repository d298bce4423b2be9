import CastTestSupport
import Foundation
import Testing

/// A running `castscope receiver` child process: started with `--port 0`, its `listening` line read, stopped with
/// SIGTERM (also from `deinit`, so a failing test never leaves it behind).
final class ReceiverProcess: @unchecked Sendable {
    // @unchecked Sendable: tests use it from one task; the Process object is thread-safe for terminate/wait.
    let process = Process()
    let host: String
    let port: Int
    let deviceID: String
    let name: String
    let stderrPath: String

    /// Starts the emulator with `arguments` added after `receiver --port 0`; throws when no listening line comes.
    init(_ arguments: [String] = []) throws {
        guard let path = CastscopeProcess.executablePath else {
            throw ReceiverProcessError("castscope binary not found next to the tests")
        }
        stderrPath = NSTemporaryDirectory() + "castscope-receiver-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["receiver", "--port", "0", "--host", "127.0.0.1"] + arguments
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var buffer = Data()
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        // listening 127.0.0.1:PORT id=ID name="NAME"
        let fields = line.split(separator: " ", maxSplits: 3).map(String.init)
        guard fields.count == 4, fields[0] == "listening", let colon = fields[1].lastIndex(of: ":"),
            let port = Int(fields[1][fields[1].index(after: colon)...]), fields[2].hasPrefix("id="),
            fields[3].hasPrefix("name=\"")
        else {
            process.terminate()
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
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let log = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return (process.terminationStatus, log)
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: stderrPath)
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

    /// Runs the venv's python with `arguments`, killing it after `timeout` seconds; output is stdout + stderr.
    static func run(_ arguments: [String], timeout: TimeInterval) async -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: python) else { return (127, "no \(python)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let outputPath = NSTemporaryDirectory() + "castscope-python-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let handle = FileHandle(forWritingAtPath: outputPath)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (127, "cannot run \(python): \(error)") }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return (-1, ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") + "\n(killed after timeout)")
        }
        return (process.terminationStatus, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }
}
