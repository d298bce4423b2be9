import Testing
@testable import CastCLI

@Suite struct ValueParserTests {
    @Test func durationsAcceptUnitsAndPlainSeconds() {
        #expect(ValueParser.duration("500ms") == .milliseconds(500))
        #expect(ValueParser.duration("4s") == .seconds(4))
        #expect(ValueParser.duration("2m") == .seconds(120))
        #expect(ValueParser.duration("1h") == .seconds(3600))
        #expect(ValueParser.duration("4") == .seconds(4))
        #expect(ValueParser.duration("0.5") == .milliseconds(500))
        #expect(ValueParser.duration("0") == .zero)
        #expect(ValueParser.seconds("1.25m") == 75)
        #expect(ValueParser.seconds("250ms") == 0.25)
    }

    @Test func fractionalDurationsAreExactToTheNanosecond() {
        #expect(ValueParser.nanoseconds("0.1s") == 100_000_000)
        #expect(ValueParser.nanoseconds("1.5ms") == 1_500_000)
        #expect(ValueParser.nanoseconds("0.000000001") == 1)
        #expect(ValueParser.nanoseconds("0.0000000019") == 1)
    }

    @Test func malformedDurationsAreRejected() {
        for text in ["", "s", "ms", "-1s", "+1s", "1.s", ".5", "1..2", "5x", "1e3", "inf", "nan", "4 s", "1.2.3m",
                     "٣s", "1sm"] {
            #expect(ValueParser.duration(text) == nil, "accepted '\(text)'")
        }
    }

    @Test func hugeDurationsAreRejectedInsteadOfOverflowing() {
        #expect(ValueParser.duration("1000000000s") == .seconds(1_000_000_000))
        #expect(ValueParser.duration("1000000001s") == nil)
        #expect(ValueParser.duration("999999999999999h") == nil)
        #expect(ValueParser.duration(String(repeating: "9", count: 40)) == nil)
    }

    @Test func integersAcceptSignsAndRejectJunk() {
        #expect(ValueParser.integer("42") == 42)
        #expect(ValueParser.integer("-7") == -7)
        #expect(ValueParser.integer("+7") == 7)
        for text in ["", "4.0", "0x10", "1_000", " 1", "99999999999999999999"] {
            #expect(ValueParser.integer(text) == nil, "accepted '\(text)'")
        }
    }
}
