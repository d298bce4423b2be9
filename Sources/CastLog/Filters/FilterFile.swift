import Foundation

/// A filter file or `CASTSCOPE_LOG` value that cannot be used, with its place: `FILE:LINE:COL: what`.
public struct FilterFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file name as given (or `CASTSCOPE_LOG`).
    public var file: String
    /// 1-based line; 0 when the file itself could not be read.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    public var description: String {
        line == 0 ? "\(file): \(message)" : "\(file):\(line):\(column): \(message)"
    }
}

/// Reads the line-based filter format (design.md "Logging contract"):
///
/// ```
/// # comments start with '#'
/// minimum = warning              # level for classes no rule matches
/// GCKUI*, GCK*Session = verbose  # class rules: literal names or globs, comma-separated
/// class GCKCastChannel = debug   # the same, spelled out
/// function sessionManager* = debug
/// message ~ (?i)timeout|error    # regular expression; the rest of the line, '#' included
/// exclusive = false              # accepted for GCKLoggerFilter compatibility, ignored
/// ```
public enum FilterFile {
    /// Parses filter-file text; `fileName` is used in error messages.
    public static func parse(_ text: String, fileName: String) throws(FilterFileError) -> LoggerFilter {
        let (filter, errors) = check(text, fileName: fileName)
        if let first = errors.first { throw first }
        return filter
    }

    /// Parses every line and returns the filter of the valid ones and an error for each line that is not
    /// (`castscope filters check` reports them all, not only the first).
    public static func check(_ text: String, fileName: String) -> (filter: LoggerFilter, errors: [FilterFileError]) {
        var filter = LoggerFilter()
        var errors: [FilterFileError] = []
        var lineNumber = 0
        // Split on scalars, not Characters: "\r\n" is one Character and would hide the line break.
        for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Array(rawLine)
            if line.last == "\r" { line.removeLast() }
            let parser = FilterLineParser(line: line, file: fileName, lineNumber: lineNumber, columnOffset: 0)
            do {
                try parser.apply(to: &filter, allowTrailingComment: true)
            } catch {
                errors.append(error)
            }
        }
        return (filter, errors)
    }

    /// Reads and parses the filter file at `path`.
    public static func load(path: String) throws(FilterFileError) -> LoggerFilter {
        let (filter, errors) = try checkFile(path: path)
        if let first = errors.first { throw first }
        return filter
    }

    /// Reads the filter file at `path` and checks every line; throws only when the file cannot be read.
    public static func checkFile(path: String) throws(FilterFileError) -> (filter: LoggerFilter, errors: [FilterFileError]) {
        // A FileHandle also reads /dev/null, pipes and <(…), which FileManager.contents(atPath:) refuses.
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let handle = exists && !isDirectory.boolValue ? FileHandle(forReadingAtPath: path) : nil
        defer { try? handle?.close() }
        guard let handle, let data = try? handle.readToEnd() ?? Data() else {
            let reason =
                !exists
                ? "no such filter file" : isDirectory.boolValue ? "a directory, not a filter file"
                : "cannot read the filter file (permission denied?)"
            throw FilterFileError(file: path, line: 0, column: 0, message: reason)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FilterFileError(file: path, line: 0, column: 0, message: "the filter file is not UTF-8 text")
        }
        return check(text, fileName: path)
    }

    /// Parses a `CASTSCOPE_LOG` value: comma-separated items, each `LEVEL` (the minimum), `PATTERN=LEVEL`,
    /// `function PATTERN=LEVEL` or `message~REGEX` — e.g. `warning,GCKUI*=verbose,GCK*Session=debug`.
    public static func parseEnvironment(_ value: String, name: String = "CASTSCOPE_LOG") throws(FilterFileError)
        -> LoggerFilter
    {
        var filter = LoggerFilter()
        let scalars = Array(value.unicodeScalars)
        var itemStart = 0
        var index = 0
        var inSet = false
        while index <= scalars.count {
            let atEnd = index == scalars.count
            if !atEnd, scalars[index] == "[" { inSet = true }
            if !atEnd, scalars[index] == "]" { inSet = false }
            if atEnd || (scalars[index] == "," && !inSet) {
                let item = Array(scalars[itemStart..<index])
                if !item.allSatisfy({ $0 == " " }) {
                    let parser = FilterLineParser(line: item, file: name, lineNumber: 1, columnOffset: itemStart)
                    if !item.contains("="), !item.contains("~") {
                        try parser.applyBareLevel(to: &filter)
                    } else {
                        try parser.apply(to: &filter, allowTrailingComment: false)
                    }
                }
                itemStart = index + 1
            }
            index += 1
        }
        return filter
    }
}

/// Parses one line (or one environment item) of the filter format.
private struct FilterLineParser {
    let line: [Unicode.Scalar]
    let file: String
    let lineNumber: Int
    let columnOffset: Int

    init(line: [Unicode.Scalar], file: String, lineNumber: Int, columnOffset: Int) {
        self.line = line
        self.file = file
        self.lineNumber = lineNumber
        self.columnOffset = columnOffset
    }

