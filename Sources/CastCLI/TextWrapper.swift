/// Word-wraps help text the way swift-argument-parser does: whole words, lines kept below the screen width.
enum TextWrapper {
    /// Wraps each paragraph (newline-separated) so no line reaches `width` columns unless one word is longer.
    ///
    /// - Parameters:
    ///   - indent: spaces before the first line.
    ///   - hangingIndent: spaces before the following lines (defaults to `indent`).
    static func wrap(_ text: String, width: Int, indent: Int = 0, hangingIndent: Int? = nil) -> String {
        let following = hangingIndent ?? indent
        // A line of exactly `width` characters makes many terminals insert a blank line, so stop one short.
        let limit = max(width - 1, 1)
        var lines: [String] = []
        var isFirstLine = true
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineHasWord = false
            func startLine() {
                line = String(repeating: " ", count: isFirstLine ? indent : following)
                lineHasWord = false
                isFirstLine = false
            }
            startLine()
            for word in paragraph.split(separator: " ") {
                if lineHasWord, line.count + 1 + word.count > limit {
                    lines.append(line)
                    startLine()
                }
                line += (lineHasWord ? " " : "") + word
                lineHasWord = true
            }
            lines.append(lineHasWord ? line : "")
        }
        return lines.joined(separator: "\n")
    }
}
