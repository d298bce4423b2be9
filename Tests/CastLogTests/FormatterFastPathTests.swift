import Foundation
import Testing
@testable import CastLog

/// The text formatter's caches and word-at-a-time scans give the same bytes as the plain rules they shortcut.
@Suite struct FormatterFastPathTests {
    private func record(
        _ message: String, level: LogLevel = .info, className: String = "GCKCastChannel",
        function: String = "send(_:)", file: String = "CastChannel/CastSocket.swift", line: UInt = 7,
        seconds: Int64 = 1_796_016_520, microseconds: Int32 = 5
    ) -> LogRecord {
        LogRecord(timestamp: LogTimestamp(seconds: seconds, microseconds: microseconds), level: level,
                  className: className, function: function, file: file, line: line, message: message)
    }

    @Test func lineBreaksAreEscapedAtEveryPositionAndLength() {
        var formatter = LogFormatter(format: .text)
        for length in 1...20 {
            for position in 0..<length {
                for breakByte in ["\n", "\r"] {
                    var characters = Array(repeating: "a", count: length)
                    characters[position] = breakByte
                    let message = characters.joined()
                    let line = formatter.string(for: record(message))
                    let expected = message.replacingOccurrences(of: "\n", with: "\\n")
                        .replacingOccurrences(of: "\r", with: "\\r")
                    #expect(line.hasSuffix(" " + expected), "length \(length) position \(position)")
                }
            }
        }
    }

    @Test func recordHeaderFollowsEveryChangeOfCallSite() {
        var formatter = LogFormatter(format: .text)
        let variants = [
            record("m"), record("m", level: .error), record("m", className: "GCKSession"),
            record("m", function: "other()"), record("m", file: "Elsewhere/Other.swift"), record("m", line: 8), record("m"),
        ]
        let lines = variants.map { formatter.string(for: $0) }
        #expect(lines[0] == "2026-11-30T05:28:40.000005Z INFO    GCKCastChannel -[send] CastSocket.swift:7 m")
        #expect(lines[1] == "2026-11-30T05:28:40.000005Z ERROR   GCKCastChannel -[send] CastSocket.swift:7 m")
        #expect(lines[2] == "2026-11-30T05:28:40.000005Z INFO    GCKSession -[send] CastSocket.swift:7 m")
        #expect(lines[3] == "2026-11-30T05:28:40.000005Z INFO    GCKCastChannel -[other] CastSocket.swift:7 m")
        #expect(lines[4] == "2026-11-30T05:28:40.000005Z INFO    GCKCastChannel -[send] Other.swift:7 m")
        #expect(lines[5] == "2026-11-30T05:28:40.000005Z INFO    GCKCastChannel -[send] CastSocket.swift:8 m")
        #expect(lines[6] == lines[0])
    }

    @Test func timestampCacheRewritesTheSecondAndTheFraction() {
        var formatter = LogFormatter(format: .text)
        let first = formatter.string(for: record("m", seconds: 1_796_016_520, microseconds: 999_999))
        let second = formatter.string(for: record("m", seconds: 1_796_016_521, microseconds: 0))
        let earlier = formatter.string(for: record("m", seconds: 0, microseconds: 10))
        #expect(first.hasPrefix("2026-11-30T05:28:40.999999Z "))
        #expect(second.hasPrefix("2026-11-30T05:28:41.000000Z "))
        #expect(earlier.hasPrefix("1970-01-01T00:00:00.000010Z "))
        #expect(LogTimestamp(seconds: 1_796_016_520, microseconds: 123_456).rfc3339 == "2026-11-30T05:28:40.123456Z")
    }

    @Test func redactionTriggersAreFoundInTheLastBytesOfEveryLength() {
        for length in 14...30 {
            let prefix = String(repeating: "x", count: length - 14)
            let text = prefix + "?token=s3cret1"
            #expect(Redactor.redactText(text) == prefix + "?token=" + Redactor.placeholder, "length \(length)")
        }
        #expect(Redactor.redactText("nothing to see here at all") == "nothing to see here at all")
    }

    @Test func interpolatedIntegersKeepTheirDigitsAtEveryMagnitude() {
        var value: Int64 = 1
        for _ in 0..<19 {
            for candidate in [value - 1, value, -value, value + 7] {
                let message: LogMessage = "v=\(candidate)!"
                #expect(message.string == "v=" + String(candidate) + "!")
            }
            value = value &* 10
        }
        let extreme: LogMessage = "\(Int64.min) \(Int64.max) \(UInt64.max)"
        #expect(extreme.string == "\(Int64.min) \(Int64.max) \(UInt64.max)")
        let long: LogMessage = "\(String(repeating: "y", count: 110)) \(123_456_789_012) end"
        #expect(long.string == String(repeating: "y", count: 110) + " 123456789012 end")
    }
}
