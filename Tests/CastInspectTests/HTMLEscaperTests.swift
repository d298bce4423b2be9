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
}
