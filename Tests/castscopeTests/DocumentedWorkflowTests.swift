import CastNet
import CastTestSupport
import Foundation
import Testing

/// `Docs/inspect.md`'s workflow, word for word, with default settings: record the session with tcpdump on `lo`,
/// run `cast --keylog K --log-file L`, then `inspect CAPTURE --keylog K --log L` links the log to Cast messages.
@Suite(.serialized) struct DocumentedWorkflowTests {
    static var tcpdump: String? {
        ["/usr/bin/tcpdump", "/usr/sbin/tcpdump"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func aCastLogFileWithDefaultSettingsIsLinkedToTheCapturedMessages() async throws {
        guard getuid() == 0, let tcpdump = Self.tcpdump else {
            MissingPeer.report("tcpdump on lo needs root and /usr/bin/tcpdump")
            return
        }
        let directory = NSTemporaryDirectory() + "castscope-workflow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (capture, keys, log) = (directory + "/session.pcap", directory + "/keys.txt", directory + "/cast.jsonl")
        let harness = try await ReceiverProcess.start()
        let recorder = try ChildProcess(
            path: tcpdump, arguments: ["-i", "lo", "-n", "--immediate-mode", "-U", "-w", capture,
                                       "tcp port \(harness.port)"],
            errors: .file(directory + "/tcpdump.err"))
        let listening = await eventually(within: .seconds(10)) {
            ((try? String(contentsOfFile: directory + "/tcpdump.err", encoding: .utf8)) ?? "").contains("listening on")
        }
        #expect(listening)
        let load = try await CastscopeProcess.run(
            ["cast", "--device", "127.0.0.1:\(harness.port)", "--insecure-skip-auth", "--keylog", keys,
             "--log-file", log, "load", "http://127.0.0.1/a.mp4"])
        #expect(load.exitCode == 0, "\(load.standardError)")
        // The console keeps its warnings-only default; the file has the debug records.
        #expect(!load.standardError.contains(" DEBUG "))
        let logText = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logText.contains(#""level":"debug""#))
        recorder.send(SIGINT)
        _ = await BlockingWork.run { recorder.waitUntilExit() }
        await harness.stopped()
        let audit = try await CastscopeProcess.run(["inspect", capture, "--keylog", keys, "--log", log])
        #expect(audit.exitCode == 0, "\(audit.standardError)")
        let totals = audit.standardOutput.split(separator: "\n").first { $0.hasPrefix("Logs: ") }.map(String.init) ?? ""
        #expect(!totals.contains(" 0 linked"), "\(totals)")
        #expect(totals.contains("linked to Cast messages"), "\(audit.standardOutput.suffix(600))")
    }

    @Test func logFileFilterNarrowsTheFileWithoutTouchingTheConsole() async throws {
        let harness = try await ReceiverProcess.start()
        let log = NSTemporaryDirectory() + "castscope-filefilter-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let result = try await CastscopeProcess.run(
            ["cast", "--device", "127.0.0.1:\(harness.port)", "--insecure-skip-auth", "--log-file", log,
             "--log-file-filter", "info", "launch"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains(#""level":"info""#))
        #expect(!text.contains(#""level":"debug""#))
        // The console's own default (warnings) still holds.
        #expect(!result.standardError.contains(" INFO "))
        await harness.stopped()
    }
}
