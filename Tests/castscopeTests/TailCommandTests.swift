import CastJSON
import CastTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Golden tests of the real `castscope tail` binary.
@Suite struct TailCommandTests {
    /// A scratch directory of log files, removed when the test ends.
    final class Scratch {
        let directory: String

        init() {
            directory = NSTemporaryDirectory() + "castscope-tail-\(UUID().uuidString)"
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        /// Writes `lines` (each followed by a newline) to a new file and returns its path.
        func file(_ name: String, _ lines: [String]) throws -> String {
            let path = directory + "/" + name
            try lines.map { $0 + "\n" }.joined().write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }

        /// Appends raw text to the file at `path`, creating it.
        func append(_ text: String, to path: String) {
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            precondition(fd >= 0, "cannot open the scratch file")
            _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
    }

    /// A JSON line as CastLog's file sink writes it, at 05:28:SS.
    static func json(_ second: Int, message: String) -> String {
        json(second, "info", "GCKCastChannel", message)
    }

    /// A JSON line with every field chosen.
    static func json(
        _ second: Int, _ level: String, _ className: String, _ message: String, function: String = "sendMessage(_:)"
    ) -> String {
        let ts = "2026-11-30T05:28:\(second < 10 ? "0" : "")\(second).000000Z"
        return #"{"ts":"\#(ts)","level":"\#(level)","class":"\#(className)","function":"\#(function)","#
            + #""file":"CastChannel/CastSocket.swift","line":88,"msg":"\#(message)"}"#
    }

    /// The text-format line `json(...)` becomes on output.
    static func text(_ second: Int, message: String) -> String {
        text(second, "INFO   ", "GCKCastChannel", message)
    }

    /// A text-format line with every field chosen.
    static func text(
        _ second: Int, _ level: String, _ className: String, _ message: String, function: String = "sendMessage"
    ) -> String {
        "2026-11-30T05:28:\(second < 10 ? "0" : "")\(second).000000Z \(level) \(className) -[\(function)] "
            + "CastSocket.swift:88 \(message)"
    }

    static func lines(_ output: String) -> [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    // MARK: Reading and -n

    @Test func aBinaryFileShowsEscapedControlBytesNeverRawOnes() async throws {
        let bytes: [UInt8] = Array("A".utf8) + [0x01, 0x02, 0x1B] + Array("[31mred\u{7F}\n".utf8)
        let result = try await CastscopeProcess.run(["tail", "-"], input: bytes)
        #expect(result.standardOutput == "A\\x01\\x02\\x1b[31mred\\x7f\n", "\(result.standardOutput)")
        #expect(!result.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func showsTheLastTenRecordsByDefault() async throws {
        let scratch = Scratch()
        let path = try scratch.file("app.log", (0..<12).map { Self.json($0, message: "m\($0)") })
        let result = try await CastscopeProcess.run(["tail", path])
        #expect(result.exitCode == 0)
        #expect(Self.lines(result.standardOutput) == (2..<12).map { Self.text($0, message: "m\($0)") })
        #expect(result.standardError.isEmpty)
    }

    @Test func linesOptionPicksHowManyAndZeroShowsNone() async throws {
        let scratch = Scratch()
        let path = try scratch.file("app.log", (0..<5).map { Self.json($0, message: "m\($0)") })
        let three = try await CastscopeProcess.run(["tail", "-n", "3", path])
        #expect(Self.lines(three.standardOutput) == (2..<5).map { Self.text($0, message: "m\($0)") })
        let none = try await CastscopeProcess.run(["tail", "-n0", path])
        #expect(none.exitCode == 0)
        #expect(none.standardOutput.isEmpty)
        let all = try await CastscopeProcess.run(["tail", "--lines=100", path])
        #expect(Self.lines(all.standardOutput).count == 5)
    }

    @Test func mergesFilesByTimeKeepingArgumentOrderForEqualTimes() async throws {
        let scratch = Scratch()
        let first = try scratch.file(
            "a.log",
            [
                Self.json(1, message: "a1"), Self.json(3, message: "a3"), Self.json(5, message: "a5-first"),
            ])
        let second = try scratch.file(
            "b.log",
            [
                Self.json(2, message: "b2"), Self.json(5, message: "b5-second"), Self.json(6, message: "b6"),
            ])
        let result = try await CastscopeProcess.run(["tail", "-n", "5", first, second])
        #expect(
            Self.lines(result.standardOutput) == [
                Self.text(2, message: "b2"), Self.text(3, message: "a3"), Self.text(5, message: "a5-first"),
                Self.text(5, message: "b5-second"), Self.text(6, message: "b6"),
            ])
    }

    @Test func readsTheTextFormatAndStandardInput() async throws {
        let input =
            Self.text(1, "WARNING", "GCKSessionManager", "from text", function: "start") + "\n"
            + Self.json(2, message: "from json") + "\n"
        let result = try await CastscopeProcess.run(["tail", "-"], input: Array(input.utf8))
        #expect(result.exitCode == 0)
        #expect(
            Self.lines(result.standardOutput) == [
                Self.text(1, "WARNING", "GCKSessionManager", "from text", function: "start"),
                Self.text(2, message: "from json"),
            ])
    }

