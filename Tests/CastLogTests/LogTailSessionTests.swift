import Foundation
import Testing

@testable import CastLog

#if canImport(Glibc)
import Glibc
#endif

/// `LogTailSession` over real temporary files, driven with explicit `followOnce` calls.
@Suite struct LogTailSessionTests {
    private final class Scratch {
        let directory = NSTemporaryDirectory() + "castscope-session-\(UUID().uuidString)"

        init() { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        func append(_ lines: [String], to name: String) -> String {
            let path = directory + "/" + name
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            precondition(fd >= 0, "cannot open the scratch file")
            _ = Array(lines.map { $0 + "\n" }.joined().utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            return path
        }
    }

    private func json(_ second: Int, _ message: String, level: String = "info") -> String {
        #"{"ts":"2026-11-30T05:28:\#(10 + second).000000Z","level":"\#(level)","class":"C","function":"f","#
            + #""file":"F.swift","line":1,"msg":"\#(message)"}"#
    }

    private func session(_ paths: [String], follow: Bool = false, lines: Int = 10) -> LogTailSession {
        var filter = LoggerFilter()
        filter.minimumLevel = .info
        return LogTailSession(
            paths: paths, follow: follow, lineCount: lines, selector: LogTailSelector(filter: filter),
            printer: LogTailPrinter(format: .text, colored: false))
    }

    /// The messages (last word of each line) on standard output, and standard error.
    private func collect(_ body: ((LogTailPrinter.Rendered) -> Void) -> Void) -> (messages: [String], error: String) {
        var output: [UInt8] = []
        var error = ""
        body { rendered in
            output += rendered.output
            error += rendered.diagnostics
        }
        let messages = String(decoding: output, as: UTF8.self).split(separator: "\n").map {
            String($0.split(separator: " ").last ?? "")
        }
        return (messages, error)
    }

    @Test func firstBatchIsTheLastEntriesOfTheMergedFilteredStream() {
        let scratch = Scratch()
        let a = scratch.append(
            [json(1, "a1"), json(2, "hidden", level: "debug"), json(4, "a4"), json(6, "a6")], to: "a")
        let b = scratch.append([json(3, "b3"), "junk", json(5, "b5")], to: "b")
        var tail = session([a, b], lines: 4)
        var failures: [LogFileError] = []
        let result = collect { emit in failures = tail.readInitial(emit) }
        #expect(failures.isEmpty)
        // "junk" continues b3 (merged at its time); only lines with no record before them are counted.
        #expect(result.messages == ["junk", "a4", "b5", "a6"])
        #expect(tail.unparsedSummary == nil)
    }

    @Test func unreadablePathsAreReturnedAndNothingIsEmitted() {
        let scratch = Scratch()
        let good = scratch.append([json(1, "fine")], to: "good")
        var tail = session([good, scratch.directory + "/missing", scratch.directory])
        var failures: [LogFileError] = []
        let result = collect { emit in failures = tail.readInitial(emit) }
        #expect(
            failures.map(\.description) == [
                "cannot read \(scratch.directory)/missing: No such file or directory",
                "cannot read \(scratch.directory): Is a directory",
            ])
        #expect(result.messages.isEmpty)
    }

    @Test func followingWaitsForMissingFilesAndHandsOverNewRecords() {
        let scratch = Scratch()
        let a = scratch.append([json(1, "old")], to: "a")
        let b = scratch.directory + "/b"
        var tail = session([a, b], follow: true, lines: 0)
        let first = collect { emit in _ = tail.readInitial(emit) }
        #expect(first.messages.isEmpty)
        #expect(first.error == "castscope: \(b): no such file yet; waiting for it to appear\n")
        _ = scratch.append([json(2, "new-a")], to: "a")
        _ = scratch.append([json(3, "new-b")], to: "b")
        let next = collect { emit in tail.followOnce(emit) }
        #expect(next.messages == ["new-a", "new-b"])
        #expect(next.error == "castscope: \(b) has appeared; following it\n")
        #expect(!tail.allInputsEnded)
    }
}
