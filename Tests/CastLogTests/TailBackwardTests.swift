import Foundation
import Testing

@testable import CastLog

#if canImport(Glibc)
import Glibc
#endif

/// `tail -n N` reads a file from its end: the same entries as reading it all, for any mix of records, raw lines,
/// blank lines, CRLF, overlong lines and a last line without its newline, at a cost bounded by what it shows.
@Suite struct TailBackwardTests {
    private final class Scratch {
        let path = NSTemporaryDirectory() + "castscope-backward-\(UUID().uuidString).log"

        func write(_ text: String) {
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A fixed pseudo-random sequence, so a failure replays.
    private struct Sequence {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    private static let classes = ["GCKUICastButton", "GCKCastSession", "GCKDiscoveryManager", "GCKUIMiniController"]

    private func randomLog(_ random: inout Sequence, lines: Int, maximumLineLength: Int) -> String {
        var text = ""
        var second = 0
        for _ in 0..<lines {
            switch random.next(10) {
            case 0: text += "a raw line \(random.next(1000))\n"
            case 1: text += "\n"
            case 2: text += "   \r\n"
            case 4 where random.next(2) == 0:
                // Other programs' lines: timed (logcat threadtime) and untimed (logcat brief, Python's default).
                let tag = Self.classes[random.next(Self.classes.count)]
                text += [
                    "11-30 05:\(String(format: "%02d:%02d", 10 + second / 60, second % 60)).000  1  2 D \(tag): m",
                    "I/\(tag)( 12): brief \(random.next(100))", "WARNING:\(tag):python \(random.next(100))",
                ][random.next(3)] + "\n"
            case 3 where random.next(40) == 0:
                text += String(repeating: "x", count: maximumLineLength + 1 + random.next(50)) + "\n"
            default:
                second += random.next(3)
                let level = ["debug", "info", "warning", "error"][random.next(4)]
                let className = Self.classes[random.next(Self.classes.count)]
                text += #"{"ts":"2026-11-30T05:\#(String(format: "%02d:%02d", 10 + second / 60, second % 60)).000000Z","#
                    + #""level":"\#(level)","class":"\#(className)","function":"f","file":"F.swift","line":1,"#
                    + #""msg":"m\#(random.next(100))"}"# + (random.next(5) == 0 ? "\r\n" : "\n")
            }
        }
        if random.next(2) == 0 { text += "a last line without its newline" }
        return text
    }

    /// What the forward read shows: the same session over the file as a stream (read from its start).
    private func forward(_ path: String, lines: Int, selector: LogTailSelector, maximumLineLength: Int)
        -> ([LogTailEntry], Int)
    {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var session = LogTailSession(paths: ["-"], follow: false, lineCount: lines, selector: selector,
                                     printer: LogTailPrinter(format: .text, colored: false), standardInput: fd)
        let (tails, failures) = session.readTails(notes: { _ in })
        #expect(failures.isEmpty)
        return (tails.first ?? [], session.unparsedCount)
    }

    @Test func theLastEntriesEqualAWholeReadForManyLogsFiltersAndCounts() {
        var random = Sequence(state: 34)
        let scratch = Scratch()
        for round in 0..<80 {
            scratch.write(randomLog(&random, lines: random.next(300), maximumLineLength: LogLineParser.maximumLineLength))
            let utc = AppLogContext(year: 2026, utcOffset: 0)
            var filter = LoggerFilter()
            filter.minimumLevel = [.verbose, .info, .error][random.next(3)]
            if random.next(2) == 0 { filter.setLoggingLevel(.debug, forClasses: ["GCKUI*"]) }
            if random.next(4) == 0 { filter.minimumLevel = .none }
            let since = random.next(3) == 0 ? LogTimestamp(rfc3339: "2026-11-30T05:10:\(10 + random.next(40))Z") : nil
            let selector = LogTailSelector(filter: filter, since: since, context: utc)
            let wanted = [0, 1, 3, 10, 100, 1000][random.next(6)]
            var session = LogTailSession(paths: [scratch.path], follow: false, lineCount: wanted, selector: selector,
                                         printer: LogTailPrinter(format: .text, colored: false))
            let (tails, failures) = session.readTails(notes: { _ in })
            #expect(failures.isEmpty)
            let (expected, _) = forward(scratch.path, lines: wanted, selector: selector,
                                        maximumLineLength: LogLineParser.maximumLineLength)
            #expect(tails.first ?? [] == expected, "round \(round), \(wanted) lines")
        }
    }

    @Test func linesSplitAcrossEveryChunkBoundaryComeBackWhole() {
        var random = Sequence(state: 7)
        for _ in 0..<200 {
            var lines: [String] = []
            for _ in 0..<random.next(12) {
                lines.append(String(repeating: "abcdefgh", count: random.next(7)) + "\(random.next(100))")
            }
            let text = lines.map { $0 + "\n" }.joined() + (random.next(2) == 0 ? "tail" : "")
            let path = NSTemporaryDirectory() + "castscope-chunks-\(UUID().uuidString)"
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            for chunk in [1, 2, 3, 5, 8, 13, 64] {
                var reader = BackwardLineReader(descriptor: fd, size: Int64(text.utf8.count), maximumLineLength: 40)
                var buffer = [UInt8](repeating: 0, count: chunk)
                var seen: [String] = []
                var overlong: [Int] = []
                reader.read(into: &buffer, overlong: { overlong.append($0) }) { seen.append($0); return true }
                let expected = lines.filter { $0.utf8.count <= 40 }
                #expect(seen == expected.reversed(), "chunk \(chunk): \(text.debugDescription)")
                #expect(overlong == lines.filter { $0.utf8.count > 40 }.map(\.utf8.count).reversed())
                let complete = text.hasSuffix("\n") ? text.utf8.count : text.utf8.count - 4
                #expect(reader.completeEnd == Int64(lines.isEmpty ? 0 : complete))
            }
        }
    }

    @Test func aFewLinesFromABigFileReadOnlyItsEnd() {
        let scratch = Scratch()
        let record = #"{"ts":"2026-11-30T05:28:10.000000Z","level":"info","class":"C","function":"f","#
            + #""file":"F.swift","line":1,"msg":"filler filler filler filler filler"}"# + "\n"
        scratch.write(String(repeating: record, count: 60_000))  // about 8 MB
        let fd = open(scratch.path, O_RDONLY)
        defer { close(fd) }
        var reader = BackwardLineReader(descriptor: fd, size: Int64(record.utf8.count * 60_000),
                                        maximumLineLength: LogLineParser.maximumLineLength)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var count = 0
        reader.read(into: &buffer, overlong: { _ in }) { _ in
            count += 1
            return count < 100
        }
        #expect(count == 100)
        #expect(reader.bytesRead <= 64 * 1024, "read \(reader.bytesRead) bytes for 100 lines")
    }

    @Test func followingAfterTheLastLinesTakesTheUnfinishedLineAndWhatIsAppended() {
        let scratch = Scratch()
        let first = #"{"ts":"2026-11-30T05:28:10.000000Z","level":"info","class":"C","function":"f","file":"F.swift","line":1,"msg":"one"}"#
        let second = #"{"ts":"2026-11-30T05:28:11.000000Z","level":"info","class":"C","function":"f","file":"F.swift","line":1,"msg":"two"}"#
        scratch.write(first + "\n" + String(second.prefix(40)))
        var session = LogTailSession(paths: [scratch.path], follow: true, lineCount: 5,
                                     selector: LogTailSelector(filter: LoggerFilter()),
                                     printer: LogTailPrinter(format: .jsonLines, colored: false))
        let (tails, _) = session.readTails(notes: { _ in })
        #expect(tails.first?.compactMap(\.record?.message) == ["one"])
        let handle = FileHandle(forWritingAtPath: scratch.path)
        handle?.seekToEndOfFile()
        handle?.write(Data((String(second.dropFirst(40)) + "\n").utf8))
        try? handle?.close()
        var output: [UInt8] = []
        session.followOnce { output += $0.output }
        #expect(String(decoding: output, as: UTF8.self).contains(#""msg":"two""#))
    }
}
