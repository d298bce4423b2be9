/// Escaping for text taken from a capture and put into the HTML report: element text, attribute values, and JSON
/// strings inside a `<script>` block.
///
/// Capture bytes are hostile by default: instance names, namespaces, IDs and payloads come from the network. Every
/// one of them goes through one of these functions; nothing from a capture is ever written raw.
public enum HTMLEscaper {
    /// `text` made safe for element content and for a double- or single-quoted attribute value.
    public static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` escaped for element content and attribute values (`& < > " '`, U+2028/U+2029 as character
    /// references; C0 controls other than tab, newline and carriage return become U+FFFD, as the HTML parser would
    /// otherwise drop or reject them).
    public static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: Self.amp)
            case UInt8(ascii: "<"): out.append(contentsOf: Self.lt)
            case UInt8(ascii: ">"): out.append(contentsOf: Self.gt)
            case UInt8(ascii: "\""): out.append(contentsOf: Self.quot)
            case UInt8(ascii: "'"): out.append(contentsOf: Self.apos)
            case 0x09, 0x0A, 0x0D: out.append(byte)
            case 0..<0x20, 0x7F: out.append(contentsOf: Self.replacement)
            case 0xE2:
                // A three-byte sequence; U+2028/2029 (E2 80 A8/A9) become references, the rest is copied.
                let second = utf8.next(), third = utf8.next()
                if second == 0x80, third == 0xA8 || third == 0xA9 {
                    out.append(contentsOf: third == 0xA8 ? Self.lineSeparator : Self.paragraphSeparator)
                } else {
                    out.append(byte)
                    if let second { out.append(second) }
                    if let third { out.append(third) }
                }
            default: out.append(byte)
            }
        }
    }

    /// `text` as a quoted JSON string that is also safe inside `<script>`: besides JSON's own escapes, `<`, `>` and
    /// `&` become `\u003c`, `\u003e`, `\u0026` (so neither `</script>` nor `<!--` can appear) and U+2028/U+2029
    /// become `\u2028`/`\u2029` (line terminators in older JavaScript).
    public static func scriptJSONString(_ text: String) -> String {
        var out: [UInt8] = []
        appendScriptJSONString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a `<script>`-safe quoted JSON string (see `scriptJSONString`).
    public static func appendScriptJSONString(_ text: String, to out: inout [UInt8]) {
        _ = appendScriptJSONString(text, to: &out, limit: Int.max)
    }

    /// Appends `text` as a `<script>`-safe quoted JSON string of at most `limit` bytes between the quotes, cut
    /// before a character that would not fit; returns false when it had to cut.
    public static func appendScriptJSONString(_ text: String, to out: inout [UInt8], limit: Int) -> Bool {
        var text = text
        return text.withUTF8 { appendScriptJSONString(utf8: $0, to: &out, limit: limit) }
    }

    /// The hot path for table rows: runs of bytes that need no escape are copied in one go.
    private static func appendScriptJSONString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8],
                                               limit: Int) -> Bool {
        out.append(UInt8(ascii: "\""))
        // The output may not grow past `end` before the closing quote.
        let end = limit > Int.max - out.count ? Int.max : out.count + max(0, limit)
        var run = 0
        var index = 0
        /// Appends bytes[run..<upTo], cut at a character boundary if it would pass `end`; false when cut.
        func flush(upTo: Int) -> Bool {
            var stop = upTo
            if end != Int.max, out.count + (stop - run) > end {
                stop = run + max(0, end - out.count)
                // Back up to the first byte of a UTF-8 sequence (continuation bytes are 10xxxxxx).
                while stop > run, bytes[stop] & 0xC0 == 0x80 { stop -= 1 }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<stop]))
                return false
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<stop]))
            return true
        }
        // SAFETY: every bytes[i] below has i < bytes.count, checked by the loop condition or the lookahead's guard;
        // flush's bytes[stop] has stop < upTo <= bytes.count when it backs up.
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x5C
                || byte == 0x7F || byte == 0xE2 else {
                index += 1
                continue
            }
            guard flush(upTo: index) else {
                out.append(UInt8(ascii: "\""))
                return false
            }
            let before = out.count
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(0x5C)
                out.append(byte)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                out.append(0x5C)
                out.append(byte == 0x0A ? UInt8(ascii: "n") : byte == 0x0D ? UInt8(ascii: "r") : UInt8(ascii: "t"))
            case 0xE2:
                // A three-byte sequence (valid UTF-8: both continuation bytes follow); U+2028/2029 get escapes,
                // anything else is copied whole.
                if index + 1 < bytes.count, bytes[index] == 0x80, bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9 {
                    out.append(contentsOf: bytes[index + 1] == 0xA8 ? Self.u2028 : Self.u2029)
                } else {
                    out.append(byte)
                    if index + 1 < bytes.count {
                        out.append(bytes[index])
                        out.append(bytes[index + 1])
                    }
                }
                index = min(index + 2, bytes.count)
            default: appendUnicodeEscape(byte, to: &out)
            }
            if out.count > end {
                out.removeSubrange(before...)
                out.append(UInt8(ascii: "\""))
                return false
            }
            run = index
        }
        let complete = flush(upTo: index)
        out.append(UInt8(ascii: "\""))
        return complete
    }

    /// `text` cut to at most `maxBytes` UTF-8 bytes at a Unicode scalar boundary, with "…" when cut. Capture text
    /// shown in the report goes through this first: one Character can be any number of scalars long.
    public static func clip(_ text: String, maxBytes: Int) -> String {
        guard text.utf8.count > maxBytes else { return text }
        var scalars = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            let size = UTF8.width(scalar)
            guard bytes + size <= maxBytes - 3 else { break }  // room for "…"
            scalars.append(scalar)
            bytes += size
        }
        return String(scalars) + "…"
    }

    private static func appendUnicodeEscape(_ byte: UInt8, to out: inout [UInt8]) {
        func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }
        out.append(contentsOf: Self.unicodeEscapePrefix)
        out.append(digit(byte >> 4))
        out.append(digit(byte & 0x0F))
    }

    private static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8), apos = Array("&#39;".utf8)
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
    private static let u2028 = Array("\\u2028".utf8), u2029 = Array("\\u2029".utf8)
    private static let unicodeEscapePrefix = Array("\\u00".utf8)
    private static let lineSeparator = Array("&#x2028;".utf8), paragraphSeparator = Array("&#x2029;".utf8)
}
