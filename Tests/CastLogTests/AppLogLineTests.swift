import Foundation
import Testing

@testable import CastLog

/// Other programs' log lines read as records: logcat, Python logging and Chromium, from their documented formats.
@Suite struct AppLogLineTests {
    /// UTC, year 2026, "now" well after the samples.
    static let context = AppLogContext(year: 2026, utcOffset: 0,
                                       now: LogTimestamp(rfc3339: "2026-12-31T00:00:00Z") ?? .now())

    private func read(_ line: String, _ context: AppLogContext = context) -> (record: LogRecord, timed: Bool)? {
        AppLogLine.parse(Substring(line), context: context)
    }

    @Test(arguments: [
        ("12-06 10:41:07.123  1234  5678 D CastContext: session started", "2026-12-06T10:41:07.123000Z", LogLevel.debug,
         "CastContext", "session started"),
        ("2026-12-06 10:41:07.123  1234  5678 I MediaRouter: route added", "2026-12-06T10:41:07.123000Z", .info,
         "MediaRouter", "route added"),
        ("1765017667.123  1234  5678 W RemoteMediaClient: no media", "2025-12-06T10:41:07.123000Z", .warning,
         "RemoteMediaClient", "no media"),
        ("12-06 10:41:07.123 +0100  1234  5678 E CastSocket: closed", "2026-12-06T09:41:07.123000Z", .error,
         "CastSocket", "closed"),
        ("12-06 10:41:07.123 F/CastContext( 1234): abort", "2026-12-06T10:41:07.123000Z", .assert, "CastContext",
         "abort"),
        ("12-06 10:41:07.123  1234  5678 V Long Tag With Spaces: x: y", "2026-12-06T10:41:07.123000Z", .verbose,
         "Long Tag With Spaces", "x: y"),
    ])
    func logcatLinesBecomeRecordsWithTheTagAsClass(line: String, time: String, level: LogLevel, tag: String,
                                                   message: String) throws {
        let parsed = try #require(read(line), "\(line)")
        #expect(parsed.timed)
        #expect(parsed.record.timestamp.rfc3339 == time)
        #expect(parsed.record.level == level)
        #expect(parsed.record.className == tag)
        #expect(parsed.record.message == message)
        #expect(parsed.record.metadata["format"] == .string("logcat"))
    }

    @Test func logcatBriefHasNoTimeAndNonsenseIsNoRecord() throws {
        let brief = try #require(read("D/CastContext( 1234): hello"))
        #expect(!brief.timed && brief.record.className == "CastContext" && brief.record.message == "hello")
        for line in ["13-45 10:41:07.123  1 2 D X: y", "12-06 10:41:07.123  1234  5678 Q Tag: x", "D/Tag(abc): x",
                     "02-30 10:00:00.000  1  2 D T: impossible date", "12-06 25:00:00.000  1  2 D T: hour 25"] {
            #expect(read(line) == nil, "\(line)")
        }
    }

