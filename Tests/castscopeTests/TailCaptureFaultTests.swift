import CastTestSupport
import Foundation
import Testing

/// `tail --capture` on captures that are cut, hostile or out of range: what decoded is still shown.
@Suite struct TailCaptureFaultTests {
    static let captures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../captures").standardized.path

    /// A temporary file holding `bytes`; the caller removes it.
    static func temporary(_ bytes: [UInt8], suffix: String) -> String {
        let path = NSTemporaryDirectory() + "castscope-tailfault-\(UUID().uuidString)\(suffix)"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    static let record = #"{"ts":"2026-11-30T08:00:00Z","level":"info","class":"GCKX","function":"f","file":"a","line":1,"#
        + #""msg":"hello"}"#

    @Test func truncatedCaptureStillShowsWhatDecodedBeforeTheFault() async throws {
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.captures)/heartbeat-reconnect.pcapng")))
        // Cutting 37 bytes leaves the last record short: a file tcpdump is still writing looks like this.
        let capture = Self.temporary(Array(whole.dropLast(37)), suffix: ".pcapng")
        let log = Self.temporary(Array((Self.record + "\n").utf8), suffix: ".jsonl")
        defer {
            try? FileManager.default.removeItem(atPath: capture)
            try? FileManager.default.removeItem(atPath: log)
        }
        let result = try await CastscopeProcess.run(
            ["tail", "-n", "5", "--capture", capture, "--keylog", "\(Self.captures)/heartbeat-reconnect.keys", log])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.contains(" CAST ") })
        #expect(lines.last?.contains(#""type":"CLOSE""#) == true)
        #expect(result.standardError.contains("warning:") && result.standardError.contains("truncated"))
    }

    @Test func malformedCaptureRecordShowsWhatDecodedThenFails() async throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.captures)/heartbeat-reconnect.pcapng")))
        // The last block's length fields (at its start and end) become absurd: malformed, not truncated.
        let lastLength = Int(bytes[bytes.count - 4]) | Int(bytes[bytes.count - 3]) << 8
            | Int(bytes[bytes.count - 2]) << 16 | Int(bytes[bytes.count - 1]) << 24
        let start = bytes.count - lastLength
        for offset in [start + 4, bytes.count - 4] { bytes.replaceSubrange(offset..<offset + 4, with: [5, 0, 0, 0]) }
        let capture = Self.temporary(bytes, suffix: ".pcapng")
        let log = Self.temporary(Array((Self.record + "\n").utf8), suffix: ".jsonl")
        defer {
            try? FileManager.default.removeItem(atPath: capture)
            try? FileManager.default.removeItem(atPath: log)
        }
        let result = try await CastscopeProcess.run(
            ["tail", "-n", "3", "--capture", capture, "--keylog", "\(Self.captures)/heartbeat-reconnect.keys", log])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.split(separator: "\n").count == 3)
        #expect(result.standardError.contains("Error:"))
    }

    @Test func sinceLeavesOutCastMessagesBeforeItToo() async throws {
        let log = Self.temporary(Array((Self.record + "\n").utf8), suffix: ".jsonl")
        defer { try? FileManager.default.removeItem(atPath: log) }
        let capture = ["--capture", "\(Self.captures)/heartbeat-reconnect.pcapng",
                       "--keylog", "\(Self.captures)/heartbeat-reconnect.keys", log]
        let all = try await CastscopeProcess.run(["tail", "-n", "100"] + capture)
        let times = all.standardOutput.split(separator: "\n").map { String($0.prefix(27)) }.filter { $0.hasSuffix("Z") }
        #expect(times.count > 4, "\(all.standardOutput)")
        // A cutoff inside the capture: only the Cast messages from it on are shown.
        let cutoff = times[times.count * 3 / 4]
        let result = try await CastscopeProcess.run(["tail", "-n", "100", "--since", cutoff] + capture)
        #expect(result.exitCode == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        #expect(lines.count < times.count)
        #expect(lines.allSatisfy { String($0.prefix(27)) >= cutoff }, "\(lines)")
        #expect(!result.standardOutput.contains("hello"))
    }
}
