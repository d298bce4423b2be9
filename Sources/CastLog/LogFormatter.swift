import CastJSON

/// The three record formats.
public enum LogFormat: String, Sendable, Hashable, CaseIterable {
    /// `TS LEVEL CLASS -[function] File.swift:88 message key=value…`, for people.
    case text
    /// One JSON object per line: `ts, level, class, function, file, line, msg`, then the metadata keys.
    case jsonLines = "json"
    /// `ts=… level=… class=… function=… file=… line=… msg="…" key=value…`, for log shippers.
    case logfmt
}

/// Formats records into bytes; holds a timestamp cache, so each sink owns one and uses it under its own lock.
public struct LogFormatter: Sendable {
    /// The format written.
    public let format: LogFormat
    /// Whether the text format colours the level with ANSI escapes.
    public let colored: Bool
    private var timestamps = TimestampCache()

    /// A formatter for `format`; `colored` only affects the text format.
    public init(format: LogFormat, colored: Bool = false) {
        self.format = format
        self.colored = colored
    }

    /// Appends `record` and a newline to `out`.
    public mutating func append(_ record: LogRecord, to out: inout [UInt8]) {
        switch format {
        case .text: appendText(record, to: &out)
        case .jsonLines: appendJSON(record, to: &out)
        case .logfmt: appendLogfmt(record, to: &out)
        }
        out.append(0x0A)
    }

