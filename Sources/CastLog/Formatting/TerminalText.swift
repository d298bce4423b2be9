import CastJSON

/// The one escaping every human-readable output goes through, so that text from a device, a server or a file can
/// neither drive the terminal (ESC sequences, OSC titles, C1 CSI) nor overwrite what was printed (CR, backspace).
///
/// Style, the same everywhere: a C0 control, DEL or a C1 control (U+0080–U+009F) is written `\xHH` (ESC → `\x1b`);
/// a bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069), which reorders the text after it, is written
/// `\u{HHHH}`; CR is `\r`; a tab is kept. A line feed is kept in multi-line text and written `\n` in single-line text.
public enum TerminalText {
    /// How line feeds are treated.
    public enum Lines: Sendable {
        /// A line feed ends a line and is kept (whole outputs, report lines).
        case kept
        /// A line feed is written `\n`, so one record stays one line.
        case escaped
    }

    /// `text` made safe for a terminal; returns `text` itself when nothing needs escaping.
    public static func escaped(_ text: String, lines: Lines = .escaped) -> String {
        var text = text
        let safe: Bool = text.withUTF8 { !needsEscaping($0, lines: lines) }
        if safe { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        text.withUTF8 { appendEscaped($0, lines: lines, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `bytes` (UTF-8) hold anything `appendEscaped` would change; eight bytes at a time.
    static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, lines: Lines) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var index = 0
        while index + 8 <= count {
            // SAFETY: index + 8 <= count, so the eight bytes are inside the buffer; loadUnaligned allows any address.
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A flagged word may hold only a kept line feed or the start of an ordinary character: its bytes are
            // looked at one by one (a sequence starting in it may end in the next word), then the scan goes on.
            if wordMayNeedEscaping(word) {
                for position in index..<(index + 8)
                where escapeLength(base, at: position, count: count, lines: lines) > 0 {
                    return true
                }
            }
            index += 8
        }
        while index < count {
            if escapeLength(base, at: index, count: count, lines: lines) > 0 { return true }
            index += 1
        }
        return false
    }

    /// Appends `bytes` (UTF-8) with every control escaped as the type's documentation says.
    static func appendEscaped<Output: ByteOutput & ~Copyable>(
        _ bytes: UnsafeBufferPointer<UInt8>, lines: Lines, to out: inout Output
    ) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            if index + 8 <= count {
                // SAFETY: index + 8 <= count, so the eight bytes are inside the buffer.
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if !wordMayNeedEscaping(word) {
                    index += 8
                    continue
                }
            }
            let length = escapeLength(base, at: index, count: count, lines: lines)
            guard length > 0 else {
                index += 1
                continue
            }
            out.appendBytes(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            appendEscape(base, at: index, length: length, to: &out)
            index += length
            runStart = index
        }
        out.appendBytes(UnsafeBufferPointer(start: base + runStart, count: count - runStart))
    }

    /// How many bytes at `index` form one thing to escape (0: none): 1 for C0/DEL, 2 for a C1 control, 3 for a
    /// bidirectional control.
    @inline(__always)
    static func escapeLength(_ base: UnsafePointer<UInt8>, at index: Int, count: Int, lines: Lines) -> Int {
        let byte = base[index]
        if byte < 0x20 {
            if byte == 0x09 { return 0 }
            if byte == 0x0A, case .kept = lines { return 0 }
            return 1
        }
        if byte == 0x7F { return 1 }
        if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(base[index + 1]) { return 2 }
        if byte == 0xE2, index + 2 < count {
            let second = base[index + 1], third = base[index + 2]
            if second == 0x80, (0xAA...0xAE).contains(third) { return 3 }
            if second == 0x81, (0xA6...0xA9).contains(third) { return 3 }
        }
        return 0
    }

    static func appendEscape<Output: ByteOutput & ~Copyable>(
        _ base: UnsafePointer<UInt8>, at index: Int, length: Int, to out: inout Output
    ) {
        out.appendByte(UInt8(ascii: "\\"))
        switch length {
        case 1:
            let byte = base[index]
            if byte == 0x0A { return out.appendByte(UInt8(ascii: "n")) }
            if byte == 0x0D { return out.appendByte(UInt8(ascii: "r")) }
            out.appendByte(UInt8(ascii: "x"))
            out.appendByte(hexDigit(byte >> 4))
            out.appendByte(hexDigit(byte & 0x0F))
        case 2:
            // U+0080–U+009F: the code point is the second byte.
            let byte = base[index + 1]
            out.appendByte(UInt8(ascii: "x"))
            out.appendByte(hexDigit(byte >> 4))
            out.appendByte(hexDigit(byte & 0x0F))
        default:
            let scalar = (UInt32(base[index] & 0x0F) << 12) | (UInt32(base[index + 1] & 0x3F) << 6)
                | UInt32(base[index + 2] & 0x3F)
            out.appendByte(UInt8(ascii: "u"))
            out.appendByte(UInt8(ascii: "{"))
            for shift in stride(from: 12, through: 0, by: -4) {
                out.appendByte(hexDigit(UInt8((scalar >> UInt32(shift)) & 0x0F)))
            }
            out.appendByte(UInt8(ascii: "}"))
        }
    }

    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// True when a byte of `word` is below 0x20, DEL, 0xC2 or 0xE2 (the bytes that can start something to escape).
    @inline(__always)
    static func wordMayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let del = word ^ (ones &* 0x7F)
        let c2 = word ^ (ones &* 0xC2)
        let e2 = word ^ (ones &* 0xE2)
        let found = ((del &- ones) & ~del) | ((c2 &- ones) & ~c2) | ((e2 &- ones) & ~e2)
        return (control | (found & highs)) != 0
    }
}
