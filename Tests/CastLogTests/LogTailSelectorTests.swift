import Testing

@testable import CastLog

@Suite struct LogTailSelectorTests {
    private func json(_ second: Int, _ level: String, _ className: String, _ message: String) -> String {
        #"{"ts":"2026-11-30T05:28:\#(10 + second).000000Z","level":"\#(level)","class":"\#(className)","#
            + #""function":"f()","file":"A/F.swift","line":7,"msg":"\#(message)"}"#
    }

    private func time(_ text: String) -> LogTimestamp? { LogTimestamp(rfc3339: text) }

    @Test func recordsPassingTheFilterBecomeEntriesAtTheirTime() {
        var filter = LoggerFilter()
        filter.setLoggingLevel(.debug, forClasses: ["GCK*Session"])
        var selector = LogTailSelector(filter: filter)
        #expect(selector.entry(for: json(1, "debug", "GCKCastSession", "kept"))?.record?.message == "kept")
        #expect(selector.entry(for: json(2, "verbose", "GCKCastSession", "too verbose")) == nil)
        #expect(selector.entry(for: json(3, "error", "GCKCastChannel", "no rule, minimum none")) == nil)
        #expect(selector.unparsedCount == 0)
    }

    @Test func blankLinesAreSkippedAndNotCounted() {
        var selector = LogTailSelector(filter: LoggerFilter())
        #expect(selector.entry(for: "") == nil)
        #expect(selector.entry(for: " \t\r") == nil)
        #expect(selector.unparsedCount == 0)
    }

    @Test func aLineBeforeAnyRecordStandsAloneAndALineAfterOneContinuesIt() throws {
        var filter = LoggerFilter()
        filter.minimumLevel = .error
        var selector = LogTailSelector(filter: filter)
        let early = selector.entry(for: "before any record")
        #expect(early?.content == .unparsed(line: "before any record", reason: "does not start with an RFC 3339 time"))
        #expect(early?.time == LogTailEntry.earliestTime)
        // A line after a record is part of its message: hidden with it.
        #expect(selector.entry(for: json(1, "info", "C", "filtered out")) == nil)
        #expect(selector.entry(for: "  continues the hidden record") == nil)
        // ...and shown with it, at its time, whatever the line says.
        let shown = try #require(selector.entry(for: json(2, "error", "C", "shown"))?.record)
        #expect(shown.message == "shown")
        let continued = selector.entry(for: "Traceback (most recent call last):")
        #expect(continued?.content == .continuation(line: "Traceback (most recent call last):", record: shown))
        #expect(continued?.time == time("2026-11-30T05:28:12Z"))
        #expect(continued?.continuationRecord?.className == "C")
        #expect(continued?.continuationRecord?.level == .error)
        #expect(selector.unparsedCount == 1)
        #expect(selector.continuationCount == 2)
    }

    @Test func grepPatternsApplyToRawLinesToo() throws {
        var filter = LoggerFilter()
        try filter.addMessagePatterns(["(?i)timeout"])
        var selector = LogTailSelector(filter: filter)
        #expect(selector.entry(for: "Timeout in a stack trace") != nil)
        #expect(selector.entry(for: "unrelated garbage") == nil)
        #expect(selector.entry(for: json(1, "info", "C", "a timeout")) != nil)
        #expect(selector.entry(for: "  another timeout, continuing it") != nil)
        #expect(selector.entry(for: "  a line of it without the word") == nil)
        #expect(selector.entry(for: json(2, "info", "C", "fine")) == nil)
        #expect(selector.entry(for: "  a timeout continuing a hidden record") == nil)
        #expect(selector.unparsedCount == 2)
    }

    @Test func sinceLeavesOutOlderRecordsAndTheRawLinesAfterThem() {
        var selector = LogTailSelector(filter: LoggerFilter(), since: time("2026-11-30T05:28:12Z"))
        #expect(selector.entry(for: "raw before any record") == nil)
        #expect(selector.entry(for: json(1, "info", "C", "old")) == nil)
        #expect(selector.entry(for: "raw after an old record") == nil)
        #expect(selector.entry(for: json(2, "info", "C", "exactly since"))?.record?.message == "exactly since")
        #expect(selector.entry(for: "raw after a new record") != nil)
        #expect(selector.unparsedCount == 1)
        #expect(selector.continuationCount == 2)
    }

    @Test func textFormatLinesAreRecordsToo() {
        var selector = LogTailSelector(filter: LoggerFilter())
        let entry = selector.entry(for: "2026-11-30T05:28:40.123456Z WARNING GCKCastChannel -[send] S.swift:88 hi")
        #expect(entry?.record?.level == .warning)
        #expect(entry?.record?.message == "hi")
    }

    @Test func sinceAcceptsTimesDatesAndDurationsAgo() {
        let now = LogTimestamp(seconds: 1_000_000, microseconds: 250_000)
        #expect(LogTailSelector.parseSince("2026-11-30T05:28:40Z", now: now) == time("2026-11-30T05:28:40Z"))
        #expect(LogTailSelector.parseSince("2026-11-30", now: now) == time("2026-11-30T00:00:00Z"))
        #expect(LogTailSelector.parseSince("10m", now: now) == LogTimestamp(seconds: 999_400, microseconds: 250_000))
        #expect(LogTailSelector.parseSince("2h", now: now) == LogTimestamp(seconds: 992_800, microseconds: 250_000))
        #expect(LogTailSelector.parseSince("30s", now: now) == LogTimestamp(seconds: 999_970, microseconds: 250_000))
        #expect(LogTailSelector.parseSince("30", now: now) == LogTimestamp(seconds: 999_970, microseconds: 250_000))
        #expect(LogTailSelector.parseSince("1d", now: now) == LogTimestamp(seconds: 913_600, microseconds: 250_000))
        #expect(LogTailSelector.parseSince("500ms", now: now) == LogTimestamp(seconds: 999_999, microseconds: 750_000))
        #expect(LogTailSelector.parseSince("1.5m", now: now) == LogTimestamp(seconds: 999_910, microseconds: 250_000))
    }

