import CastNet
import CastTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Process tests of `castscope tail -f`: the files change while it runs, and each test waits (polling the captured
/// output, with a generous timeout) until the expected records appear, then stops it with a signal.
@Suite struct TailFollowTests {
    /// A running `castscope tail -f` whose output goes to files read as they grow; interrupted if a test leaves it
    /// running. A `ChildProcess`: it holds no pipe of another test's for as long as it follows.
    final class FollowingProcess: Sendable {
        private let process: ChildProcess
        private let outputPath: String
        private let errorPath: String

        init(_ arguments: [String], input: ChildProcess.Input = .null) throws {
            guard let path = CastscopeProcess.executablePath else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "castscope binary not found"])
            }
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = "1"
            environment.removeValue(forKey: "CASTSCOPE_LOG")
            let base = NSTemporaryDirectory() + "castscope-follow-\(UUID().uuidString)"
            outputPath = base + ".out"
            errorPath = base + ".err"
            process = try ChildProcess(
                path: path, arguments: arguments, input: input, output: .file(outputPath), errors: .file(errorPath),
                environment: environment)
        }

        deinit {
            if process.isRunning { process.terminate(SIGINT, grace: 5) }
            unlink(outputPath)
            unlink(errorPath)
        }

        /// Standard output and standard error so far.
        var text: (output: String, error: String) {
            func read(_ path: String) -> String {
                String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            }
            return (read(outputPath), read(errorPath))
        }

        /// Waits until `condition` holds on the collected output (the kit's `eventually`).
        func waitUntil(_ condition: (_ output: String, _ error: String) -> Bool) async -> Bool {
            await eventually {
                let (output, error) = text
                return condition(output, error)
            }
        }

        /// Sends `signal`, waits for the exit and returns (exited normally, status).
        func stop(with signal: Int32) -> (exited: Bool, status: Int32) {
            let status = process.terminate(signal, grace: 10)  // killed after 10 s: a hang fails, not stalls
            return (process.endingSignal == nil, status)
        }
    }

    @Test func followPrintsAppendsAcrossRenameRotationAndTruncationThenExitsZeroOnSIGTERM() async throws {
        let scratch = TailCommandTests.Scratch()
        let path = try scratch.file(
            "app.log", [TailCommandTests.json(1, message: "m1"), TailCommandTests.json(2, message: "m2")])
        let tail = try FollowingProcess(["tail", "-f", "-n", "1", path])
        #expect(await tail.waitUntil { output, _ in output.contains(" m2\n") })

        // An append in two writes: the partial line is held until its newline arrives.
        let third = TailCommandTests.json(3, message: "m3")
        scratch.append(String(third.prefix(40)), to: path)
        scratch.append(String(third.dropFirst(40)) + "\n", to: path)
        #expect(await tail.waitUntil { output, _ in output.contains(" m3\n") })

        // Rotation by rename, as RotatingFileSink does it.
        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        let long = "m4 is long, so that the file after truncation is shorter than what was read"
        scratch.append(TailCommandTests.json(4, message: long) + "\n", to: path)
        #expect(await tail.waitUntil { output, _ in output.contains(" \(long)\n") })

        // Copy-truncate.
        #expect(truncate(path, 0) == 0)
        scratch.append(TailCommandTests.json(5, message: "m5") + "\n", to: path)
        #expect(await tail.waitUntil { output, _ in output.contains(" m5\n") })

        let (exited, status) = tail.stop(with: SIGTERM)
        #expect(exited)
        #expect(status == 0)
        #expect(
            TailCommandTests.lines(tail.text.output) == [
                TailCommandTests.text(2, message: "m2"), TailCommandTests.text(3, message: "m3"),
                TailCommandTests.text(4, message: long),
                TailCommandTests.text(5, message: "m5"),
            ])
        #expect(tail.text.error.contains("castscope: \(path): file truncated\n"))
    }

    /// `adb logcat -v threadtime | castscope tail -f -` and `idevicesyslog | castscope tail -f -`: a pipe that
    /// stays open is read line by line as it comes, filtered by class, and Ctrl-C (SIGINT) ends with 0.
    @Test func aStreamOnStandardInputIsShownLineByLineAndSIGINTEndsWithZero() async throws {
        let fifo = NSTemporaryDirectory() + "castscope-stream-\(UUID().uuidString)"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // Opened for reading and writing: neither side's open waits, and the stream never ends while it is open.
        let writer = open(fifo, O_RDWR)
        #expect(writer >= 0)
        defer { close(writer) }
        func send(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        }
        let tail = try FollowingProcess(
            ["tail", "-f", "--year", "2026", "--tz", "UTC", "--level", "error", "--class", "CastContext=debug",
             "--class", "GCK*=info", "-"], input: .file(fifo))
        send("--------- beginning of main")
        send("12-06 10:41:07.123  1234  5678 D CastContext: session started")
        send("12-06 10:41:07.200  1234  5678 D MediaRouter: route added")
        #expect(await tail.waitUntil { output, _ in output.contains("CastContext session started") })
        send("Dec  6 10:41:08 Tom's iPhone CastVideos(GoogleCast)[812] <Notice>: -[GCKSessionManager startSession] - go")
        send("Dec  6 10:41:09 Tom's iPhone CastVideos(GoogleCast)[812] <Debug>: -[GCKDeviceScanner scan] - quiet")
        send("12-06 10:41:10.000  1234  5678 E RemoteMediaClient: load failed")
        #expect(await tail.waitUntil { output, _ in output.contains("load failed") })
        let (exited, status) = tail.stop(with: SIGINT)
        #expect(exited)
        #expect(status == 0)
        let lines = TailCommandTests.lines(tail.text.output)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first == "2026-12-06T10:41:07.123000Z DEBUG   CastContext session started format=logcat pid=1234 tid=5678")
        #expect(lines.contains { $0.contains("INFO    GCKSessionManager -[startSession] go") })
        #expect(!lines.contains { $0.contains("MediaRouter") || $0.contains("quiet") })
    }

    @Test func followWaitsForAMissingFileAndExitsZeroOnSIGINT() async throws {
        let scratch = TailCommandTests.Scratch()
        let path = scratch.directory + "/later.log"
        let tail = try FollowingProcess(["tail", "-f", "--output", "json", path])
        #expect(
            await tail.waitUntil { _, error in
                error == "castscope: \(path): no such file yet; waiting for it to appear\n"
            })
        scratch.append(TailCommandTests.json(1, message: "hello") + "\n", to: path)
        #expect(await tail.waitUntil { output, _ in output == TailCommandTests.json(1, message: "hello") + "\n" })
        #expect(tail.text.error.hasSuffix("castscope: \(path) has appeared; following it\n"))
        let (exited, status) = tail.stop(with: SIGINT)
        #expect(exited)
        #expect(status == 0)
    }

    @Test func followKeepsFollowingEveryFileWithFilters() async throws {
        let scratch = TailCommandTests.Scratch()
        let first = try scratch.file("a.log", [])
        let second = try scratch.file("b.log", [])
        let tail = try FollowingProcess(["tail", "-f", "--level", "warning", first, second])
        scratch.append(
            TailCommandTests.json(1, "info", "C", "quiet") + "\n" + TailCommandTests.json(2, "error", "C", "loud-a")
                + "\n", to: first)
        #expect(await tail.waitUntil { output, _ in output.contains(" loud-a\n") })
        scratch.append(TailCommandTests.json(3, "warning", "C", "loud-b") + "\n", to: second)
        #expect(await tail.waitUntil { output, _ in output.contains(" loud-b\n") })
        let (exited, status) = tail.stop(with: SIGTERM)
        #expect(exited && status == 0)
        #expect(!tail.text.output.contains("quiet"))
    }

    @Test func followStillRefusesAnUnreadableFile() async throws {
        let scratch = TailCommandTests.Scratch()
        let result = try await CastscopeProcess.run(["tail", "-f", scratch.directory])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "Error: cannot read \(scratch.directory): Is a directory\n")
    }
}
