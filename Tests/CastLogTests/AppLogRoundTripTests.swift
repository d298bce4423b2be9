import Foundation
import Testing

@testable import CastLog

/// Generated round trips for every format `tail` reads: a record's fields, printed as the program prints them (its
/// documented layout), read back to the same time, level, class and message.
@Suite struct AppLogRoundTripTests {
    /// A fixed pseudo-random sequence.
    private struct Sequence {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// One generated record's fields.
    private struct Fields {
        var year = 2026, month: Int, day: Int, hour: Int, minute: Int, second: Int, micros: Int
        var level: LogLevel
        var className: String
        var message: String

        var time: LogTimestamp? {
            LogTimestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                         microseconds: micros)
        }
        var date: String { String(format: "%04d-%02d-%02d", year, month, day) }
        var clock: String { String(format: "%02d:%02d:%02d", hour, minute, second) }
    }

    private static let levels: [LogLevel] = [.verbose, .debug, .info, .warning, .error, .assert]

    private func fields(_ random: inout Sequence, classes: [String], levels: [LogLevel] = levels,
                        millis: Bool = false) -> Fields {
        let micros = millis ? random.next(1000) * 1000 : random.next(1_000_000)
        let words = ["session", "started:", "(parens)", "- dash", "ütf-8 ✓", "id=42", "[bracket]", "a:b"]
        let message = (0..<(1 + random.next(5))).map { _ in words[random.next(words.count)] }.joined(separator: " ")
        return Fields(month: 1 + random.next(12), day: 1 + random.next(28), hour: random.next(24),
                      minute: random.next(60), second: random.next(60), micros: micros,
                      level: levels[random.next(levels.count)], className: classes[random.next(classes.count)],
                      message: message)
    }

    private func expectRoundTrip(_ line: String, _ fields: Fields, format: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let read = try #require(AppLogLine.parse(Substring(line), context: AppLogContextTestValues.utc2026),
                                "\(line)", sourceLocation: sourceLocation)
        #expect(read.record.timestamp == fields.time, "\(line)", sourceLocation: sourceLocation)
        #expect(read.record.level == fields.level, "\(line)", sourceLocation: sourceLocation)
        #expect(read.record.className == fields.className, "\(line)", sourceLocation: sourceLocation)
        #expect(read.record.message == fields.message, "\(line)", sourceLocation: sourceLocation)
        #expect(read.record.metadata["format"] == .string(format), "\(line)", sourceLocation: sourceLocation)
    }

    @Test func pythonAsHomeAssistantPrintsIt() throws {
        var random = Sequence(state: 7)
        let names: [LogLevel: String] = [.verbose: "NOTSET", .debug: "DEBUG", .info: "INFO", .warning: "WARNING",
                                         .error: "ERROR", .assert: "CRITICAL"]
        for _ in 0..<200 {
            let record = fields(&random, classes: ["pychromecast.socket_client", "homeassistant.components.cast"],
                                millis: true)
            let line = "\(record.date) \(record.clock).\(String(format: "%03d", record.micros / 1000)) "
                + "\(names[record.level] ?? "") (MainThread) [\(record.className)] \(record.message)"
            try expectRoundTrip(line, record, format: "python")
        }
    }

    @Test func chromiumAsLoggingCCPrintsIt() throws {
        var random = Sequence(state: 8)
        let names: [LogLevel: String] = [.verbose: "VERBOSE1", .info: "INFO", .warning: "WARNING", .error: "ERROR",
                                         .assert: "FATAL"]
        for _ in 0..<200 {
            let record = fields(&random, classes: ["cast_socket.cc", "cast_channel_handler.cc"],
                                levels: [.verbose, .info, .warning, .error, .assert])
            let line = String(format: "[%d:%d:%02d%02d/%02d%02d%02d.%06d:", 1000 + random.next(9000),
                              1 + random.next(99_999), record.month, record.day, record.hour, record.minute,
                              record.second, record.micros)
                + "\(names[record.level] ?? ""):components/cast_channel/\(record.className)(\(1 + random.next(900)))] "
                + record.message
            try expectRoundTrip(line, record, format: "chromium")
        }
    }

    @Test func appleLogInBothStyles() throws {
        var random = Sequence(state: 9)
        let types: [LogLevel: (String, String)] = [.debug: ("Debug", "Db"), .info: ("Default", "Df"),
                                                   .error: ("Error", "E "), .assert: ("Fault", "F ")]
        for index in 0..<200 {
            let record = fields(&random, classes: ["session", "channel", "player"],
                                levels: [.debug, .info, .error, .assert], millis: index % 2 == 1)
            let (long, short) = types[record.level] ?? ("", "")
            let line: String
            if index % 2 == 0 {
                line = "\(record.date) \(record.clock).\(String(format: "%06d", record.micros))+0000 0x\(String(random.next(1 << 20), radix: 16))"
                    + "    \(long.padding(toLength: 12, withPad: " ", startingAt: 0))0x0                  812    0    "
                    + "CastVideos: (GoogleCast) [com.google.cast:\(record.className)] \(record.message)"
            } else {
                line = "\(record.date) \(record.clock).\(String(format: "%03d", record.micros / 1000)) \(short) "
                    + "CastVideos[812:\(String(random.next(1 << 20), radix: 16))] [com.example:\(record.className)] "
                    + record.message
            }
            try expectRoundTrip(line, record, format: "apple")
        }
    }

    @Test func gckDelegateBehindNSLog() throws {
        var random = Sequence(state: 10)
        for _ in 0..<200 {
            var record = fields(&random, classes: ["GCKSessionManager", "GCKDeviceScanner", "GCKCastChannel"],
                                levels: [.debug])
            // NSLog's `, File.m:123` after the message is read as the location: the generated messages end otherwise.
            record.message = record.message.replacingOccurrences(of: " - ", with: " ")
            let function = random.next(2) == 0 ? "-[\(record.className) start:with:]"
                : "\(record.className).start(with:)"
            let line = "\(record.date) \(record.clock).\(String(format: "%06d", record.micros))+0000 "
                + "CastVideos[812:\(random.next(100_000))] \(function) - \(record.message)"
            try expectRoundTrip(line, record, format: "gck")
        }
    }
}