    // MARK: Filtering

    private func mixedLog(_ scratch: Scratch) throws -> String {
        try scratch.file(
            "mixed.log",
            [
                Self.json(1, "verbose", "GCKCastChannel", "channel verbose"),
                Self.json(2, "debug", "GCKCastSession", "session debug"),
                Self.json(3, "info", "GCKUICastButton", "button info"),
                Self.json(4, "warning", "GCKDiscoveryManager", "discovery timeout"),
                Self.json(5, "error", "GCKCastChannel", "channel error"),
            ])
    }

    private func messages(_ output: String) -> [String] {
        Self.lines(output).map { String($0.split(separator: " ", maxSplits: 5).last ?? "") }
    }

    @Test func filterFileSelectsRecords() async throws {
        let scratch = Scratch()
        let log = try mixedLog(scratch)
        let filter = try scratch.file("x.filter", ["minimum = error", "GCK*Session = debug"])
        let result = try await CastscopeProcess.run(["tail", "--filter", filter, log])
        #expect(result.exitCode == 0)
        #expect(messages(result.standardOutput) == ["session debug", "channel error"])
    }

    @Test func classRulesAddToTheFilterFile() async throws {
        let scratch = Scratch()
        let log = try mixedLog(scratch)
        let filter = try scratch.file("x.filter", ["minimum = error"])
        let result = try await CastscopeProcess.run(["tail", "--filter", filter, "--class", "GCKUI*=info", log])
        #expect(messages(result.standardOutput) == ["button info", "channel error"])
    }

    @Test func classRulesAloneShowOnlyTheNamedClasses() async throws {
        let scratch = Scratch()
        let log = try mixedLog(scratch)
        let result = try await CastscopeProcess.run([
            "tail", "--class", "GCKCastChannel=verbose", "--class", "GCK*Session = debug", log,
        ])
        #expect(messages(result.standardOutput) == ["channel verbose", "session debug", "channel error"])
    }

    @Test func levelSetsTheMinimum() async throws {
        let scratch = Scratch()
        let result = try await CastscopeProcess.run(["tail", "--level", "warning", try mixedLog(scratch)])
        #expect(messages(result.standardOutput) == ["discovery timeout", "channel error"])
    }

    @Test func grepKeepsMatchingMessages() async throws {
        let scratch = Scratch()
        let result = try await CastscopeProcess.run(["tail", "--grep", "(?i)TIMEOUT|error", try mixedLog(scratch)])
        #expect(messages(result.standardOutput) == ["discovery timeout", "channel error"])
    }

