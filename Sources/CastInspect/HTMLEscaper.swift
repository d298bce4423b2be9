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
        var text = text
        text.withUTF8 { appendScriptJSONString(utf8: $0, to: &out) }
    }

    /// The hot path for table rows: runs of bytes that need no escape are copied in one go.
    private static func appendScriptJSONString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var run = 0
        var index = 0
        // SAFETY: every bytes[i] below has i < bytes.count, checked by the loop condition or the lookahead's guard.
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x5C
                || byte == 0x7F || byte == 0xE2 else {
                index += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
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
                // anything else is copied with the next run.
                if index + 1 < bytes.count, bytes[index] == 0x80, bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9 {
                    out.append(contentsOf: bytes[index + 1] == 0xA8 ? Self.u2028 : Self.u2029)
                    index += 2
                } else {
                    out.append(byte)
                }
            default: appendUnicodeEscape(byte, to: &out)
            }
            run = index
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
        out.append(UInt8(ascii: "\""))
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
