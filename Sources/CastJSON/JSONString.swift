/// Somewhere bytes can be appended: `[UInt8]`, or the logger's raw format buffer.
public protocol ByteOutput: ~Copyable {
    /// Appends a run of bytes.
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Appends one byte.
    mutating func appendByte(_ byte: UInt8)
}

extension Array: ByteOutput where Element == UInt8 {
    @inlinable public mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
    @inlinable public mutating func appendByte(_ byte: UInt8) { append(byte) }
}

/// JSON string quoting, shared by the serializer and the log formatters (which write it on every record).
public enum JSONString {
    /// Appends `string` in double quotes with `"`, `\` and control characters escaped; other text is copied as UTF-8.
    @inlinable
    public static func appendQuoted<Output: ByteOutput & ~Copyable>(_ string: String, to out: inout Output) {
        out.appendByte(UInt8(ascii: "\""))
        appendEscaped(string, to: &out)
        out.appendByte(UInt8(ascii: "\""))
    }

    /// Appends the escaped body of `string` without quotes.
    @inlinable
    public static func appendEscaped<Output: ByteOutput & ~Copyable>(_ string: String, to out: inout Output) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped(bytes: $0, to: &out) }
        if done == nil {
            Array(string.utf8).withUnsafeBufferPointer { appendEscaped(bytes: $0, to: &out) }
        }
    }

    /// Appends escaped UTF-8, scanning eight bytes at a time for the three kinds that need escaping.
    @inlinable
    public static func appendEscaped<Output: ByteOutput & ~Copyable>(
        bytes utf8: UnsafeBufferPointer<UInt8>, to out: inout Output
    ) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        var runStart = 0
        var index = 0
        while index < count {
            if index + 8 <= count {
                // SAFETY: index + 8 <= count, so the eight bytes are inside the buffer; loadUnaligned allows any address.
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if !wordNeedsEscape(word) {
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                // DEL, C1 controls and bidirectional overrides are valid JSON as they are, but a terminal acts on
                // them: written as \uXXXX they mean the same and show as text.
                let escapedScalar = terminalControl(base, at: index, count: count)
                guard escapedScalar.length > 0 else {
                    index += 1
                    continue
                }
                out.appendBytes(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                appendUnicodeEscape(escapedScalar.scalar, to: &out)
                index += escapedScalar.length
                runStart = index
                continue
            }
            out.appendBytes(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            appendEscape(for: byte, to: &out)
            index += 1
            runStart = index
        }
        out.appendBytes(UnsafeBufferPointer(start: base + runStart, count: count - runStart))
    }

    /// True when every byte is below 0x80 (eight bytes at a time).
    @inlinable
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= count {
            // SAFETY: index + 8 <= count, so the eight bytes are inside the buffer; loadUnaligned allows any address.
            high |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        while index < count {
            high |= UInt64(base[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// True when any byte of `word` is below 0x20, a quote, a backslash, or may start a terminal control
    /// (`mayHoldTerminalControl`), with bit tricks on eight bytes at once.
    @inlinable @inline(__always)
    static func wordNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let zero = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        return mayHoldTerminalControl(word) || zero & highs != 0
    }

    /// True when any byte of `word` is a C0 control or DEL, or 0xC2 or 0xE2 (the first bytes of C1 controls and of
    /// bidirectional overrides): the bytes a terminal acts on, shared by the JSON quoting and castscope's terminal
    /// escaping (`TerminalText`).
    @inlinable @inline(__always)
    public static func mayHoldTerminalControl(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let del = word ^ (ones &* 0x7F)
        let c2 = word ^ (ones &* 0xC2)
        let e2 = word ^ (ones &* 0xE2)
        let zero = ((del &- ones) & ~del) | ((c2 &- ones) & ~c2) | ((e2 &- ones) & ~e2)
        return (control | (zero & highs)) != 0
    }

    /// The scalar and UTF-8 length of a DEL, C1 control (U+0080–U+009F) or bidirectional override or isolate
    /// (U+202A–U+202E, U+2066–U+2069) starting at `index`; length 0 when there is none. The one definition of the
    /// controls beyond C0 that JSON output and terminal output both escape.
    @inlinable @inline(__always)
    public static func terminalControl(_ base: UnsafePointer<UInt8>, at index: Int, count: Int)
        -> (scalar: UInt32, length: Int)
    {
        let byte = base[index]
        if byte == 0x7F { return (0x7F, 1) }
        if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(base[index + 1]) {
            return (UInt32(base[index + 1]), 2)
        }
        if byte == 0xE2, index + 2 < count {
            let second = base[index + 1], third = base[index + 2]
            if (second == 0x80 && (0xAA...0xAE).contains(third))
                || (second == 0x81 && (0xA6...0xA9).contains(third)) {
                return (0x2000 | (UInt32(second & 0x3F) << 6) | UInt32(third & 0x3F), 3)
            }
        }
        return (0, 0)
    }

    @inlinable
    static func appendUnicodeEscape<Output: ByteOutput & ~Copyable>(_ scalar: UInt32, to out: inout Output) {
        out.appendByte(UInt8(ascii: "\\"))
        out.appendByte(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            out.appendByte(hexDigit(UInt8((scalar >> UInt32(shift)) & 0x0F)))
        }
    }

    @inlinable
    static func appendEscape<Output: ByteOutput & ~Copyable>(for byte: UInt8, to out: inout Output) {
        out.appendByte(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: out.appendByte(0x22)
        case 0x5C: out.appendByte(0x5C)
        case 0x0A: out.appendByte(UInt8(ascii: "n"))
        case 0x0D: out.appendByte(UInt8(ascii: "r"))
        case 0x09: out.appendByte(UInt8(ascii: "t"))
        case 0x08: out.appendByte(UInt8(ascii: "b"))
        case 0x0C: out.appendByte(UInt8(ascii: "f"))
        default:
            out.appendByte(UInt8(ascii: "u"))
            out.appendByte(UInt8(ascii: "0"))
            out.appendByte(UInt8(ascii: "0"))
            out.appendByte(hexDigit(byte >> 4))
            out.appendByte(hexDigit(byte & 0x0F))
        }
    }

    /// The lower-case hex digit of a nibble.
    @inlinable
    public static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
