import CastJSON

/// Reads records back from log files: JSON lines (as the file sink writes them) and the text format.
public enum LogLineParser {
    /// Why a line is not a record.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is missing or wrong.
        public var reason: String
        public var description: String { reason }
    }

    /// Longest line accepted; longer lines are reported, not parsed, so one runaway line cannot exhaust memory.
    public static let maximumLineLength = 1 << 20

    /// Parses one line of either format (a leading `{` selects JSON).
    public static func parse(_ line: String) -> Result<LogRecord, Failure> {
        guard line.utf8.count <= maximumLineLength else {
            return .failure(Failure(reason: "line longer than \(maximumLineLength) bytes"))
        }
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.first == "{" { return parseJSON(String(trimmed)) }
        return parseText(line)
    }

    /// Parses a JSON-lines record: `ts`, `level` and `msg` are required; other unknown keys become metadata.
    public static func parseJSON(_ line: String) -> Result<LogRecord, Failure> {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: line)
        } catch {
            return .failure(Failure(reason: "not JSON: \(error)"))
        }
        guard let object = value.objectValue else { return .failure(Failure(reason: "JSON line is not an object")) }
        guard let tsText = object["ts"]?.stringValue else { return .failure(Failure(reason: "missing \"ts\"")) }
        guard let timestamp = LogTimestamp(rfc3339: tsText) else {
            return .failure(Failure(reason: "\"ts\" is not an RFC 3339 time: \(tsText)"))
        }
        guard let levelName = object["level"]?.stringValue else {
            return .failure(Failure(reason: "missing \"level\""))
        }
        guard let level = LogLevel(name: levelName) else {
            return .failure(Failure(reason: "unknown level '\(levelName)'"))
        }
        guard let message = (object["msg"] ?? object["message"])?.stringValue else {
            return .failure(Failure(reason: "missing \"msg\""))
        }
        var metadata = LogMetadata()
        for member in object where !LogFormatter.reservedKeys.contains(member.key) && member.key != "message" {
            let key = member.key.hasPrefix("meta.") && LogFormatter.reservedKeys.contains(String(member.key.dropFirst(5)))
                ? String(member.key.dropFirst(5)) : member.key
            switch member.value {
            case .string(let text): metadata.append(key, .string(text))
            case .int(let number): metadata.append(key, .int(number))
            case .double(let number): metadata.append(key, .double(number))
            case .bool(let flag): metadata.append(key, .bool(flag))
            case .null, .array, .object: metadata.append(key, .string(member.value.serialized()))
            }
        }
        let line = object["line"]?.intValue.map { UInt(clamping: max(0, $0)) } ?? 0
        return .success(
            LogRecord(
                timestamp: timestamp, level: level, className: object["class"]?.stringValue ?? "",
                function: object["function"]?.stringValue ?? "", file: object["file"]?.stringValue ?? "",
                line: line, message: message, metadata: metadata))
    }

    /// Parses a text-format line: `TS LEVEL CLASS -[function] File.swift:88 message…` (ANSI colours ignored).
    /// Metadata stays part of the message, since the text format does not delimit it.
    public static func parseText(_ line: String) -> Result<LogRecord, Failure> {
        var rest = Substring(stripANSI(line))
        guard let tsText = nextToken(&rest), let timestamp = LogTimestamp(rfc3339: tsText) else {
            return .failure(Failure(reason: "does not start with an RFC 3339 time"))
        }
        guard let levelText = nextToken(&rest), let level = LogLevel(name: levelText), level != .none else {
            return .failure(Failure(reason: "no level after the time"))
        }
        guard let className = nextToken(&rest) else { return .failure(Failure(reason: "no class after the level")) }
        var function = ""
        var file = ""
        var lineNumber: UInt = 0
        var probe = rest
        if let token = nextToken(&probe), token.hasPrefix("-["), token.hasSuffix("]") {
            function = String(token.dropFirst(2).dropLast())
            rest = probe
        }
        probe = rest
        if let token = nextToken(&probe), let colon = token.lastIndex(of: ":"),
            let number = UInt(token[token.index(after: colon)...])
        {
            file = String(token[..<colon])
            lineNumber = number
            rest = probe
        }
        if rest.first == " " { rest = rest.dropFirst() }
        return .success(
            LogRecord(
                timestamp: timestamp, level: level, className: String(className), function: function, file: file,
                line: lineNumber, message: String(rest)))
    }

    private static func nextToken(_ text: inout Substring) -> Substring? {
        text = text.drop { $0 == " " }
        guard !text.isEmpty else { return nil }
        let end = text.firstIndex(of: " ") ?? text.endIndex
        defer { text = text[end...] }
        return text[..<end]
    }

    /// Removes `ESC [ … letter` sequences.
    static func stripANSI(_ text: String) -> String {
        guard text.utf8.contains(0x1B) else { return text }
        var out: [UInt8] = []
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            if byte == 0x1B {
                guard bytes.next() == UInt8(ascii: "[") else { continue }
                while let next = bytes.next(), !(0x40...0x7E).contains(next) {}
                continue
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
