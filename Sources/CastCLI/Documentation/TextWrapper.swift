/// Word-wraps help text the way swift-argument-parser does: whole words, lines kept below the screen width.
enum TextWrapper {
    /// Wraps each paragraph (newline-separated) so no line reaches `width` columns unless one word is longer.
    ///
    /// - Parameters:
    ///   - indent: spaces before the first line.
    ///   - hangingIndent: spaces before the following lines (defaults to `indent`).
    static func wrap(_ text: String, width: Int, indent: Int = 0, hangingIndent: Int? = nil) -> String {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = paragraph.split(separator: " ").map(String.init)
            let first = lines.isEmpty ? indent : hangingIndent ?? indent
            lines += wrap(words: words, width: width, indent: first, hangingIndent: hangingIndent ?? indent)
        }
        return lines.joined(separator: "\n")
    }

    /// Fills lines with the words, each kept whole (a usage group like `[--class <c> ...]` can be one word).
    static func wrap(words: [String], width: Int, indent: Int, hangingIndent: Int) -> [String] {
        // A line of exactly `width` characters makes many terminals insert a blank line, so stop one short.
        let limit = max(width - 1, 1)
        var lines: [String] = []
        var line = String(repeating: " ", count: indent)
        var lineHasWord = false
        for word in words {
            if lineHasWord, line.count + 1 + word.count > limit {
                lines.append(line)
                line = String(repeating: " ", count: hangingIndent)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(lineHasWord ? line : "")
        return lines
    }
}
