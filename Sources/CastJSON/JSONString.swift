/// JSON string quoting, shared by the serializer and the log formatters (which write it on every record).
public enum JSONString {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `string` in double quotes with `"`, `\` and control characters escaped; other text is copied as UTF-8.
    public static func appendQuoted(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(string, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// Appends the escaped body of `string` without quotes.
    public static func appendEscaped(_ string: String, to out: inout [UInt8]) {
        if let done: Void = string.utf8.withContiguousStorageIfAvailable({ appendEscaped(bytes: $0, to: &out) }) {
            return done
        }
        Array(string.utf8).withUnsafeBufferPointer { appendEscaped(bytes: $0, to: &out) }
    }

    /// Appends escaped UTF-8, scanning eight bytes at a time for the three kinds that need escaping.
    public static func appendEscaped(bytes utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
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
                index += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            appendEscape(for: byte, to: &out)
            index += 1
            runStart = index
        }
        out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
    }

    /// True when any byte of `word` is below 0x20, a quote or a backslash (bit tricks on eight bytes at once).
    @inline(__always)
    private static func wordNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote & highs
        let hasBackslash = (backslash &- ones) & ~backslash & highs
        return (control | hasQuote | hasBackslash) != 0
    }

    private static func appendEscape(for byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: out.append(0x22)
        case 0x5C: out.append(0x5C)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        default:
            out.append(contentsOf: "u00".utf8)
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0F)])
        }
    }
}
