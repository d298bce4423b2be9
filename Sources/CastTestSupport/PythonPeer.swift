import CastNet
public import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The repository's Python venv and scripts, for tests that drive the emulator with real clients.
public enum PythonPeer {
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    public static var python: String { repositoryRoot + "/.venv/bin/python" }
    public static var peersRequired: Bool { ProcessInfo.processInfo.environment["CASTSCOPE_REQUIRE_PEERS"] == "1" }

    /// True when the venv has pychromecast; otherwise records an issue (peers required) or prints why it skips.
    public static func pychromecastAvailable() async -> Bool {
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
    public static func run(_ arguments: [String], timeout: TimeInterval) async -> (status: Int32, output: String) {
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