    func apply(to filter: inout LoggerFilter, allowTrailingComment: Bool) throws(FilterFileError) {
        var start = 0
        while start < line.count, line[start] == " " || line[start] == "\t" { start += 1 }
        guard start < line.count, line[start] != "#" else { return }
        if let tilde = line[start...].firstIndex(of: "~"), line[start...].firstIndex(of: "=").map({ tilde < $0 }) ?? true {
            try applyMessage(to: &filter, start: start, tilde: tilde)
            return
        }
        var end = line.count
        if allowTrailingComment, let hash = trailingCommentStart(from: start) { end = hash }
        guard let equals = line[start..<end].firstIndex(of: "=") else {
            throw error(at: start, "expected 'PATTERN = LEVEL', 'function PATTERN = LEVEL', 'minimum = LEVEL' or "
                + "'message ~ REGEX'")
        }
        let (keyStart, keyEnd) = trimmed(start, equals)
        let (valueStart, valueEnd) = trimmed(equals + 1, end)
        let key = text(keyStart, keyEnd)
        guard keyEnd > keyStart else { throw error(at: start, "missing class pattern before '='") }
        guard valueEnd > valueStart else { throw error(at: equals + 1, "missing level after '='") }
        let value = text(valueStart, valueEnd)
        switch key.lowercased() {
        case "minimum", "minimumlevel", "level":
            filter.minimumLevel = try level(value, at: valueStart)
        case "exclusive":
            guard let flag = ["true": true, "yes": true, "false": false, "no": false][value.lowercased()] else {
                throw error(at: valueStart, "expected true or false, found '\(value)'")
            }
            filter.exclusive = flag
        default:
            // Cast SDK class names start with an upper-case letter; a bare lower-case word is a misspelt key
            // ('minimun'), and 'class name = LEVEL' remains for a lower-case class.
            if key.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) {
                throw error(at: keyStart, "unknown key '\(key)' (expected minimum, exclusive, function PATTERN, "
                    + "message ~ REGEX, or a class pattern; write 'class \(key) = LEVEL' for a lower-case class)")
            }
            let level = try level(value, at: valueStart)
            if key.hasPrefix("function ") || key.hasPrefix("function\t") {
                let patterns = try patternList(from: keyStart + 8, to: keyEnd)
                filter.setLoggingLevel(level, forFunctions: patterns)
            } else if key.hasPrefix("class ") || key.hasPrefix("class\t") {
                filter.setLoggingLevel(level, forClasses: try patternList(from: keyStart + 5, to: keyEnd))
            } else {
                filter.setLoggingLevel(level, forClasses: try patternList(from: keyStart, to: keyEnd))
            }
        }
    }

    func applyBareLevel(to filter: inout LoggerFilter) throws(FilterFileError) {
        let (start, end) = trimmed(0, line.count)
        filter.minimumLevel = try level(text(start, end), at: start)
    }

    private func applyMessage(to filter: inout LoggerFilter, start: Int, tilde: Int) throws(FilterFileError) {
        let (keyStart, keyEnd) = trimmed(start, tilde)
        guard text(keyStart, keyEnd).lowercased() == "message" else {
            throw error(at: start, "only 'message' can be matched with '~'")
        }
        let (patternStart, patternEnd) = trimmed(tilde + 1, line.count)
        guard patternEnd > patternStart else { throw error(at: tilde + 1, "missing regular expression after '~'") }
        do {
            try filter.addMessagePatterns([text(patternStart, patternEnd)])
        } catch {
            throw self.error(at: patternStart, error.message)
        }
    }

    /// Splits `PATTERN, PATTERN…` and validates each glob.
    private func patternList(from start: Int, to end: Int) throws(FilterFileError) -> [String] {
        var patterns: [String] = []
        var itemStart = start
        var index = start
        var inSet = false
        while index <= end {
            let atEnd = index == end
            if !atEnd, line[index] == "[" { inSet = true }
            if !atEnd, line[index] == "]" { inSet = false }
            if atEnd || (line[index] == "," && !inSet) {
                let (patternStart, patternEnd) = trimmed(itemStart, index)
                guard patternEnd > patternStart else { throw error(at: itemStart, "empty class pattern") }
                if let space = line[patternStart..<patternEnd].firstIndex(where: { $0 == " " || $0 == "\t" }) {
                    throw error(at: space, "unexpected space in pattern (separate patterns with ',')")
                }
                let pattern = text(patternStart, patternEnd)
                if let problem = GlobPattern.validate(pattern) {
                    throw error(at: patternStart + problem.offset, problem.message)
                }
                patterns.append(pattern)
                itemStart = index + 1
            }
            index += 1
        }
        return patterns
    }

    private func level(_ name: String, at column: Int) throws(FilterFileError) -> LogLevel {
        guard let level = LogLevel(name: name) else {
            throw error(at: column, "unknown level '\(name)' (expected one of \(LogLevel.nameList))")
        }
        return level
    }

    /// A `#` preceded by whitespace starts a trailing comment on rule lines.
    private func trailingCommentStart(from start: Int) -> Int? {
        var index = start + 1
        while index < line.count {
            if line[index] == "#", line[index - 1] == " " || line[index - 1] == "\t" { return index }
            index += 1
        }
        return nil
    }

    private func trimmed(_ start: Int, _ end: Int) -> (Int, Int) {
        var low = start
        var high = end
        while low < high, line[low] == " " || line[low] == "\t" { low += 1 }
        while high > low, line[high - 1] == " " || line[high - 1] == "\t" { high -= 1 }
        return (low, high)
    }

    private func text(_ start: Int, _ end: Int) -> String {
        var string = String.UnicodeScalarView()
        string.append(contentsOf: line[start..<end])
        return String(string)
    }

    private func error(at index: Int, _ message: String) -> FilterFileError {
        FilterFileError(file: file, line: lineNumber, column: columnOffset + index + 1, message: message)
    }
}
