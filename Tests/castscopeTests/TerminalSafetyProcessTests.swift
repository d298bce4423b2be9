import CastTestSupport
import Foundation
import Testing

/// Text a device, a sender or a log file controls never reaches the terminal raw: device names, media titles,
/// custom-namespace replies, the emulator's own logs and log records read by `tail`, on a terminal and not.
@Suite(.serialized) struct TerminalSafetyProcessTests {
    static let echoApp = "ABCD1234"
    static let echoNamespace = "urn:x-cast:com.example.echo"

    private func expectSafe(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(TerminalSafety.rawControls(in: text).isEmpty, "\(what): \(text.debugDescription)",
                sourceLocation: sourceLocation)
    }

    @Test func castOutputEscapesTitlesRepliesAndTheDeviceLog() async throws {
        let hostile = TerminalSafety.hostile
        let harness = try await ReceiverProcess.start(
            ["--name", "TV" + hostile, "--app", "\(Self.echoApp)=\(Self.echoNamespace)"])
        let device = ["cast", "--device", "127.0.0.1:\(harness.port)", "--insecure-skip-auth"]
        let load = try await CastscopeProcess.run(device + ["load", "http://127.0.0.1/a.mp4", "--title", hostile])
        #expect(load.exitCode == 0, "\(load.standardError)")
        expectSafe(load.standardOutput + load.standardError, "load")
        #expect(load.standardOutput.contains(TerminalSafety.hostileEscaped))
        let status = try await CastscopeProcess.run(device + ["status"])
        #expect(status.exitCode == 0, "\(status.standardError)")
        expectSafe(status.standardOutput + status.standardError, "status")
        #expect(status.standardOutput.contains(TerminalSafety.hostileEscaped))
        let json = try await CastscopeProcess.run(device + ["status", "--json"])
        expectSafe(json.standardOutput, "status --json")
        let send = try await CastscopeProcess.run(
            device + ["--app", Self.echoApp, "send", Self.echoNamespace, "reply:" + hostile])
        #expect(send.exitCode == 0, "\(send.standardError)")
        expectSafe(send.standardOutput + send.standardError, "send")
        #expect(send.standardOutput.contains(TerminalSafety.hostileEscaped))
        let (terminal, code) = try await TerminalSafety.runOnTerminal(device + ["status"])
        #expect(code == 0, "\(terminal)")
        expectSafe(TerminalSafety.withoutOwnColours(terminal), "status on a terminal (our colours removed)")
        let (_, log) = await harness.stopped()
        expectSafe(log, "receiver log")
    }

    @Test func tailEscapesRecordFieldsAndOtherLines() async throws {
        let hostile = TerminalSafety.hostile
        let path = NSTemporaryDirectory() + "castscope-hostile-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let escaped = hostile.unicodeScalars.map { scalar -> String in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                ? String(format: "\\u%04x", scalar.value) : String(scalar)
        }.joined()
        let record = #"{"ts":"2026-12-07T10:00:00.000000Z","level":"warning","class":"GCK\#(escaped)","#
            + #""function":"f\#(escaped)","file":"a.swift","line":1,"msg":"m\#(escaped)","k":"\#(escaped)"}"#
        let text = "2026-12-07T10:00:01.000000Z ERROR GCKX" + hostile + " -[g] b.swift:2 t" + hostile
        try (record + "\n" + text + "\nnot a record " + hostile + "\n").write(toFile: path, atomically: true,
                                                                             encoding: .utf8)
        let plain = try await CastscopeProcess.run(["tail", path])
        #expect(plain.exitCode == 0, "\(plain.standardError)")
        expectSafe(plain.standardOutput + plain.standardError, "tail")
        #expect(plain.standardOutput.contains("m" + TerminalSafety.hostileEscaped))
        #expect(plain.standardOutput.contains("GCK" + TerminalSafety.hostileEscaped))
        let (terminal, code) = try await TerminalSafety.runOnTerminal(["tail", path])
        #expect(code == 0, "\(terminal)")
        expectSafe(TerminalSafety.withoutOwnColours(terminal), "tail on a terminal (our colours removed)")
        #expect(terminal.contains("m" + TerminalSafety.hostileEscaped))
        let json = try await CastscopeProcess.run(["tail", "--output", "json", path])
        expectSafe(json.standardOutput + json.standardError, "tail --output json")
    }

    @Test func tailEscapesOtherProgramsLinesAndTheirContinuations() async throws {
        let hostile = TerminalSafety.hostile
        let path = NSTemporaryDirectory() + "castscope-hostile-apps-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = [
            "12-06 10:41:07.123  1234  5678 E Cast" + hostile + ": load " + hostile,
            "Traceback line continuing it " + hostile + "\r",
            "2026-12-06 10:41:09.500 E  CastVideos[812:2c1e3] [com.google.cast:chan" + hostile + "] m " + hostile,
            "ERROR:pychromecast.x" + hostile + ":failed\u{0}with a NUL",
            "-[GCKSessionManager start" + hostile + "] - " + hostile,
        ]
        var bytes = Array(lines.joined(separator: "\n").utf8) + [0x0A]
        bytes += [0xFF, 0xFE, 0x20, 0x1B, 0x5B, 0x32, 0x4A, 0x0A]  // invalid UTF-8 and a screen-clearing escape
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let plain = try await CastscopeProcess.run(["tail", "--tz", "UTC", "--year", "2026", path])
        #expect(plain.exitCode == 0, "\(plain.standardError)")
        expectSafe(plain.standardOutput + plain.standardError, "tail of other programs' lines")
        #expect(plain.standardOutput.contains("ERROR   Cast" + TerminalSafety.hostileEscaped))
        #expect(plain.standardOutput.contains("continuing it " + TerminalSafety.hostileEscaped))
        let (terminal, code) = try await TerminalSafety.runOnTerminal(["tail", path])
        #expect(code == 0, "\(terminal)")
        expectSafe(TerminalSafety.withoutOwnColours(terminal), "tail of other programs' lines on a terminal")
        let json = try await CastscopeProcess.run(["tail", "--output", "json", path])
        expectSafe(json.standardOutput + json.standardError, "tail --output json of other programs' lines")
    }
}
