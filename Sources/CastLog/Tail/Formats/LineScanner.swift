/// Reads the fixed-shape prefixes of other programs' log lines (`12-06 10:41:07.123`, `[1234:5678:1206/…`) byte by
/// byte: digits of a given count, expected bytes, spaces, a word up to a delimiter. Every read checks the end.
struct LineScanner {
    let bytes: [UInt8]
    var position = 0

    /// A scanner over `line`'s UTF-8 (copied in one move from a native string's storage, not byte by byte).
    init(_ line: Substring) { bytes = line.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(line.utf8) }

    init(bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    /// Exactly `count` decimal digits, as a number.
    mutating func digits(_ count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[position + offset]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        position += count
        return value
    }

    /// One to `maximum` decimal digits, as a number.
    mutating func number(maximum: Int = 18) -> Int? {
        var value = 0
        var count = 0
        while position < bytes.count, count < maximum, bytes[position] >= 0x30, bytes[position] <= 0x39 {
            value = value * 10 + Int(bytes[position] - 0x30)
            position += 1
            count += 1
        }
        return count > 0 ? value : nil
    }

    /// Skips `byte` when it is next.
    mutating func expect(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Skips any spaces (none is fine); true, for use among a guard's conditions.
    mutating func optionalSpaces() -> Bool {
        spaces()
        return true
    }

    /// Skips spaces; returns how many.
    @discardableResult
    mutating func spaces() -> Int {
        let start = position
        while position < bytes.count, bytes[position] == 0x20 { position += 1 }
        return position - start
    }

    /// The bytes up to (not including) the first `stop`, which is skipped; nil when there is none or the word would be
    /// longer than `maximum`.
    mutating func word(until stop: UInt8, maximum: Int = 256) -> String? {
        var end = position
        while end < bytes.count, bytes[end] != stop {
            end += 1
            if end - position > maximum { return nil }
        }
        guard end < bytes.count else { return nil }
        let text = String(decoding: bytes[position..<end], as: UTF8.self)
        position = end + 1
        return text
    }

    /// A fraction after a separator, as microseconds: `.123` → 123000, `,5` → 500000 (up to nine digits read).
    mutating func fraction() -> Int? {
        var micros = 0
        var scale = 100_000
        var count = 0
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39, count < 9 {
            if count < 6 {
                micros += Int(bytes[position] - 0x30) * scale
                scale /= 10
            }
            position += 1
            count += 1
        }
        return count > 0 ? micros : nil
    }

    /// `YYYY-MM-DD`, as numbers (not yet checked as a date).
    mutating func date() -> (year: Int, month: Int, day: Int)? {
        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
              let day = digits(2) else { return nil }
        return (year, month, day)
    }

    /// `HH:MM:SS`, then a fraction after one of `separators` as microseconds (0 without one, unless `fractionRequired`;
    /// a separator without digits is no clock).
    mutating func clock(fractionAfter separators: [UInt8] = [UInt8(ascii: ".")], fractionRequired: Bool = false)
        -> (hour: Int, minute: Int, second: Int, microseconds: Int)?
    {
        guard let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), expect(UInt8(ascii: ":")),
              let second = digits(2) else { return nil }
        guard position < bytes.count, separators.contains(bytes[position]) else {
            return fractionRequired ? nil : (hour, minute, second, 0)
        }
        position += 1
        guard let micros = fraction() else { return nil }
        return (hour, minute, second, micros)
    }

    /// `+HHMM` or `-HH:MM` as seconds east of UTC; `colon` true requires the colon, false forbids it, nil takes
    /// either. Nil (the position unmoved) when there is none.
    mutating func zoneOffset(colon: Bool? = nil) -> Int? {
        let start = position
        let sign = expect(UInt8(ascii: "-")) ? -1 : expect(UInt8(ascii: "+")) ? 1 : 0
        let hours = sign != 0 ? digits(2) : nil
        let hasColon = hours != nil && expect(UInt8(ascii: ":"))
        guard let hours, colon.map({ $0 == hasColon }) ?? true, let minutes = digits(2), hours < 24, minutes < 60
        else {
            position = start
            return nil
        }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// Whether `0x` comes next.
    var peekIsHexPrefix: Bool {
        position + 1 < bytes.count && bytes[position] == UInt8(ascii: "0") && bytes[position + 1] == UInt8(ascii: "x")
    }

    /// Hex digits (after `0x` when `prefixed`), at most 16; nil, the position unmoved, when there are none.
    mutating func hexNumber(prefixed: Bool = true) -> UInt64? {
        let start = position
        if prefixed {
            guard peekIsHexPrefix else { return nil }
            position += 2
        }
        var value: UInt64 = 0, count = 0
        while position < bytes.count, count < 16, let digit = Self.hexValue(bytes[position]) {
            value = value << 4 | UInt64(digit)
            position += 1
            count += 1
        }
        guard count > 0 else {
            position = start
            return nil
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// The first occurrence of the ASCII `needle` in `text`, searched byte by byte (the standard library's generic
    /// search costs a tenth of a microsecond a character, on every line of a log): ASCII bytes are character
    /// boundaries, so the range is one of `text`'s.
    static func firstRange(of needle: StaticString, in text: Substring) -> Range<Substring.Index>? {
        let count = needle.utf8CodeUnitCount
        guard count > 0 else { return nil }
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: count)
        let first = pattern[0]
        let found: Range<Int>? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            while index + count <= bytes.count {
                if bytes[index] == first {
                    var matched = 1
                    while matched < count, bytes[index + matched] == pattern[matched] { matched += 1 }
                    if matched == count { return index..<index + count }
                }
                index += 1
            }
            return nil
        } ?? Self.slowRange(of: Array(pattern), in: text)
        guard let found else { return nil }
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: found.lowerBound)
        return lower..<utf8.index(lower, offsetBy: count)
    }

    /// `firstRange` over text without contiguous storage (bridged or foreign strings).
    private static func slowRange(of pattern: [UInt8], in text: Substring) -> Range<Int>? {
        let bytes = Array(text.utf8)
        guard bytes.count >= pattern.count else { return nil }
        for index in 0...(bytes.count - pattern.count)
        where bytes[index..<index + pattern.count].elementsEqual(pattern) {
            return index..<index + pattern.count
        }
        return nil
    }

    /// What is left, as text.
    var rest: String { String(decoding: bytes[min(position, bytes.count)...], as: UTF8.self) }
}
