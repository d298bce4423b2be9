import Testing
@testable import CastLog

@Suite struct LogLineParserTests {
    @Test func parsesTextLineWithColours() throws {
        let line = "2026-11-30T05:28:40.123456Z \u{1B}[33mWARNING\u{1B}[0m GCKCastChannel -[send] CastChannel.swift:88 slow reply n=2"
        let record = try LogLineParser.parse(line).get()
        #expect(record.level == .warning)
        #expect(record.className == "GCKCastChannel")
        #expect(record.function == "send")
        #expect(record.file == "CastChannel.swift" && record.line == 88)
        #expect(record.message == "slow reply n=2")
        #expect(record.timestamp == LogTimestamp(seconds: 1_796_016_520, microseconds: 123_456))
    }

    @Test func reportsWhyALineIsNotARecord() {
        #expect(throws: LogLineParser.Failure(reason: "missing \"level\"")) {
            try LogLineParser.parse(#"{"ts":"2026-11-30T05:28:40Z","msg":"x"}"#).get()
        }
        #expect(throws: LogLineParser.Failure(reason: "does not start with an RFC 3339 time")) {
            try LogLineParser.parse("hello world").get()
        }
        #expect(throws: LogLineParser.Failure.self) { try LogLineParser.parse(#"{"ts": 5"#).get() }
    }

    @Test func keepsUnknownJSONKeysAsMetadata() throws {
        let record = try LogLineParser.parse(
            #"{"ts":"2026-11-30T05:28:40.5+01:00","level":"info","msg":"m","cast.ns":"x","nested":{"a":1}}"#
        ).get()
        #expect(record.metadata["cast.ns"] == "x")
        #expect(record.metadata["nested"] == .string(#"{"a":1}"#))
        #expect(record.timestamp == LogTimestamp(seconds: 1_796_012_920, microseconds: 500_000))
    }

    @Test func timestampsParseVariantsAndRejectNonsense() {
        #expect(LogTimestamp(rfc3339: "2026-11-30") == LogTimestamp(seconds: 1_795_996_800, microseconds: 0))
        #expect(LogTimestamp(rfc3339: "2026-11-30 05:28:40.1234567Z")?.microseconds == 123_456)
        #expect(LogTimestamp(rfc3339: "2026-13-30T00:00:00Z") == nil)
        #expect(LogTimestamp(rfc3339: "2026-11-30T05:28:40") == nil)
        #expect(LogTimestamp(seconds: 0, microseconds: 7).rfc3339 == "1970-01-01T00:00:00.000007Z")
    }
}