    @Test(arguments: [
        ("DEBUG:pychromecast.socket_client:[Living Room(192.168.1.20):8009] Connecting", false, LogLevel.debug,
         "pychromecast.socket_client", "[Living Room(192.168.1.20):8009] Connecting"),
        ("2026-12-06 10:41:07.123 WARNING (MainThread) [pychromecast.socket_client] Heartbeat timeout", true,
         .warning, "pychromecast.socket_client", "Heartbeat timeout"),
        ("2026-12-06 10:41:07,123 ERROR pychromecast.controllers.media Failed to load", true, .error,
         "pychromecast.controllers.media", "Failed to load"),
        ("2026-12-06 10:41:07,123 - pychromecast - CRITICAL - gone", true, .assert, "pychromecast", "gone"),
    ])
    func pythonLinesBecomeRecordsWithTheLoggerAsClass(line: String, timed: Bool, level: LogLevel, logger: String,
                                                      message: String) throws {
        let parsed = try #require(read(line), "\(line)")
        #expect(parsed.timed == timed)
        if timed { #expect(parsed.record.timestamp.rfc3339 == "2026-12-06T10:41:07.123000Z") }
        #expect(parsed.record.level == level && parsed.record.className == logger && parsed.record.message == message)
    }

    @Test func chromiumLinesTakeTheSourceFileAsClass() throws {
        let full = try #require(read("[1234:5678:1206/104107.123456:ERROR:components/cast_channel/cast_socket.cc(291)] "
                                     + "Failed: net::ERR_CONNECTION_REFUSED"))
        #expect(full.record.className == "cast_socket.cc")
        #expect(full.record.file == "components/cast_channel/cast_socket.cc" && full.record.line == 291)
        #expect(full.record.level == .error && full.record.message == "Failed: net::ERR_CONNECTION_REFUSED")
        #expect(full.record.timestamp.rfc3339 == "2026-12-06T10:41:07.123456Z")
        #expect(full.record.metadata["pid"] == .int(1234))
        let bare = try #require(read("[1206/104107.000001:VERBOSE2:mdns_util.cc(12)] query"))
        #expect(bare.record.level == .verbose && bare.record.className == "mdns_util.cc")
        #expect(read("[1206/104107.000001:NOTALEVEL:x.cc(12)] y") == nil)
        #expect(read("[not chromium] at all") == nil)
    }

    @Test func zoneOffsetsReadEveryWrittenFormAndRefuseTheRest() {
        #expect(AppLogContext.parseOffset("+01:00") == 3600 && AppLogContext.parseOffset("-0530") == -19_800)
        #expect(AppLogContext.parseOffset("UTC") == 0 && AppLogContext.parseOffset("Z") == 0)
        for bad in ["", "+1", "+0100x", "01:00", "+24:00", "+01:60", "Europe/Paris", "+01:0"] {
            #expect(AppLogContext.parseOffset(bad) == nil, "\(bad)")
        }
        // RFC 3339 takes the colon form only, and refuses impossible times and over-long fractions.
        #expect(LogTimestamp(rfc3339: "2026-12-06T10:41:07.5+01:00")?.rfc3339 == "2026-12-06T09:41:07.500000Z")
        for bad in ["2026-12-06T10:41:07+0100", "2026-02-30", "2026-12-06T24:00:00Z", "2026-12-06T10:41:07.Z",
                    "2026-12-06T10:41:07.1234567890Z", "2026-12-06T10:41:07", "2026-13-01"] {
            #expect(LogTimestamp(rfc3339: bad) == nil, "\(bad)")
        }
    }

    @Test func aYearLessTimeInTheFutureBelongsToTheYearBefore() throws {
        let january = AppLogContext(year: 2027, utcOffset: 0, now: try #require(LogTimestamp(rfc3339: "2027-01-02T00:00:00Z")))
        let parsed = try #require(read("12-31 23:59:59.000  1  2 I T: late", january))
        #expect(parsed.record.timestamp.rfc3339 == "2026-12-31T23:59:59.000000Z")
    }

    @Test func printedRecordsReadBackWithTheirFields() throws {
        // A fixed sequence of records printed as each program prints them, read back.
        var state: UInt64 = 32
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let letters: [(Character, LogLevel)] = [("V", .verbose), ("D", .debug), ("I", .info), ("W", .warning),
                                                ("E", .error), ("F", .assert)]
        for _ in 0..<300 {
            let (month, day, hour, minute, second, millis) = (1 + next(12), 1 + next(28), next(24), next(60), next(60),
                                                              next(1000))
            let tag = ["CastContext", "MediaRouter", "RemoteMediaClient", "CastSession"][next(4)]
            let message = "message \(next(100_000)) with: colons and (parens)"
            let (letter, level) = letters[next(letters.count)]
            let time = String(format: "%02d-%02d %02d:%02d:%02d.%03d", month, day, hour, minute, second, millis)
            let line = "\(time) \(String(format: "%5d %5d", next(30_000), next(30_000))) \(letter) \(tag): \(message)"
            let parsed = try #require(read(line), "\(line)")
            let expected = LogTimestamp(year: 2026, month: month, day: day, hour: hour, minute: minute, second: second,
                                        microseconds: millis * 1000)
            #expect(parsed.record.timestamp == expected && parsed.record.level == level)
            #expect(parsed.record.className == tag && parsed.record.message == message)
        }
    }

    @Test func hostileLinesNeverCrash() {
        var state: UInt64 = 5
        for _ in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seeds = ["12-06 10:41:07.123  1 2 D T: ", "[1:2:1206/104107.1:INFO:a.cc(1)] ", "DEBUG:a:",
                         "2026-12-06 10:41:07,1 INFO a ", "D/T( 1): "]
            var bytes = Array(seeds[Int(state % 5)].utf8)
            let cut = Int((state >> 8) % UInt64(bytes.count + 1))
            bytes = Array(bytes.prefix(cut)) + (0..<Int((state >> 16) % 40)).map { UInt8(truncatingIfNeeded: state >> $0) }
            _ = read(String(decoding: bytes, as: UTF8.self))
        }
        _ = read(String(repeating: "[", count: 100_000))
        _ = read("12-06 10:41:07." + String(repeating: "9", count: 100_000))
    }
}

