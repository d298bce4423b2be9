import CastJSON
import Testing

@testable import CastInspect

@Suite struct HTMLEscaperTests {
    @Test func escapesMarkupQuotesAndApostrophes() {
        #expect(HTMLEscaper.escape(#"<a href="x" title='y'>&</a>"#)
            == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
    }

    @Test func replacesControlCharactersButKeepsWhitespace() {
        #expect(HTMLEscaper.escape("a\u{0}b\u{1B}c\td\ne\u{7F}") == "a\u{FFFD}b\u{FFFD}c\td\ne\u{FFFD}")
    }

    @Test func scriptJSONStringCannotCloseTheScriptOrOpenAComment() {
        let text = HTMLEscaper.scriptJSONString("</script><!-- & -->")
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"))
        #expect(text == #""\u003c/script\u003e\u003c!-- \u0026 --\u003e""#)
    }

    @Test func scriptJSONStringEscapesLineAndParagraphSeparators() {
        let text = HTMLEscaper.scriptJSONString("a\u{2028}b\u{2029}c\u{2027}d\u{E2}")
        #expect(text == "\"a\\u2028b\\u2029c\u{2027}d\u{E2}\"")
    }

    @Test(arguments: ["plain", "quote \" backslash \\ slash /", "</SCRIPT>", "\u{2028}\u{2029}", "\u{0}\u{1F}\u{7F}",
                      "emoji 🎬 and ü", "\u{E2}\u{80}", "a\u{E2}\u{80}\u{A8}"])
    func scriptJSONStringRoundTripsThroughAJSONParser(text: String) throws {
        let parsed = try JSONValue(parsing: "[" + HTMLEscaper.scriptJSONString(text) + "]")
        #expect(parsed.arrayValue?.first?.stringValue == text)
    }

    @Test func limitedStringStopsBeforeAnEscapeThatWouldNotFit() {
        var out: [UInt8] = []
        #expect(!HTMLEscaper.appendScriptJSONString("<<<<", to: &out, limit: 13))
        #expect(String(decoding: out, as: UTF8.self) == #""\u003c\u003c""#)
        out = []
        #expect(HTMLEscaper.appendScriptJSONString("abc", to: &out, limit: 3))
        #expect(String(decoding: out, as: UTF8.self) == #""abc""#)
    }

    @Test(arguments: 0...24)
    func limitedStringIsAValidPrefixAtEveryLimit(limit: Int) throws {
        let text = "a\"é<\u{2028}🎬\\b\u{0}c"
        var out: [UInt8] = []
        let complete = HTMLEscaper.appendScriptJSONString(text, to: &out, limit: limit)
        #expect(out.count <= limit + 2)
        let parsed = try #require(try JSONValue(parsing: [UInt8]("[".utf8) + out + [UInt8]("]".utf8))
            .arrayValue?.first?.stringValue)
        #expect(text.unicodeScalars.starts(with: parsed.unicodeScalars))
        #expect(complete == (parsed == text))
    }
}
