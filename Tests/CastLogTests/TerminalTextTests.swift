import CastJSON
import CastTestSupport
import Testing
@testable import CastLog

/// One escaping for every human-readable output: controls become visible text, nothing else changes.
@Suite struct TerminalTextTests {
    @Test func controlSequencesBecomeVisibleText() {
        #expect(TerminalText.escaped(TerminalSafety.hostile) == TerminalSafety.hostileEscaped)
        #expect(TerminalSafety.rawControls(in: TerminalText.escaped(TerminalSafety.hostile)).isEmpty)
    }

    @Test func tabsAndTextStayAsTheyAre() {
        let text = "Küche\tTV — “Wohnzimmer” 日本 ©"
        #expect(TerminalText.escaped(text) == text)
        #expect(TerminalText.escaped(text, lines: .kept) == text)
    }

    @Test func lineFeedsAreKeptOnlyInMultiLineText() {
        #expect(TerminalText.escaped("a\nb\r\n") == #"a\nb\r\n"#)
        #expect(TerminalText.escaped("a\nb\r\n", lines: .kept) == "a\nb\\r\n")
    }

    @Test func controlsAtEveryPositionOfAWordAreFound() {
        // The eight-byte scan must not miss a control in any lane, nor at the end of a short tail.
        for length in 0..<20 {
            for position in 0..<max(length, 1) where length > 0 {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = 0x1B
                let escaped = TerminalText.escaped(String(decoding: bytes, as: UTF8.self))
                #expect(!escaped.utf8.contains(0x1B))
                #expect(escaped.utf8.count == length + 3)
            }
        }
    }

    @Test func aC1OrBidiControlSplitAcrossTheEndIsNotMisread() {
        // 0xC2 and 0xE2 start many ordinary characters: only the controls among them are escaped.
        #expect(TerminalText.escaped("\u{A0}\u{A9}\u{2014}\u{2030}") == "\u{A0}\u{A9}\u{2014}\u{2030}")
        #expect(TerminalText.escaped("x\u{85}") == #"x\x85"#)
        #expect(TerminalText.escaped("\u{2066}x\u{2069}") == #"\u{2066}x\u{2069}"#)
    }

    @Test func randomTextLeavesNothingRaw() {
        // A fixed linear congruential sequence: the same texts on every run.
        var state: UInt64 = 37
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<(next() % 40) {
                let pick = next() % 4
                let value: UInt32 = switch pick {
                case 0: next() % 0x20
                case 1: 0x7F + next() % 0x21
                case 2: 0x2028 + next() % 0x48
                default: 0x20 + next() % 0x5F
                }
                if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
            }
            let escaped = TerminalText.escaped(text)
            #expect(TerminalSafety.rawControls(in: escaped).isEmpty, "\(text.debugDescription)")
            #expect(!escaped.contains("\n"))
        }
    }

    @Test func theTextFormatEscapesClassFunctionFileMessageAndMetadata() {
        let hostile = TerminalSafety.hostile
        let record = LogRecord(
            timestamp: LogTimestamp(seconds: 1_796_016_520, microseconds: 0), level: .info, className: "GCK" + hostile,
            function: "f" + hostile, file: "x/" + hostile + ".swift", line: 1, message: "m" + hostile,
            metadata: ["k" + hostile: .string(hostile), "del": .string("a\u{7F}b")])
        var formatter = LogFormatter(format: .text)
        let line = formatter.string(for: record)
        #expect(TerminalSafety.rawControls(in: line).isEmpty, "\(line.debugDescription)")
        #expect(line.contains("GCK" + TerminalSafety.hostileEscaped + " -[f" + TerminalSafety.hostileEscaped + "]"))
        #expect(line.contains("m" + TerminalSafety.hostileEscaped))
        var colored = LogFormatter(format: .text, colored: true)
        let colouredLine = colored.string(for: record)
        // Our own colour codes stay; the record's ESC bytes do not.
        #expect(colouredLine.unicodeScalars.filter { $0 == "\u{1B}" }.count == 2, "\(colouredLine.debugDescription)")
    }

    @Test func jsonEscapesDELC1AndBidiAndDecodesToTheSameText() throws {
        var out: [UInt8] = []
        JSONString.appendQuoted(TerminalSafety.hostile, to: &out)
        let text = String(decoding: out, as: UTF8.self)
        #expect(TerminalSafety.rawControls(in: text).isEmpty, "\(text)")
        #expect(text.contains(#"\u007f"#) && text.contains(#"\u009b"#) && text.contains(#"\u202e"#))
        #expect(try JSONValue(parsing: text) == .string(TerminalSafety.hostile))
    }
}
