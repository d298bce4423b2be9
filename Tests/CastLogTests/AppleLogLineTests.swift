import Foundation
import Testing

@testable import CastLog

/// Apple's `log show` / `log stream` lines (log(1): the default and the compact style) read as records, with the GCK
/// delegate's class when the message is a delegate line and the category (or the process) otherwise.
@Suite struct AppleLogLineTests {
    private func read(_ line: String) -> (record: LogRecord, timed: Bool)? {
        AppLogLine.parse(Substring(line), context: AppLogLineTests.context)
    }

    @Test(arguments: [
        ("2026-12-06 10:41:07.123456+0100 0x2c1e3    Default     0x0                  812    0    CastVideos: "
            + "(GoogleCast) [com.google.cast:session] -[GCKSessionManager startSession] - Starting",
         "2026-12-06T09:41:07.123456Z", LogLevel.info, "GCKSessionManager", "Starting"),
        ("2026-12-06 10:41:07.000001-0800 0x1      Error       0x1a2                812    0    CastVideos: (CFNetwork) "
            + "Task <1> failed: -1009", "2026-12-06T18:41:07.000001Z", .error, "CastVideos", "Task <1> failed: -1009"),
        // Older `log show` prints no TTL column.
        ("2026-12-06 10:41:08.000000+0000 0x2c1e4    Debug       0x0                  812    CastVideos: "
            + "[com.example.app:player] buffering", "2026-12-06T10:41:08.000000Z", .debug, "player", "buffering"),
        ("2026-12-06 10:41:09.123 Df CastVideos[812:2c1e3] (GoogleCast) GCKCastSession.start() - resumed",
         "2026-12-06T10:41:09.123000Z", .info, "GCKCastSession", "resumed"),
        ("2026-12-06 10:41:09.500 E  CastVideos[812:2c1e3] [com.google.cast:channel] heartbeat timeout",
         "2026-12-06T10:41:09.500000Z", .error, "channel", "heartbeat timeout"),
        ("2026-12-06 10:41:09.500 F  Google Home[812:a] crashed", "", .assert, "", ""),
        ("2026-12-06 10:41:09.600 Db mediaserverd[90:ff] (AudioToolbox) route changed", "2026-12-06T10:41:09.600000Z",
         .debug, "mediaserverd", "route changed"),
    ])
    func bothStylesBecomeRecords(line: String, time: String, level: LogLevel, className: String,
                                 message: String) throws {
        guard !time.isEmpty else {
            // A compact line's process may not hold spaces (the pid follows it directly).
            #expect(read(line)?.record.metadata["format"] != .string("apple"))
            return
        }
        let parsed = try #require(read(line), "\(line)")
        #expect(parsed.timed)
        #expect(parsed.record.timestamp.rfc3339 == time)
        #expect(parsed.record.level == level)
        #expect(parsed.record.className == className)
        #expect(parsed.record.message == message)
        #expect(parsed.record.metadata["format"] == .string("apple"))
        #expect(parsed.record.metadata["pid"] == .int(812) || className == "mediaserverd")
    }

    @Test func subsystemCategoryLibraryAndThreadAreKept() throws {
        let parsed = try #require(read("2026-12-06 10:41:07.123456+0100 0x2c1e3    Default     0x5                  812"
            + "    0    CastVideos: (GoogleCast) [com.google.cast:session] -[GCKSessionManager startSession] - go"))
        let metadata = parsed.record.metadata
        #expect(metadata["library"] == .string("GoogleCast"))
        #expect(metadata["subsystem"] == .string("com.google.cast"))
        #expect(metadata["category"] == .string("session"))
        #expect(metadata["tid"] == .int(0x2c1e3))
        #expect(metadata["activity"] == .int(5))
        #expect(parsed.record.function == "startSession")
    }

    @Test(arguments: ["Timestamp                       Thread     Type        Activity             PID    TTL  ",
                      "Timestamp               Ty Process[PID:TID]",
                      "Filtering the log data using \"process == \\\"CastVideos\\\"\"",
                      "--------- beginning of main", "--------- switch to crash"])
    func headersAndBannersAreNotRecordsAndNotShown(line: String) {
        #expect(AppLogLine.isBanner(Substring(line)))
        #expect(LogTailSelector.isBlank(line))
    }

    @Test(arguments: ["2026-12-06 10:41:07.123456+0100 0x2c1e3 Nonsense 0x0 812 0 CastVideos: x",
                      "2026-12-06 10:41:07.123456+0100 0xZZ Default 0x0 812 0 CastVideos: x",
                      "2026-12-06 10:41:09.123 Xx CastVideos[812:2c1e3] x",
                      "2026-12-06 10:41:09.123 Df CastVideos[812] x",
                      "2026-13-06 10:41:09.123 Df CastVideos[812:1] x"])
    func malformedLinesAreNotAppleRecords(line: String) {
        #expect(read(line)?.record.metadata["format"] != .string("apple"))
    }
}
