/// A strict RFC 8259 parser over UTF-8 bytes with a nesting limit; errors carry the byte offset.
struct JSONParser {
    /// Arrays and objects may nest this deep; deeper input is rejected rather than exhausting the stack.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses exactly one JSON value surrounded by optional whitespace.
    static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw JSONError(.malformed, at: parser.index, "unexpected '\(parser.describeByte())' after the value")
        }
        return value
    }

    private mutating func parseValue() throws(JSONError) -> JSONValue {
        guard index < bytes.count else { throw JSONError(.truncated, at: index, "input ended where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw JSONError(.malformed, at: index, "unexpected '\(describeByte())' where a value was expected")
        }
    }

    private mutating func parseObject() throws(JSONError) -> JSONValue {
        try enterContainer()
        index += 1
        var members: [JSONMember] = []
        // Position of each key in `members`, so a duplicate replaces in place without a linear search.
        var positions: [String: Int] = [:]
        skipWhitespace()
        if try consumeIf(UInt8(ascii: "}")) {
            depth -= 1
            return .object(JSONObject())
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw JSONError(.truncated, at: index, "input ended inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw JSONError(.malformed, at: index, "expected a member name in quotes, found '\(describeByte())'")
            }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after member name")
            skipWhitespace()
            let value = try parseValue()
            if let position = positions[key] {
                members[position].value = value
            } else {
                positions[key] = members.count
                members.append(JSONMember(key: key, value: value))
            }
            skipWhitespace()
            if try consumeIf(UInt8(ascii: "}")) { break }
            try expect(UInt8(ascii: ","), "',' or '}' in object")
        }
        depth -= 1
        return .object(JSONObject(uniqueMembers: members))
    }

    private mutating func parseArray() throws(JSONError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if try consumeIf(UInt8(ascii: "]")) {
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if try consumeIf(UInt8(ascii: "]")) { break }
            try expect(UInt8(ascii: ","), "',' or ']' in array")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enterContainer() throws(JSONError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw JSONError(.tooDeep, at: index, "nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONError) -> JSONValue {
        let start = index
        var position = 0
        let length = word.utf8CodeUnitCount
        while position < length {
            guard index < bytes.count else { throw JSONError(.truncated, at: index, "input ended inside '\(word)'") }
            guard bytes[index] == word.utf8Start[position] else {
                throw JSONError(.malformed, at: start, "invalid literal (expected '\(word)')")
            }
            index += 1
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONError) -> JSONValue {
        let start = index
        var isIntegral = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw JSONError(.truncated, at: index, "input ended inside a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(bytes[index]) {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        } else {
            throw JSONError(.malformed, at: index, "expected a digit in number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isIntegral = false
            index += 1
            try requireDigits("fraction")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isIntegral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try requireDigits("exponent")
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isIntegral, let value = Int64(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else {
            throw JSONError(.malformed, at: start, "number out of range")
        }
        return .double(value)
    }

    private mutating func requireDigits(_ part: String) throws(JSONError) {
        guard index < bytes.count else { throw JSONError(.truncated, at: index, "input ended inside a number") }
        guard isDigit(bytes[index]) else { throw JSONError(.malformed, at: index, "expected a digit in the \(part)") }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private mutating func parseString() throws(JSONError) -> String {
        let open = index
        index += 1
        let start = index
        // Fast path: no escapes, the slice is the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw JSONError(.malformed, at: index, "control character in string") }
            index += 1
        }
        var scalars: [UInt8] = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scalars)
            case 0..<0x20:
                throw JSONError(.malformed, at: index, "control character in string")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw JSONError(.truncated, at: index, "input ended inside the string that starts at byte \(open)")
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(JSONError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw JSONError(.truncated, at: index, "input ended inside an escape") }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(code)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by \u and a low surrogate; otherwise it stands alone.
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try readHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                        scalar = 0xFFFD
                    }
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
            }
            appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &out)
        default:
            throw JSONError(.malformed, at: escapeStart, "invalid escape '\\\(Character(Unicode.Scalar(code)))'")
        }
    }

    private mutating func readHex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw JSONError(.truncated, at: index, "input ended inside \\u escape") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONError(.malformed, at: index, "expected a hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        for unit in UTF8.encode(scalar).map({ Array($0) }) ?? [] { out.append(unit) }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func consumeIf(_ byte: UInt8) throws(JSONError) -> Bool {
        guard index < bytes.count else { throw JSONError(.truncated, at: index, "input ended inside a container") }
        guard bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONError) {
        guard index < bytes.count else { throw JSONError(.truncated, at: index, "input ended; expected \(what)") }
        guard bytes[index] == byte else {
            throw JSONError(.malformed, at: index, "expected \(what), found '\(describeByte())'")
        }
        index += 1
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func describeByte() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        return byte >= 0x20 && byte < 0x7F ? String(Unicode.Scalar(byte)) : "0x" + String(byte, radix: 16)
    }
}