    @Test func sinceRejectsAnythingElse() {
        let now = LogTimestamp(seconds: 1_000_000, microseconds: 0)
        for bad in ["", "m", "-5m", "5x", "1.m", ".5m", "yesterday", "99999999999h", "2026-13-01"] {
            #expect(LogTailSelector.parseSince(bad, now: now) == nil, "\(bad)")
        }
    }

    @Test func tailBufferKeepsOnlyTheLastElements() {
        var buffer = LogTailBuffer<Int>(capacity: 3)
        for number in 1...7 { buffer.append(number) }
        #expect(buffer.elements == [5, 6, 7])
        #expect(buffer.count == 3)
        var partial = LogTailBuffer<Int>(capacity: 3)
        partial.append(1)
        #expect(partial.elements == [1])
        var none = LogTailBuffer<Int>(capacity: 0)
        none.append(1)
        #expect(none.elements == [])
    }

    @Test func printerDimsRawLinesOnlyWhenColoured() {
        let record = LogRecord(
            timestamp: LogTimestamp(seconds: 0, microseconds: 5), level: .error, className: "C", function: "f()",
            file: "F.swift", line: 1, message: "m")
        let entries = [
            LogTailEntry(record: record), LogTailEntry(.unparsed(line: "raw", reason: ""), time: record.timestamp),
        ]
        var plain = LogTailPrinter(format: .text, colored: false)
        #expect(
            String(decoding: plain.render(entries).output, as: UTF8.self)
                == "1970-01-01T00:00:00.000005Z ERROR   C -[f] F.swift:1 m\nraw\n")
        var colored = LogTailPrinter(format: .text, colored: true)
        #expect(
            String(decoding: colored.render(entries).output, as: UTF8.self)
                == "1970-01-01T00:00:00.000005Z \u{1B}[31mERROR  \u{1B}[0m C -[f] F.swift:1 m\n\u{1B}[2mraw\u{1B}[0m\n")
    }

    @Test func printerInJSONModeKeepsRawLinesOffStandardOutput() {
        let record = LogRecord(
            timestamp: LogTimestamp(seconds: 0, microseconds: 0), level: .info, className: "C", function: "f",
            file: "F.swift", line: 2, message: "m")
        var printer = LogTailPrinter(format: .jsonLines, colored: true)
        let rendered = printer.render([
            LogTailEntry(record: record), LogTailEntry(.unparsed(line: "raw", reason: ""), time: record.timestamp),
        ])
        #expect(
            String(decoding: rendered.output, as: UTF8.self)
                == #"{"ts":"1970-01-01T00:00:00.000000Z","level":"info","class":"C","function":"f","#
                + #""file":"F.swift","line":2,"msg":"m"}"# + "\n")
        #expect(rendered.diagnostics == "castscope: not a log record: raw\n")
    }

    /// castscope's parser is skipped on lines that cannot be its own: no line it reads may be ruled out.
    @Test func everyLineCastscopeReadsIsOneItMayRead() {
        var formatter = LogFormatter(format: .text, colored: true)
        var plain = LogFormatter(format: .text, colored: false)
        var json = LogFormatter(format: .jsonLines, colored: false)
        var lines = ["2026-12-07 INFO Foo bar", "  2026-12-07T10:00:00Z warning C msg", "\t{\"ts\":1}",
                     "2026-12-07T10:00:00.5+01:00 error C -[f] F.swift:1 m", "\u{1B}[2m2026-12-07T10:00:00Z INFO C m",
                     "12-07 10:41:07.123  1234  5678 D CastContext: x", "2026-12-07 10:41:07.123456+0100 P[1:2] x",
                     "2026-12-06 10:41:09.123 Df CastVideos[812:2c1e3] x", "INFO:pychromecast:x", "[1:2:1207/1:INFO:a.cc(1)] x"]
        for level in LogLevel.allCases where level != .none {
            let record = LogRecord(timestamp: LogTimestamp(seconds: 1_796_016_491, microseconds: 5), level: level,
                                   className: "GCKCastSession", function: "start()", file: "F.swift", line: 3,
                                   message: "message \(level)", metadata: ["k": "v"])
            var outputs: [[UInt8]] = [[], [], []]
            formatter.append(record, to: &outputs[0])
            plain.append(record, to: &outputs[1])
            json.append(record, to: &outputs[2])
            for out in outputs { lines.append(String(decoding: out.filter { $0 != 0x0A }, as: UTF8.self)) }
        }
        for line in lines {
            if case .success = LogLineParser.parse(line) {
                #expect(LogTailSelector.mayBeCastscope(line), "\(line)")
            }
        }
        #expect(!LogTailSelector.mayBeCastscope("12-07 10:41:07.123  1234  5678 D CastContext: x"))
        #expect(!LogTailSelector.mayBeCastscope("2026-12-07 10:41:07.123456+0100 P[1:2] x"))
    }
}
