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

    /// Appends `string` up to (not including) the first `stop` byte.
    static func appendPrefix<Output: ByteOutput & ~Copyable>(_ string: String, upTo stop: UInt8, to out: inout Output) {
        withUTF8(string) { bytes in
            var end = 0
            while end < bytes.count, bytes[end] != stop { end += 1 }
            out.appendBytes(UnsafeBufferPointer(rebasing: bytes[0..<end]))
        }
    }

    /// Appends what follows the last `separator` byte of `string` (all of it when there is none).
    static func appendSuffix<Output: ByteOutput & ~Copyable>(
        _ string: String, after separator: UInt8, to out: inout Output
    ) {
        withUTF8(string) { bytes in
            var start = bytes.count
            while start > 0, bytes[start - 1] != separator { start -= 1 }
            out.appendBytes(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
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

    /// Appends `text` with line breaks escaped, so one record stays one line.
    static func appendSingleLine<Output: ByteOutput & ~Copyable>(_ text: String, to out: inout Output) {
        withMessageUTF8(text) { bytes in
            // The common message has no line break: find that out eight bytes at a time and copy it in one run.
            guard hasLineBreak(bytes) else {
                out.appendBytes(bytes)
                return
            }
            var runStart = 0
            for index in 0..<bytes.count where bytes[index] == 0x0A || bytes[index] == 0x0D {
                out.appendBytes(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                append(bytes[index] == 0x0A ? "\\n" : "\\r", to: &out)
                runStart = index + 1
            }
            out.appendBytes(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
    }

    /// Whether `bytes` hold a `\n` or `\r`, checked a word at a time.
    @inline(__always)
    static func hasLineBreak(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var found: UInt64 = 0
        var index = 0
        while index + 8 <= bytes.count {
            // SAFETY: index + 8 <= bytes.count.
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            found |= zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            index += 8
        }
        if index < bytes.count, bytes.count >= 8 {
            // The last eight bytes, overlapping ones already seen.
            // SAFETY: bytes.count >= 8.
            let word = UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self)
            found |= zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            index = bytes.count
        }
        while index < bytes.count {
            if base[index] == 0x0A || base[index] == 0x0D { return true }
            index += 1
        }
        return found != 0
    }

    /// High bit set in a byte of the result for each zero byte of `word`; nonzero exactly when `word` has a zero
    /// byte (a borrow can only mark bytes above a real zero).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// Appends `key=value`, quoting the value JSON-style when it is empty or holds spaces, quotes, `=` or controls.
    static func appendKeyValue<Output: ByteOutput & ~Copyable>(_ key: String, _ value: String, to out: inout Output) {
        append(key, to: &out)
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
        return false
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
