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
        if colored { out.append(contentsOf: Self.colorCode(record.level).utf8) }
        out.append(contentsOf: record.level.paddedLabel.utf8)
        if colored { out.append(contentsOf: "\u{1B}[0m".utf8) }
        out.append(0x20)
        out.append(contentsOf: record.className.utf8)
        out.append(contentsOf: " -[".utf8)
        let function = record.function.utf8
        out.append(contentsOf: function[..<(function.firstIndex(of: UInt8(ascii: "(")) ?? function.endIndex)])
        out.append(contentsOf: "] ".utf8)
        let file = record.file.utf8
        out.append(contentsOf: file[(file.lastIndex(of: UInt8(ascii: "/")).map(file.index(after:)) ?? file.startIndex)...])
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
        out.append(contentsOf: #"{"ts":""#.utf8)
        timestamps.append(record.timestamp, to: &out)
        out.append(contentsOf: #"","level":""#.utf8)
        out.append(contentsOf: record.level.name.utf8)
        out.append(contentsOf: #"","class":"#.utf8)
        JSONString.appendQuoted(record.className, to: &out)
        out.append(contentsOf: #","function":"#.utf8)
        JSONString.appendQuoted(record.function, to: &out)
        out.append(contentsOf: #","file":"#.utf8)
        JSONString.appendQuoted(record.file, to: &out)
        out.append(contentsOf: #","line":"#.utf8)
        TextFieldWriter.appendDecimal(UInt64(record.line), to: &out)
        out.append(contentsOf: #","msg":"#.utf8)
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
        out.append(contentsOf: "ts=".utf8)
        timestamps.append(record.timestamp, to: &out)
        out.append(contentsOf: " level=".utf8)
        out.append(contentsOf: record.level.name.utf8)
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
        out.append(contentsOf: key.utf8)
        out.append(UInt8(ascii: "="))
        if needsQuotes(value) {
            JSONString.appendQuoted(value, to: &out)
        } else {
            out.append(contentsOf: value.utf8)
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
        if !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            out.append(contentsOf: text.utf8)
            return
        }
        for byte in text.utf8 {
            switch byte {
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            default: out.append(byte)
            }
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
