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

    private func lines(_ output: String) -> [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    // MARK: Reading and -n

    @Test func showsTheLastTenRecordsByDefault() throws {
        let scratch = Scratch()
        let path = try scratch.file("app.log", (0..<12).map { Self.json($0, message: "m\($0)") })
        let result = try CastscopeProcess.run(["tail", path])
        #expect(result.exitCode == 0)
        #expect(lines(result.standardOutput) == (2..<12).map { Self.text($0, message: "m\($0)") })
        #expect(result.standardError.isEmpty)
    }

    @Test func linesOptionPicksHowManyAndZeroShowsNone() throws {
        let scratch = Scratch()
        let path = try scratch.file("app.log", (0..<5).map { Self.json($0, message: "m\($0)") })
        let three = try CastscopeProcess.run(["tail", "-n", "3", path])
        #expect(lines(three.standardOutput) == (2..<5).map { Self.text($0, message: "m\($0)") })
        let none = try CastscopeProcess.run(["tail", "-n0", path])
        #expect(none.exitCode == 0)
        #expect(none.standardOutput.isEmpty)
        let all = try CastscopeProcess.run(["tail", "--lines=100", path])
        #expect(lines(all.standardOutput).count == 5)
    }

    @Test func mergesFilesByTimeKeepingArgumentOrderForEqualTimes() throws {
        let scratch = Scratch()
        let first = try scratch.file("a.log", [
            Self.json(1, message: "a1"), Self.json(3, message: "a3"), Self.json(5, message: "a5-first"),
        ])
        let second = try scratch.file("b.log", [
            Self.json(2, message: "b2"), Self.json(5, message: "b5-second"), Self.json(6, message: "b6"),
        ])
        let result = try CastscopeProcess.run(["tail", "-n", "5", first, second])
        #expect(lines(result.standardOutput) == [
            Self.text(2, message: "b2"), Self.text(3, message: "a3"), Self.text(5, message: "a5-first"),
            Self.text(5, message: "b5-second"), Self.text(6, message: "b6"),
        ])
    }

    @Test func readsTheTextFormatAndStandardInput() throws {
        let input = Self.text(1, "WARNING", "GCKSessionManager", "from text", function: "start") + "\n"
            + Self.json(2, message: "from json") + "\n"
        let result = try CastscopeProcess.run(["tail", "-"], input: Array(input.utf8))
        #expect(result.exitCode == 0)
        #expect(lines(result.standardOutput) == [
            Self.text(1, "WARNING", "GCKSessionManager", "from text", function: "start"),
            Self.text(2, message: "from json"),
        ])
    }

    // MARK: Filtering

    private func mixedLog(_ scratch: Scratch) throws -> String {
        try scratch.file("mixed.log", [
            Self.json(1, "verbose", "GCKCastChannel", "channel verbose"),
            Self.json(2, "debug", "GCKCastSession", "session debug"),
            Self.json(3, "info", "GCKUICastButton", "button info"),
            Self.json(4, "warning", "GCKDiscoveryManager", "discovery timeout"),
            Self.json(5, "error", "GCKCastChannel", "channel error"),
        ])
    }

    private func messages(_ output: String) -> [String] {
        lines(output).map { String($0.split(separator: " ", maxSplits: 5).last ?? "") }
    }

    @Test func filterFileSelectsRecords() throws {
        let scratch = Scratch()
        let log = try mixedLog(scratch)
        let filter = try scratch.file("x.filter", ["minimum = error", "GCK*Session = debug"])
        let result = try CastscopeProcess.run(["tail", "--filter", filter, log])
        #expect(result.exitCode == 0)
        #expect(messages(result.standardOutput) == ["session debug", "channel error"])
    }

    @Test func classRulesAddToTheFilterFile() throws {
        let scratch = Scratch()
        let log = try mixedLog(scratch)
        let filter = try scratch.file("x.filter", ["minimum = error"])
        let result = try CastscopeProcess.run(["tail", "--filter", filter, "--class", "GCKUI*=info", log])
        #expect(messages(result.standardOutput) == ["button info", "channel error"])
    }

    @Test func classRulesAloneShowOnlyTheNamedClasses() throws {
        let scratch = Scratch()
        let log = try mixedLog(scratch)
        let result = try CastscopeProcess.run([
            "tail", "--class", "GCKCastChannel=verbose", "--class", "GCK*Session = debug", log,
        ])
        #expect(messages(result.standardOutput) == ["channel verbose", "session debug", "channel error"])
    }

    @Test func levelSetsTheMinimum() throws {
        let scratch = Scratch()
        let result = try CastscopeProcess.run(["tail", "--level", "warning", try mixedLog(scratch)])
        #expect(messages(result.standardOutput) == ["discovery timeout", "channel error"])
    }

    @Test func grepKeepsMatchingMessages() throws {
        let scratch = Scratch()
        let result = try CastscopeProcess.run(["tail", "--grep", "(?i)TIMEOUT|error", try mixedLog(scratch)])
        #expect(messages(result.standardOutput) == ["discovery timeout", "channel error"])
    }

    @Test func sinceTakesATimeOrADurationAgo() throws {
        let scratch = Scratch()
        let log = try mixedLog(scratch)
        let absolute = try CastscopeProcess.run(["tail", "--since", "2026-11-30T05:28:04Z", log])
        #expect(messages(absolute.standardOutput) == ["discovery timeout", "channel error"])
        let date = try CastscopeProcess.run(["tail", "--since", "2026-12-01", log])
        #expect(date.standardOutput.isEmpty)
        let now = Date().timeIntervalSince1970
        let recent = try scratch.file("recent.log", [
            Self.jsonAt(now - 3 * 86_400, "three days ago"),
            Self.jsonAt(now - 3600, "an hour ago"),
            Self.jsonAt(now - 60, "a minute ago"),
        ])
        let relative = try CastscopeProcess.run(["tail", "--since", "10m", recent])
        #expect(relative.standardOutput.hasSuffix(" a minute ago\n"))
        #expect(lines(relative.standardOutput).count == 1)
        let twoHours = try CastscopeProcess.run(["tail", "--since", "2h", recent])
        #expect(lines(twoHours.standardOutput).count == 2)
    }

    /// A JSON line at `seconds` since the epoch.
    static func jsonAt(_ seconds: Double, _ message: String) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let ts = formatter.string(from: Date(timeIntervalSince1970: seconds.rounded(.down)))
        return #"{"ts":"\#(ts)","level":"info","class":"C","function":"f","file":"F.swift","line":1,"msg":"\#(message)"}"#
    }

    @Test func castscopeLogIsTheFilterOnlyWhenNoFilterOptionIsGiven() throws {
        let scratch = Scratch()
        let log = try mixedLog(scratch)
        let fromEnvironment = try CastscopeProcess.run(
            ["tail", log], environment: ["CASTSCOPE_LOG": "error,GCKUI*=info"])
        #expect(messages(fromEnvironment.standardOutput) == ["button info", "channel error"])
        let overridden = try CastscopeProcess.run(
            ["tail", "--level", "warning", log], environment: ["CASTSCOPE_LOG": "error,GCKUI*=info"])
        #expect(messages(overridden.standardOutput) == ["discovery timeout", "channel error"])
        let invalid = try CastscopeProcess.run(["tail", log], environment: ["CASTSCOPE_LOG": "loud"])
        #expect(invalid.exitCode == 1)
        #expect(invalid.standardError.hasPrefix("Error: CASTSCOPE_LOG:1:1: unknown level 'loud'"))
    }

    // MARK: Output

    @Test func jsonOutputIsJSONLinesOnly() throws {
        let scratch = Scratch()
        let log = try scratch.file("app.log", [Self.json(1, message: "one"), "garbage", Self.json(2, message: "two")])
        let result = try CastscopeProcess.run(["tail", "--output", "json", log])
        #expect(result.exitCode == 0)
        #expect(lines(result.standardOutput) == [
            Self.json(1, message: "one"), Self.json(2, message: "two"),
        ])
        #expect(result.standardError == "castscope: not a log record: garbage\ncastscope: 1 line was not a log record\n")
    }

    @Test func badLinesAreShownRawInPlaceAndCounted() throws {
        let scratch = Scratch()
        let log = try scratch.file("app.log", [
            "starting up", Self.json(1, message: "one"), "{\"ts\": broken", "", Self.json(2, message: "two"),
            "trailing junk",
        ])
        let result = try CastscopeProcess.run(["tail", log])
        #expect(result.exitCode == 0)
        #expect(lines(result.standardOutput) == [
            "starting up", Self.text(1, message: "one"), "{\"ts\": broken", Self.text(2, message: "two"),
            "trailing junk",
        ])
        #expect(result.standardError == "castscope: 3 lines were not log records\n")
    }

    @Test func overlongLinesAreReportedSkippedAndCounted() throws {
        let scratch = Scratch()
        let long = String(repeating: "x", count: (1 << 20) + 10)
        let log = try scratch.file("app.log", [Self.json(1, message: "before"), long, Self.json(2, message: "after")])
        let result = try CastscopeProcess.run(["tail", log])
        #expect(lines(result.standardOutput) == [Self.text(1, message: "before"), Self.text(2, message: "after")])
        #expect(result.standardError == "castscope: \(log): skipped a line longer than 1048576 bytes\n"
            + "castscope: 1 line was not a log record\n")
    }

    // MARK: Errors

    @Test func unreadableFilesExitOneWithTheReason() throws {
        let scratch = Scratch()
        let good = try scratch.file("good.log", [Self.json(1, message: "fine")])
        let missing = scratch.directory + "/missing.log"
        let result = try CastscopeProcess.run(["tail", good, missing, scratch.directory])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "Error: cannot read \(missing): No such file or directory\n"
            + "Error: cannot read \(scratch.directory): Is a directory\n")
    }

    @Test func unreadableFilterFileExitsOne() throws {
        let scratch = Scratch()
        let log = try scratch.file("app.log", [Self.json(1, message: "fine")])
        let result = try CastscopeProcess.run(["tail", "--filter", "/nonexistent.filter", log])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "Error: /nonexistent.filter: cannot read the filter file\n")
    }

    @Test(arguments: [
        (["tail"], "Error: Missing expected argument '<file> ...'"),
        (["tail", "-n", "-1", "x"], "Error: The value '-1' is invalid for '--lines <n>': expected a non-negative integer"),
        (["tail", "--output", "xml", "x"], "Error: The value 'xml' is invalid for '--output <format>'"),
        (["tail", "--level", "loud", "x"], "Error: The value 'loud' is invalid for '--level <level>'"),
        (["tail", "--class", "GCK*", "x"], "Error: The value 'GCK*' is invalid for '--class <pattern=level>'"),
        (["tail", "--class", "GCK[=debug", "x"], "Error: The value 'GCK[=debug' is invalid for '--class"),
        (["tail", "--grep", "(unclosed", "x"], "Error: The value '(unclosed' is invalid for '--grep <regex>'"),
        (["tail", "--since", "yesterday", "x"], "Error: The value 'yesterday' is invalid for '--since <time>'"),
        (["tail", "-", "-", ], "Error: '-' (standard input) can be given only once"),
        (["tail", "--bogus", "x"], "Error: Unknown option '--bogus'"),
    ])
    func usageErrorsExitSixtyFour(arguments: [String], errorPrefix: String) throws {
        let result = try CastscopeProcess.run(arguments)
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix(errorPrefix), "\(result.standardError)")
        #expect(result.standardError.contains("Usage: castscope tail"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func helpDescribesTheCommand() throws {
        let result = try CastscopeProcess.run(["tail", "--help"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("OVERVIEW: Print the last records of log files"))
        #expect(result.standardOutput.contains("-f, --follow"))
        #expect(result.standardOutput.contains("--output <format>"))
    }

    // MARK: Following

    /// A running `castscope tail -f` whose output is collected as it arrives; killed if a test leaves it running.
    final class FollowingProcess: @unchecked Sendable {
        private let process = Process()
        private let lock = NSLock()
        private var output = Data()
        private var error = Data()

        init(_ arguments: [String]) throws {
            guard let path = CastscopeProcess.executablePath else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "castscope binary not found"])
            }
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = "1"
            environment.removeValue(forKey: "CASTSCOPE_LOG")
            process.environment = environment
            let stdout = Pipe(), stderr = Pipe()
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = stdout
            process.standardError = stderr
            stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
                self?.collect(handle.availableData, error: false)
            }
            stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in
                self?.collect(handle.availableData, error: true)
            }
            try process.run()
        }

        deinit {
            if process.isRunning {
                process.interrupt()
                process.waitUntilExit()
            }
        }

        private func collect(_ data: Data, error isError: Bool) {
            lock.lock()
            if isError { error.append(data) } else { output.append(data) }
            lock.unlock()
        }

        /// Standard output and standard error so far.
        var text: (output: String, error: String) {
            lock.lock()
            defer { lock.unlock() }
            return (String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
        }

        /// Polls the collected output until `condition` holds; false after a generous 30 s.
        func waitUntil(_ condition: (_ output: String, _ error: String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                let (output, error) = text
                if condition(output, error) { return true }
                usleep(20_000)
            }
            return false
        }

        /// Sends `signal`, waits for the exit and returns (exited normally, status).
        func stop(with signal: Int32) -> (exited: Bool, status: Int32) {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            return (process.terminationReason == .exit, process.terminationStatus)
        }
    }

    @Test func followPrintsAppendsAcrossRenameRotationAndTruncationThenExitsZeroOnSIGTERM() throws {
        let scratch = Scratch()
        let path = try scratch.file("app.log", [Self.json(1, message: "m1"), Self.json(2, message: "m2")])
        let tail = try FollowingProcess(["tail", "-f", "-n", "1", path])
        #expect(tail.waitUntil { output, _ in output.contains(" m2\n") })

        // An append in two writes: the partial line is held until its newline arrives.
        let third = Self.json(3, message: "m3")
        scratch.append(String(third.prefix(40)), to: path)
        scratch.append(String(third.dropFirst(40)) + "\n", to: path)
        #expect(tail.waitUntil { output, _ in output.contains(" m3\n") })

        // Rotation by rename, as RotatingFileSink does it.
        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        let long = "m4 is long, so that the file after truncation is shorter than what was read"
        scratch.append(Self.json(4, message: long) + "\n", to: path)
        #expect(tail.waitUntil { output, _ in output.contains(" \(long)\n") })

        // Copy-truncate.
        #expect(truncate(path, 0) == 0)
        scratch.append(Self.json(5, message: "m5") + "\n", to: path)
        #expect(tail.waitUntil { output, _ in output.contains(" m5\n") })

        let (exited, status) = tail.stop(with: SIGTERM)
        #expect(exited)
        #expect(status == 0)
        #expect(lines(tail.text.output) == [
            Self.text(2, message: "m2"), Self.text(3, message: "m3"), Self.text(4, message: long),
            Self.text(5, message: "m5"),
        ])
        #expect(tail.text.error.contains("castscope: \(path): file truncated\n"))
    }

    @Test func followWaitsForAMissingFileAndExitsZeroOnSIGINT() throws {
        let scratch = Scratch()
        let path = scratch.directory + "/later.log"
        let tail = try FollowingProcess(["tail", "-f", "--output", "json", path])
        #expect(tail.waitUntil { _, error in
            error == "castscope: \(path): no such file yet; waiting for it to appear\n"
        })
        scratch.append(Self.json(1, message: "hello") + "\n", to: path)
        #expect(tail.waitUntil { output, _ in output == Self.json(1, message: "hello") + "\n" })
        #expect(tail.text.error.hasSuffix("castscope: \(path) has appeared; following it\n"))
        let (exited, status) = tail.stop(with: SIGINT)
        #expect(exited)
        #expect(status == 0)
    }

    @Test func followKeepsFollowingEveryFileWithFilters() throws {
        let scratch = Scratch()
        let first = try scratch.file("a.log", [])
        let second = try scratch.file("b.log", [])
        let tail = try FollowingProcess(["tail", "-f", "--level", "warning", first, second])
        scratch.append(Self.json(1, "info", "C", "quiet") + "\n" + Self.json(2, "error", "C", "loud-a") + "\n", to: first)
        #expect(tail.waitUntil { output, _ in output.contains(" loud-a\n") })
        scratch.append(Self.json(3, "warning", "C", "loud-b") + "\n", to: second)
        #expect(tail.waitUntil { output, _ in output.contains(" loud-b\n") })
        let (exited, status) = tail.stop(with: SIGTERM)
        #expect(exited && status == 0)
        #expect(!tail.text.output.contains("quiet"))
    }

    @Test func followStillRefusesAnUnreadableFile() throws {
        let scratch = Scratch()
        let result = try CastscopeProcess.run(["tail", "-f", scratch.directory])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "Error: cannot read \(scratch.directory): Is a directory\n")
    }
}
