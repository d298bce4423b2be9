/// The head of one HTTP/1.x message (RFC 9112): a request line or a status line, then header fields, up to the
/// empty line. Bounded: at most `maximumLength` bytes and `maximumFields` fields are read; a fault names its byte.
public struct HTTPHead: Sendable, Hashable {
    /// The first line, read.
    public enum StartLine: Sendable, Hashable {
        /// `GET /path HTTP/1.1`.
        case request(method: String, target: String, version: String)
        /// `HTTP/1.1 206 Partial Content`.
        case response(version: String, status: Int, reason: String)
    }

    public static let maximumLength = 64 * 1024, maximumFields = 128

    public var startLine: StartLine
    /// The header fields in order, names as sent.
    public var fields: [(name: String, value: String)]
    /// Bytes the head took, its empty line included (where the body starts).
    public var length: Int

    /// The first value of `name` (case-insensitive).
    public subscript(name: String) -> String? {
        let wanted = name.lowercased()
        return fields.first { $0.name.lowercased() == wanted }?.value
    }

    /// The head at the start of `bytes`; throws `.incomplete` when the empty line is not among them yet.
    public init(parsing bytes: some Collection<UInt8>) throws(HTTPHeadError) {
        let head = Array(bytes.prefix(Self.maximumLength))
        guard let end = Self.endOfHead(head) else {
            guard head.count < Self.maximumLength else {
                throw HTTPHeadError(offset: head.count, reason: "no end of the head within \(Self.maximumLength) bytes")
            }
            throw HTTPHeadError(offset: head.count, reason: "the head goes on past the bytes given", isIncomplete: true)
        }
        length = end
        var lines: [(text: String, offset: Int)] = []
        var start = 0
        for index in 0..<end where head[index] == 0x0A {
            let stop = index > start && head[index - 1] == 0x0D ? index - 1 : index
            if stop == start { break }  // the empty line ending the head
            lines.append((String(decoding: head[start..<stop], as: UTF8.self), start))
            start = index + 1
        }
        guard let first = lines.first else { throw HTTPHeadError(offset: 0, reason: "an empty head") }
        startLine = try Self.startLine(first.text)
        fields = []
        for (text, offset) in lines.dropFirst() {
            guard fields.count < Self.maximumFields else {
                throw HTTPHeadError(offset: offset, reason: "more than \(Self.maximumFields) header fields")
            }
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex,
                  !text[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                throw HTTPHeadError(offset: offset, reason: "a header line without a field name and colon")
            }
            let value = text[text.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            let trimmed = value.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
            fields.append((String(text[..<colon]), String(trimmed)))
        }
    }

    public static func == (lhs: HTTPHead, rhs: HTTPHead) -> Bool {
        lhs.startLine == rhs.startLine && lhs.length == rhs.length
            && lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(startLine)
        hasher.combine(length)
    }

    /// Where the head ends: just after the first CRLF CRLF (or LF LF, which RFC 9112 §2.2 lets a reader accept).
    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A {
                if bytes[index + 1] == 0x0A { return index + 2 }
                if bytes[index + 1] == 0x0D, index + 2 < bytes.count, bytes[index + 2] == 0x0A { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    private static func startLine(_ text: String) throws(HTTPHeadError) -> StartLine {
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        if text.hasPrefix("HTTP/") {
            guard parts.count >= 2, parts[1].count == 3, let status = Int(parts[1]) else {
                throw HTTPHeadError(offset: 0, reason: "a status line without a three-digit status")
            }
            return .response(version: parts[0], status: status, reason: parts.count > 2 ? parts[2] : "")
        }
        guard parts.count == 3, parts[2].hasPrefix("HTTP/"), !parts[0].isEmpty, !parts[1].isEmpty,
              parts[0].allSatisfy({ $0.isLetter || $0 == "-" }) else {
            throw HTTPHeadError(offset: 0, reason: "neither a request line (METHOD TARGET HTTP/x) nor a status line")
        }
        return .request(method: parts[0], target: parts[1], version: parts[2])
    }
}

/// Why an HTTP head could not be read: what, and at which byte.
public struct HTTPHeadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    /// True when the bytes end before the head does (more may come): not a fault of the bytes given.
    public var isIncomplete: Bool

    /// A fault at `offset`.
    public init(offset: Int, reason: String, isIncomplete: Bool = false) {
        self.offset = offset
        self.reason = reason
        self.isIncomplete = isIncomplete
    }

    public var description: String { "HTTP head at byte \(offset): \(reason)" }
}
