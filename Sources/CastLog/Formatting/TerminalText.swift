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
            if JSONString.mayHoldTerminalControl(word) {
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
                if !JSONString.mayHoldTerminalControl(word) {
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

    /// The UTF-8 length of the scalar at `index` when it is to be escaped (0: it is not): C0 controls but tab (and a
    /// kept line feed), and the controls `JSONString.terminalControl` defines (DEL, C1, bidi).
    @inline(__always)
    static func escapeLength(_ base: UnsafePointer<UInt8>, at index: Int, count: Int, lines: Lines) -> Int {
        let byte = base[index]
        if byte < 0x20 {
            if byte == 0x09 { return 0 }
            if byte == 0x0A, case .kept = lines { return 0 }
            return 1
        }
        return JSONString.terminalControl(base, at: index, count: count).length
    }

    static func appendEscape<Output: ByteOutput & ~Copyable>(
        _ base: UnsafePointer<UInt8>, at index: Int, length: Int, to out: inout Output
    ) {
        let byte = base[index]
        let scalar = byte < 0x20
            ? UInt32(byte) : JSONString.terminalControl(base, at: index, count: index + length).scalar
        out.appendByte(UInt8(ascii: "\\"))
        if scalar == 0x0A { return out.appendByte(UInt8(ascii: "n")) }
        if scalar == 0x0D { return out.appendByte(UInt8(ascii: "r")) }
        if scalar < 0x100 {
            // C0, DEL and C1 as two hex digits (ESC is \x1b).
            out.appendByte(UInt8(ascii: "x"))
            out.appendByte(JSONString.hexDigit(UInt8(scalar >> 4)))
            out.appendByte(JSONString.hexDigit(UInt8(scalar & 0x0F)))
            return
        }
        out.appendByte(UInt8(ascii: "u"))
        out.appendByte(UInt8(ascii: "{"))
        for shift in stride(from: 12, through: 0, by: -4) {
            out.appendByte(JSONString.hexDigit(UInt8((scalar >> UInt32(shift)) & 0x0F)))
        }
        out.appendByte(UInt8(ascii: "}"))
    }
}
