import CastJSON

/// Byte-level helpers the formatters share: literals, strings through their contiguous UTF-8, numbers without
/// making strings, and the `key=value` quoting of the text and logfmt formats.
enum ByteWriting {
    @inline(__always)
    static func append<Output: ByteOutput & ~Copyable>(_ literal: StaticString, to out: inout Output) {
        out.appendBytes(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inline(__always)
    static func append<Output: ByteOutput & ~Copyable>(_ string: String, to out: inout Output) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { out.appendBytes($0) }
        if done == nil { Array(string.utf8).withUnsafeBufferPointer { out.appendBytes($0) } }
    }

    /// Appends `string` made safe for a terminal (`TerminalText`), on one line.
    static func appendSafe<Output: ByteOutput & ~Copyable>(_ string: String, to out: inout Output) {
        withUTF8(string) { TerminalText.appendEscaped($0, lines: .escaped, to: &out) }
    }

    /// Appends `string` up to (not including) the first `stop` byte, made safe for a terminal.
    static func appendPrefix<Output: ByteOutput & ~Copyable>(_ string: String, upTo stop: UInt8, to out: inout Output) {
        withUTF8(string) { bytes in
            var end = 0
            while end < bytes.count, bytes[end] != stop { end += 1 }
            TerminalText.appendEscaped(UnsafeBufferPointer(rebasing: bytes[0..<end]), lines: .escaped, to: &out)
        }
    }

    /// Appends what follows the last `separator` byte of `string` (all of it when there is none), made safe for a
    /// terminal.
    static func appendSuffix<Output: ByteOutput & ~Copyable>(
        _ string: String, after separator: UInt8, to out: inout Output
    ) {
        withUTF8(string) { bytes in
            var start = bytes.count
            while start > 0, bytes[start - 1] != separator { start -= 1 }
            TerminalText.appendEscaped(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]), lines: .escaped,
                                       to: &out)
        }
    }

    /// Appends the decimal digits of `value`.
    static func appendDecimal<Output: ByteOutput & ~Copyable>(_ value: UInt64, to out: inout Output) {
        out.appendDecimal(value)
    }

    /// Appends a signed integer in decimal.
    static func appendSigned<Output: ByteOutput & ~Copyable>(_ value: Int64, to out: inout Output) {
        out.appendDecimal(value)
    }

    /// Appends `text` with line breaks and every other control escaped (`TerminalText`), so one record stays one
    /// line and cannot drive the terminal.
    static func appendSingleLine<Output: ByteOutput & ~Copyable>(_ text: String, to out: inout Output) {
        withMessageUTF8(text) { bytes in
            // The common message has nothing to escape: found out eight bytes at a time, then copied in one run.
            guard TerminalText.needsEscaping(bytes, lines: .escaped) else {
                out.appendBytes(bytes)
                return
            }
            TerminalText.appendEscaped(bytes, lines: .escaped, to: &out)
        }
    }

    /// Appends `key=value`, quoting the value JSON-style when it is empty or holds spaces, quotes, `=` or controls.
    static func appendKeyValue<Output: ByteOutput & ~Copyable>(_ key: String, _ value: String, to out: inout Output) {
        appendSafe(key, to: &out)
        out.appendByte(UInt8(ascii: "="))
        if needsQuotes(value) {
            JSONString.appendQuoted(value, to: &out)
        } else {
            append(value, to: &out)
        }
    }

    private static func needsQuotes(_ value: String) -> Bool {
        if value.isEmpty { return true }
        for byte in value.utf8 where byte <= 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "=") {
            return true
        }
        // DEL, C1 and bidirectional controls: quoted, so the JSON quoting escapes them.
        return withUTF8(value) { TerminalText.needsEscaping($0, lines: .escaped) }
    }

    private static func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(string.utf8).withUnsafeBufferPointer(body)
    }

    /// The UTF-8 of a record's message for the duration of `body`, through a borrowed span: unlike
    /// `utf8.withContiguousStorageIfAvailable`, this neither retains nor releases the (heap) string's storage —
    /// two atomic operations saved per use, worth the span getter's few dozen instructions.
    @inline(__always)
    static func withMessageUTF8<R>(_ string: borrowing String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        string.utf8Span.span.withUnsafeBufferPointer(body)
    }
}
