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
        #expect(ValueParser.seconds("1.25m") == 75)
    }
}
