import Testing

@testable import CastLog

@Suite struct LogMergerTests {
    /// (time, label) pairs: the label shows where an element came from.
    private typealias Item = (time: Int, label: String)

    private func merged(_ sources: [[Item]]) -> [String] {
        LogMerger.merge(sources, by: \.time).map(\.label)
    }

    @Test func mergesSortedSourcesByTime() {
        let a: [Item] = [(1, "a1"), (4, "a4"), (6, "a6")]
        let b: [Item] = [(2, "b2"), (3, "b3"), (7, "b7")]
        #expect(merged([a, b]) == ["a1", "b2", "b3", "a4", "a6", "b7"])
    }

    @Test func equalTimesKeepSourceOrderThenPosition() {
        let a: [Item] = [(5, "a-first"), (5, "a-second")]
        let b: [Item] = [(5, "b-first"), (5, "b-second")]
        let c: [Item] = [(4, "c")]
        #expect(merged([a, b, c]) == ["c", "a-first", "a-second", "b-first", "b-second"])
    }

    @Test func emptySourcesAreIgnored() {
        #expect(merged([]) == [])
        #expect(merged([[], []]) == [])
        #expect(merged([[], [(1, "x")], []]) == ["x"])
    }

    @Test func oneSourceComesOutUnchangedEvenWhenOutOfOrder() {
        #expect(merged([[(3, "c"), (1, "a"), (2, "b")]]) == ["c", "a", "b"])
    }

    @Test func anOutOfOrderSourceKeepsItsOwnOrder() {
        let a: [Item] = [(5, "a5"), (1, "a1")]
        let b: [Item] = [(3, "b3")]
        #expect(merged([a, b]) == ["b3", "a5", "a1"])
    }

    @Test func entriesMergeByRecordTimeAndRawLinesStayBehindTheirRecord() {
        func record(_ seconds: Int64, _ message: String) -> LogTailEntry {
            LogTailEntry(
                record: LogRecord(
                    timestamp: LogTimestamp(seconds: seconds, microseconds: 0), level: .info, className: "C",
                    function: "f", file: "F.swift", line: 1, message: message))
        }
        let raw = LogTailEntry(
            .unparsed(line: "garbage", reason: "r"), time: LogTimestamp(seconds: 10, microseconds: 0))
        let first = [record(10, "a"), raw, record(30, "c")]
        let second = [record(20, "b")]
        let messages = LogMerger.merge([first, second]).map { entry -> String in
            switch entry.content {
            case .record(let record): return record.message
            case .unparsed(let line, _), .continuation(let line, _): return line
            }
        }
        #expect(messages == ["a", "garbage", "b", "c"])
    }
}
