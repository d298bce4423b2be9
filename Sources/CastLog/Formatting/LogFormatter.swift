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
    private var classCache = RepeatedFieldCache()
    private var functionCache = RepeatedFieldCache()
    private var fileCache = RepeatedFieldCache()
    private var textHeader = TextHeaderCache()

    /// A formatter for `format`; `colored` only affects the text format.
    public init(format: LogFormat, colored: Bool = false) {
        self.format = format
        self.colored = colored
    }

    /// Appends `record` and a newline to `out`.
    public mutating func append(_ record: LogRecord, to out: inout [UInt8]) {
        write(record, to: &out)
    }

    /// `record` as one line without the newline.
    public mutating func string(for record: LogRecord) -> String {
        var out: [UInt8] = []
        write(record, to: &out)
        out.removeLast()
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `record` and a newline to any byte output (the sinks use `OutputBuffer`).
    mutating func write<Output: ByteOutput & ~Copyable>(_ record: LogRecord, to out: inout Output) {
        switch format {
        case .text: appendText(record, to: &out)
        case .jsonLines: appendJSON(record, to: &out)
        case .logfmt: appendLogfmt(record, to: &out)
        }
        out.appendByte(0x0A)
    }

    private mutating func appendText<Output: ByteOutput & ~Copyable>(_ record: LogRecord, to out: inout Output) {
        timestamps.append(record.timestamp, to: &out)
        let colored = colored
        // ` LEVEL CLASS -[function] File.swift:88 `: the same for every record from one call site.
        textHeader.append(record, to: &out) { record, out in
            out.append(0x20)
            if colored { ByteWriting.append(Self.colorCode(record.level), to: &out) }
            ByteWriting.append(record.level.paddedLabel, to: &out)
            if colored { ByteWriting.append("\u{1B}[0m", to: &out) }
            out.append(0x20)
            ByteWriting.appendSafe(record.className, to: &out)
            // Other programs' records (logcat, Python) have no function or file: those parts are left out.
            if !record.function.isEmpty {
                ByteWriting.append(" -[", to: &out)
                ByteWriting.appendPrefix(record.function, upTo: UInt8(ascii: "("), to: &out)
                out.append(UInt8(ascii: "]"))
            }
            if !record.file.isEmpty {
                out.append(0x20)
                ByteWriting.appendSuffix(record.file, after: UInt8(ascii: "/"), to: &out)
                out.append(UInt8(ascii: ":"))
                ByteWriting.appendDecimal(UInt64(record.line), to: &out)
            }
            out.append(0x20)
        }
        ByteWriting.appendSingleLine(record.message, to: &out)
        for field in record.metadata {
            out.appendByte(0x20)
            ByteWriting.appendKeyValue(field.key, field.value.text, to: &out)
        }
    }

    private mutating func appendJSON<Output: ByteOutput & ~Copyable>(_ record: LogRecord, to out: inout Output) {
        ByteWriting.append(#"{"ts":""#, to: &out)
        timestamps.append(record.timestamp, to: &out)
        ByteWriting.append(#"","level":""#, to: &out)
        ByteWriting.append(record.level.staticName, to: &out)
        ByteWriting.append(#"","class":"#, to: &out)
        classCache.append(record.className, to: &out) { JSONString.appendQuoted($0, to: &$1) }
        ByteWriting.append(#","function":"#, to: &out)
        functionCache.append(record.function, to: &out) { JSONString.appendQuoted($0, to: &$1) }
        ByteWriting.append(#","file":"#, to: &out)
        fileCache.append(record.file, to: &out) { JSONString.appendQuoted($0, to: &$1) }
        ByteWriting.append(#","line":"#, to: &out)
        ByteWriting.appendDecimal(UInt64(record.line), to: &out)
        ByteWriting.append(#","msg":"#, to: &out)
        JSONString.appendQuoted(record.message, to: &out)
        for field in record.metadata {
            out.appendByte(UInt8(ascii: ","))
            JSONString.appendQuoted(Self.reservedKeys.contains(field.key) ? "meta." + field.key : field.key, to: &out)
            out.appendByte(UInt8(ascii: ":"))
            switch field.value {
            case .string(let text), .secret(let text): JSONString.appendQuoted(text, to: &out)
            case .int(let number): ByteWriting.appendSigned(number, to: &out)
            case .double(let number):
                var digits: [UInt8] = []
                JSONNumber.appendDouble(number, to: &digits)
                digits.withUnsafeBufferPointer { out.appendBytes($0) }
            case .bool(let flag): ByteWriting.append(flag ? "true" : "false", to: &out)
            }
        }
        out.appendByte(UInt8(ascii: "}"))
    }

    private mutating func appendLogfmt<Output: ByteOutput & ~Copyable>(_ record: LogRecord, to out: inout Output) {
        ByteWriting.append("ts=", to: &out)
        timestamps.append(record.timestamp, to: &out)
        ByteWriting.append(" level=", to: &out)
        ByteWriting.append(record.level.staticName, to: &out)
        let fixed: [(String, String)] = [
            ("class", record.className), ("function", record.function), ("file", record.file),
            ("line", String(record.line)), ("msg", record.message),
        ]
        for (key, value) in fixed {
            out.appendByte(0x20)
            ByteWriting.appendKeyValue(key, value, to: &out)
        }
        for field in record.metadata {
            out.appendByte(0x20)
            ByteWriting.appendKeyValue(
                Self.reservedKeys.contains(field.key) ? "meta." + field.key : field.key, field.value.text, to: &out)
        }
    }

    /// Field names of the fixed part; metadata keys that collide are written as `meta.<key>`.
    static let reservedKeys: Set<String> = ["ts", "level", "class", "function", "file", "line", "msg"]

    private static func colorCode(_ level: LogLevel) -> StaticString {
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