/// iOS senders' GCKLoggerDelegate output, bare and behind NSLog's and idevicesyslog's prefixes, as the Cast guide's
/// delegate examples print it.
@Suite struct GCKLogLineTests {
    private func read(_ line: String) -> (record: LogRecord, timed: Bool)? {
        AppLogLine.parse(Substring(line), context: AppLogContextTestValues.utc2026)
    }

    @Test(arguments: [
        ("-[GCKDeviceScanner startScan] - Starting device scan", "GCKDeviceScanner", "startScan", "", UInt(0),
         "Starting device scan"),
        ("GCKDeviceScanner.m:123: -[GCKDeviceScanner stopScan] - Stopped", "GCKDeviceScanner", "stopScan",
         "GCKDeviceScanner.m", 123, "Stopped"),
        ("+[GCKCastContext(Private) sharedInstance] - ready - really", "GCKCastContext", "sharedInstance", "", 0,
         "ready - really"),
        ("GCKSessionManager.startSession(with:) - failed", "GCKSessionManager", "startSession(with:)", "", 0, "failed"),
    ])
    func delegateLinesTakeTheClassOfTheirFunction(line: String, className: String, function: String, file: String,
                                                  lineNumber: UInt, message: String) throws {
        let parsed = try #require(read(line), "\(line)")
        #expect(!parsed.timed)
        #expect(parsed.record.className == className && parsed.record.function == function)
        #expect(parsed.record.file == file && parsed.record.line == lineNumber && parsed.record.message == message)
        #expect(parsed.record.level == .debug && parsed.record.metadata["format"] == .string("gck"))
    }

    @Test func nslogPrefixGivesTheTimeAndTheLocationAfterTheMessage() throws {
        let parsed = try #require(read("2026-12-06 10:41:07.123456+0100 CastVideos[812:39011] "
                                       + "-[GCKCastSession(Internal) connect] - Connecting, GCKCastSession.m:88"))
        #expect(parsed.timed && parsed.record.timestamp.rfc3339 == "2026-12-06T09:41:07.123456Z")
        #expect(parsed.record.className == "GCKCastSession" && parsed.record.function == "connect")
        #expect(parsed.record.message == "Connecting" && parsed.record.file == "GCKCastSession.m")
        #expect(parsed.record.metadata["pid"] == .int(812))
        let plain = try #require(read("2026-12-06 10:41:07.200000+0100 CastVideos[812:39011] Plain app message"))
        #expect(plain.record.className == "CastVideos" && plain.record.message == "Plain app message")
    }

    @Test func idevicesyslogPrefixGivesTheTimeAndTheLevel() throws {
        let parsed = try #require(read("Dec  6 10:41:08 iPhone CastVideos(GoogleCast)[812] <Error>: "
                                       + "GCKSessionManager.startSession(with:) - failed to start"))
        #expect(parsed.timed && parsed.record.timestamp.rfc3339 == "2026-12-06T10:41:08.000000Z")
        #expect(parsed.record.level == .error && parsed.record.className == "GCKSessionManager")
        let fault = try #require(read("Dec 16 01:02:03 Tom's iPhone CastVideos[812] <Fault>: lost"))
        #expect(fault.record.level == .assert && fault.record.className == "CastVideos" && fault.record.message == "lost")
    }

    @Test func proseWithADashIsNotADelegateLine() {
        for line in ["Hello - world", "- [x] done - yes", "a.b - c", "Foo.bar() baz - x", "-[ ] - empty"] {
            #expect(read(line) == nil, "\(line)")
        }
    }
}

enum AppLogContextTestValues {
    static let utc2026 = AppLogContext(year: 2026, utcOffset: 0,
                                       now: LogTimestamp(rfc3339: "2026-12-31T00:00:00Z") ?? .now())
}
