import Testing
@testable import CastCLI

@Suite struct TextWrapperTests {
    @Test func longWordIsKeptWholeOnItsOwnLine() {
        let wrapped = TextWrapper.wrap("a " + String(repeating: "x", count: 30) + " b", width: 20)
        #expect(wrapped == "a\n" + String(repeating: "x", count: 30) + "\nb")
    }

    @Test func wrapperKeepsParagraphBreaks() {
        #expect(TextWrapper.wrap("one two\n\nthree", width: 80, indent: 2) == "  one two\n\n  three")
    }

    @Test func linesStopOneColumnShortOfTheWidth() {
        #expect(TextWrapper.wrap("aaaa bbbb", width: 10) == "aaaa bbbb")
        #expect(TextWrapper.wrap("aaaa bbbbb", width: 10) == "aaaa\nbbbbb")
    }

    @Test func hangingIndentAppliesFromTheSecondLine() {
        #expect(TextWrapper.wrap("USAGE: a b c", width: 12, hangingIndent: 7) == "USAGE: a b\n       c")
    }
}