    /// `record` as one line without the newline.
    public mutating func string(for record: LogRecord) -> String {
        var out: [UInt8] = []
        append(record, to: &out)
        out.removeLast()
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func appendText(_ record: LogRecord, to out: inout [UInt8]) {
        timestamps.append(record.timestamp, to: &out)
        out.append(0x20)
        if colored { UTF8Appender.append(Self.colorCode(record.level), to: &out) }
        out.append(contentsOf: Bytes.paddedLabels[record.level.rawValue])
        if colored { out.append(contentsOf: Bytes.colorReset) }
        out.append(0x20)
        UTF8Appender.append(record.className, to: &out)
        out.append(contentsOf: Bytes.functionOpen)
        UTF8Appender.appendPrefix(record.function, upTo: UInt8(ascii: "("), to: &out)
        out.append(contentsOf: Bytes.functionClose)
        UTF8Appender.appendSuffix(record.file, after: UInt8(ascii: "/"), to: &out)
        out.append(UInt8(ascii: ":"))
        TextFieldWriter.appendDecimal(UInt64(record.line), to: &out)
        out.append(0x20)
        TextFieldWriter.appendSingleLine(record.message, to: &out)
        for field in record.metadata {
            out.append(0x20)
            TextFieldWriter.appendKeyValue(field.key, field.value.text, to: &out)
        }
    }

    private mutating func appendJSON(_ record: LogRecord, to out: inout [UInt8]) {
        out.append(contentsOf: Bytes.jsonTimestampKey)
        timestamps.append(record.timestamp, to: &out)
        out.append(contentsOf: Bytes.jsonLevelKey)
        out.append(contentsOf: Bytes.names[record.level.rawValue])
        out.append(contentsOf: Bytes.jsonClassKey)
        JSONString.appendQuoted(record.className, to: &out)
        out.append(contentsOf: Bytes.jsonFunctionKey)
        JSONString.appendQuoted(record.function, to: &out)
        out.append(contentsOf: Bytes.jsonFileKey)
        JSONString.appendQuoted(record.file, to: &out)
        out.append(contentsOf: Bytes.jsonLineKey)
        TextFieldWriter.appendDecimal(UInt64(record.line), to: &out)
        out.append(contentsOf: Bytes.jsonMessageKey)
        JSONString.appendQuoted(record.message, to: &out)
        for field in record.metadata {
            out.append(UInt8(ascii: ","))
            JSONString.appendQuoted(Self.reservedKeys.contains(field.key) ? "meta." + field.key : field.key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch field.value {
            case .string(let text), .secret(let text): JSONString.appendQuoted(text, to: &out)
            case .int(let number): out.append(contentsOf: String(number).utf8)
            case .double(let number): JSONNumber.appendDouble(number, to: &out)
            case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    private mutating func appendLogfmt(_ record: LogRecord, to out: inout [UInt8]) {
        out.append(contentsOf: Bytes.logfmtTimestampKey)
        timestamps.append(record.timestamp, to: &out)
        out.append(contentsOf: Bytes.logfmtLevelKey)
        out.append(contentsOf: Bytes.names[record.level.rawValue])
        let fixed: [(String, String)] = [
            ("class", record.className), ("function", record.function), ("file", record.file),
            ("line", String(record.line)), ("msg", record.message),
        ]
        for (key, value) in fixed {
            out.append(0x20)
            TextFieldWriter.appendKeyValue(key, value, to: &out)
        }
        for field in record.metadata {
            out.append(0x20)
            TextFieldWriter.appendKeyValue(
                Self.reservedKeys.contains(field.key) ? "meta." + field.key : field.key, field.value.text, to: &out)
        }
    }

    /// Field names of the fixed part; metadata keys that collide are written as `meta.<key>`.
    static let reservedKeys: Set<String> = ["ts", "level", "class", "function", "file", "line", "msg"]

    private static func colorCode(_ level: LogLevel) -> String {
        switch level {
        case .none, .verbose: return "\u{1B}[2m"
        case .debug: return "\u{1B}[36m"
        case .info: return "\u{1B}[32m"
        case .warning: return "\u{1B}[33m"
        case .error: return "\u{1B}[31m"
        case .assert: return "\u{1B}[1;35m"
        }
    }
}

/// `key=value` writing shared by the text and logfmt formats.
enum TextFieldWriter {
    /// Appends `key=value`, quoting the value JSON-style when it is empty or holds spaces, quotes, `=` or controls.
    static func appendKeyValue(_ key: String, _ value: String, to out: inout [UInt8]) {
        UTF8Appender.append(key, to: &out)
        out.append(UInt8(ascii: "="))
        if needsQuotes(value) {
            JSONString.appendQuoted(value, to: &out)
        } else {
            UTF8Appender.append(value, to: &out)
        }
    }

    /// Appends the decimal digits of `value`.
    static func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
        guard value >= 10 else {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends `text` with line breaks escaped, so one record stays one line.
    static func appendSingleLine(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count where bytes[index] == 0x0A || bytes[index] == 0x0D {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(contentsOf: (bytes[index] == 0x0A ? "\\n" : "\\r").utf8)
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
    }

    private static func needsQuotes(_ value: String) -> Bool {
        if value.isEmpty { return true }
        for byte in value.utf8 where byte <= 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "=") {
            return true
        }
        return false
    }
}

/// Appends strings' UTF-8 through their contiguous storage (a plain `append(contentsOf: s.utf8)` copies byte by byte).
enum UTF8Appender {
    static func append(_ string: String, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Appends `string` up to (not including) the first `stop` byte.
    static func appendPrefix(_ string: String, upTo stop: UInt8, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            var end = 0
            while end < bytes.count, bytes[end] != stop { end += 1 }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<end]))
        }
    }

    /// Appends what follows the last `separator` byte of `string` (all of it when there is none).
    static func appendSuffix(_ string: String, after separator: UInt8, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            var start = bytes.count
            while start > 0, bytes[start - 1] != separator { start -= 1 }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
    }
}

/// Byte forms of the fixed text the formatters write on every record.
private enum Bytes {
    static let colorReset: [UInt8] = Array("\u{1B}[0m".utf8)
    static let functionOpen: [UInt8] = Array(" -[".utf8)
    static let functionClose: [UInt8] = Array("] ".utf8)
    static let jsonTimestampKey: [UInt8] = Array(#"{"ts":""#.utf8)
    static let jsonLevelKey: [UInt8] = Array(#"","level":""#.utf8)
    static let jsonClassKey: [UInt8] = Array(#"","class":"#.utf8)
    static let jsonFunctionKey: [UInt8] = Array(#","function":"#.utf8)
    static let jsonFileKey: [UInt8] = Array(#","file":"#.utf8)
    static let jsonLineKey: [UInt8] = Array(#","line":"#.utf8)
    static let jsonMessageKey: [UInt8] = Array(#","msg":"#.utf8)
    static let logfmtTimestampKey: [UInt8] = Array("ts=".utf8)
    static let logfmtLevelKey: [UInt8] = Array(" level=".utf8)
    static let paddedLabels: [[UInt8]] = LogLevel.allCases.map { Array($0.paddedLabel.utf8) }
    static let names: [[UInt8]] = LogLevel.allCases.map { Array($0.name.utf8) }
}