    @Test func sinceTakesATimeOrADurationAgo() async throws {
        let scratch = Scratch()
        let log = try mixedLog(scratch)
        let absolute = try await CastscopeProcess.run(["tail", "--since", "2026-11-30T05:28:04Z", log])
        #expect(messages(absolute.standardOutput) == ["discovery timeout", "channel error"])
        let date = try await CastscopeProcess.run(["tail", "--since", "2026-12-01", log])
        #expect(date.standardOutput.isEmpty)
        let now = Date().timeIntervalSince1970
        let recent = try scratch.file(
            "recent.log",
            [
                Self.jsonAt(now - 3 * 86_400, "three days ago"),
                Self.jsonAt(now - 3600, "an hour ago"),
                Self.jsonAt(now - 60, "a minute ago"),
            ])
        let relative = try await CastscopeProcess.run(["tail", "--since", "10m", recent])
        #expect(relative.standardOutput.hasSuffix(" a minute ago\n"))
        #expect(Self.lines(relative.standardOutput).count == 1)
        let twoHours = try await CastscopeProcess.run(["tail", "--since", "2h", recent])
        #expect(Self.lines(twoHours.standardOutput).count == 2)
    }

    /// A JSON line at `seconds` since the epoch.
    static func jsonAt(_ seconds: Double, _ message: String) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let ts = formatter.string(from: Date(timeIntervalSince1970: seconds.rounded(.down)))
        return
            #"{"ts":"\#(ts)","level":"info","class":"C","function":"f","file":"F.swift","line":1,"msg":"\#(message)"}"#
    }

    @Test func castscopeLogIsTheFilterOnlyWhenNoFilterOptionIsGiven() async throws {
        let scratch = Scratch()
        let log = try mixedLog(scratch)
        let fromEnvironment = try await CastscopeProcess.run(
            ["tail", log], environment: ["CASTSCOPE_LOG": "error,GCKUI*=info"])
        #expect(messages(fromEnvironment.standardOutput) == ["button info", "channel error"])
        let overridden = try await CastscopeProcess.run(
            ["tail", "--level", "warning", log], environment: ["CASTSCOPE_LOG": "error,GCKUI*=info"])
        #expect(messages(overridden.standardOutput) == ["discovery timeout", "channel error"])
        let invalid = try await CastscopeProcess.run(["tail", log], environment: ["CASTSCOPE_LOG": "loud"])
        // A bad environment variable is a usage error naming it, in every command.
        #expect(invalid.exitCode == 64)
        #expect(invalid.standardError.hasPrefix("Error: CASTSCOPE_LOG:1:1: unknown level 'loud'"))
    }

    // MARK: Output

