import Testing
@testable import CastLog

@Suite struct LogFormatterTests {
    private let record = LogRecord(
        timestamp: LogTimestamp(seconds: 1_796_016_520, microseconds: 123_456), level: .verbose,
        className: "GCKCastChannel", function: "sendMessage(_:)", file: "CastChannel/CastChannel.swift", line: 88,
        message: "sent \"PING\"\nnext", metadata: ["cast.ns": "urn:x-cast:com.google.cast.tp.heartbeat", "n": 3,
                                                   "msg": "collides"])

    @Test func textFormatMatchesTheDesignLayout() {
        var formatter = LogFormatter(format: .text)
        #expect(formatter.string(for: record) == #"2026-11-30T05:28:40.123456Z VERBOSE GCKCastChannel -[sendMessage] CastChannel.swift:88 sent "PING"\nnext cast.ns=urn:x-cast:com.google.cast.tp.heartbeat n=3 msg=collides"#)
    }

    @Test func coloredTextWrapsTheLevelInANSI() {
        var formatter = LogFormatter(format: .text, colored: true)
        #expect(formatter.string(for: record).contains("\u{1B}[2mVERBOSE\u{1B}[0m"))
    }

    @Test func jsonLinesHaveFixedFieldsThenMetadata() {
        var formatter = LogFormatter(format: .jsonLines)
        #expect(formatter.string(for: record) == #"{"ts":"2026-11-30T05:28:40.123456Z","level":"verbose","class":"GCKCastChannel","function":"sendMessage(_:)","file":"CastChannel/CastChannel.swift","line":88,"msg":"sent \"PING\"\nnext","cast.ns":"urn:x-cast:com.google.cast.tp.heartbeat","n":3,"meta.msg":"collides"}"#)
    }

    @Test func logfmtQuotesValuesThatNeedIt() {
        var formatter = LogFormatter(format: .logfmt)
        #expect(formatter.string(for: record) == #"ts=2026-11-30T05:28:40.123456Z level=verbose class=GCKCastChannel function=sendMessage(_:) file=CastChannel/CastChannel.swift line=88 msg="sent \"PING\"\nnext" cast.ns=urn:x-cast:com.google.cast.tp.heartbeat n=3 meta.msg=collides"#)
    }

    @Test func jsonLineParsesBackToTheSameRecord() throws {
        var formatter = LogFormatter(format: .jsonLines)
        let parsed = try LogLineParser.parse(formatter.string(for: record)).get()
        #expect(parsed == record)
    }
}