    @Test func jsonOutputIsJSONLinesOnly() async throws {
        let scratch = Scratch()
        let log = try scratch.file("app.log", ["garbage first", Self.json(1, message: "one"), "  continued",
                                               Self.json(2, message: "two")])
        let result = try await CastscopeProcess.run(["tail", "--output", "json", log])
        #expect(result.exitCode == 0)
        let lines = Self.lines(result.standardOutput)
        #expect(lines.count == 3)
        #expect(lines.first == Self.json(1, message: "one"))
        #expect(lines.last == Self.json(2, message: "two"))
        // A line after a record continues it: a record of its time, level and class, marked `continuation`.
        let continued = try JSONValue(parsing: lines[1])
        #expect(continued["msg"] == "  continued")
        #expect(continued["continuation"] == .bool(true))
        #expect(continued["class"] == "GCKCastChannel")
        // A line with no record before it stands alone: in JSON mode it goes to standard error.
        #expect(result.standardError
            == "castscope: not a log record: garbage first\ncastscope: 1 line was not a log record\n")
    }

    @Test func badLinesAreShownRawInPlaceAndCounted() async throws {
        let scratch = Scratch()
        let log = try scratch.file(
            "app.log",
            [
                "starting up", Self.json(1, message: "one"), "{\"ts\": broken", "", Self.json(2, message: "two"),
                "trailing junk",
            ])
        let result = try await CastscopeProcess.run(["tail", log])
        #expect(result.exitCode == 0)
        #expect(
            Self.lines(result.standardOutput) == [
                "starting up", Self.text(1, message: "one"), "{\"ts\": broken", Self.text(2, message: "two"),
                "trailing junk",
            ])
        // Only the line before any record stands alone; the others continue the record before them.
        #expect(result.standardError == "castscope: 1 line was not a log record\n")
        let filtered = try await CastscopeProcess.run(["tail", "--level", "none", log])
        #expect(Self.lines(filtered.standardOutput) == ["starting up"])
    }

    @Test func overlongLinesAreReportedSkippedAndCounted() async throws {
        let scratch = Scratch()
        let long = String(repeating: "x", count: (1 << 20) + 10)
        let log = try scratch.file("app.log", [Self.json(1, message: "before"), long, Self.json(2, message: "after")])
        let result = try await CastscopeProcess.run(["tail", log])
        #expect(Self.lines(result.standardOutput) == [Self.text(1, message: "before"), Self.text(2, message: "after")])
        #expect(
            result.standardError == "castscope: \(log): skipped a line longer than 1048576 bytes\n"
                + "castscope: 1 line was not a log record\n")
    }

    // MARK: Errors

    @Test func unreadableFilesExitOneWithTheReason() async throws {
        let scratch = Scratch()
        let good = try scratch.file("good.log", [Self.json(1, message: "fine")])
        let missing = scratch.directory + "/missing.log"
        let result = try await CastscopeProcess.run(["tail", good, missing, scratch.directory])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == "Error: cannot read \(missing): No such file or directory\n"
                + "Error: cannot read \(scratch.directory): Is a directory\n")
    }

    @Test func unreadableFilterFileExitsOne() async throws {
        let scratch = Scratch()
        let log = try scratch.file("app.log", [Self.json(1, message: "fine")])
        let result = try await CastscopeProcess.run(["tail", "--filter", "/nonexistent.filter", log])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "Error: /nonexistent.filter: no such filter file\n")
        let glob = try await CastscopeProcess.run(["tail", "--class", "GCK[=debug", "/dev/null"])
        #expect(glob.exitCode == 64)
        #expect(glob.standardError.contains("pattern column 4: unterminated '[' set"), "\(glob.standardError)")
    }

    @Test(arguments: [
        (["tail"], "Error: Missing expected argument '<file> ...'"),
        (
            ["tail", "-n", "-1", "x"],
            "Error: The value '-1' is invalid for '--lines <n>': expected a non-negative integer"
        ),
        (["tail", "--output", "xml", "x"], "Error: The value 'xml' is invalid for '--output <format>'"),
        (["tail", "--level", "loud", "x"], "Error: The value 'loud' is invalid for '--level <level>'"),
        (["tail", "--class", "GCK*", "x"], "Error: The value 'GCK*' is invalid for '--class <pattern=level>'"),
        (["tail", "--class", "GCK[=debug", "x"], "Error: The value 'GCK[=debug' is invalid for '--class"),
        (["tail", "--grep", "(unclosed", "x"], "Error: The value '(unclosed' is invalid for '--grep <regex>'"),
        (["tail", "--since", "yesterday", "x"], "Error: The value 'yesterday' is invalid for '--since <time>'"),
        (["tail", "-", "-"], "Error: '-' (standard input) can be given only once"),
        (["tail", "--bogus", "x"], "Error: Unknown option '--bogus'"),
    ])
    func usageErrorsExitSixtyFour(arguments: [String], errorPrefix: String) async throws {
        let result = try await CastscopeProcess.run(arguments)
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix(errorPrefix), "\(result.standardError)")
        #expect(result.standardError.contains("Usage: castscope tail"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func helpDescribesTheCommand() async throws {
        let result = try await CastscopeProcess.run(["tail", "--help"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("OVERVIEW: Print the last records of log files"))
        #expect(result.standardOutput.contains("-f, --follow"))
        #expect(result.standardOutput.contains("--output <format>"))
    }
}
