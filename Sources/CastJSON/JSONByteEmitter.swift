/// Writes compact JSON text (as `JSONValue.serialized()` writes it) straight into an `OutputBuffer`.
///
/// Commas are decided by one bit per open container (the first 64 levels in a word, deeper ones in an array), so
/// a value costs a shift and a test rather than an array access.
public struct JSONByteEmitter: ~Copyable, JSONEmitter {
    /// The text so far.
    public var buffer: OutputBuffer
    /// Open containers.
    @usableFromInline var depth = 0
    /// Bit `d` set: the container at depth `d + 1` already holds a member (the next one needs a comma).
    @usableFromInline var filled: UInt64 = 0
    /// The same for containers deeper than 64.
    @usableFromInline var deepFilled: [Bool] = []
    /// True right after a key: the value follows without a comma.
    @usableFromInline var afterKey = false

    /// Appends to `buffer`.
    public init(appendingTo buffer: consuming OutputBuffer = OutputBuffer(capacity: 256)) { self.buffer = buffer }

    /// The text written, as an array.
    public var bytes: [UInt8] { buffer.copyBytes() }

    /// Gives the buffer back.
    public consuming func finish() -> OutputBuffer { buffer }

    @inlinable @inline(__always) mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if depth <= 64 {
            let bit: UInt64 = 1 << UInt64(depth - 1)
            if filled & bit != 0 { buffer.appendByte(UInt8(ascii: ",")) } else { filled |= bit }
        } else {
            if deepFilled[depth - 65] { buffer.appendByte(UInt8(ascii: ",")) } else { deepFilled[depth - 65] = true }
        }
    }

    @inlinable @inline(__always) mutating func open(_ bracket: UInt8) {
        separate()
        buffer.appendByte(bracket)
        depth += 1
        if depth <= 64 {
            filled &= ~(1 << UInt64(depth - 1))
        } else {
            deepFilled.append(false)
        }
    }

    @inlinable @inline(__always) mutating func close(_ bracket: UInt8) {
        if depth > 64 { _ = deepFilled.popLast() }
        if depth > 0 { depth -= 1 }
        buffer.appendByte(bracket)
    }

    @inlinable public mutating func beginObject() { open(UInt8(ascii: "{")) }
    @inlinable public mutating func endObject() { close(UInt8(ascii: "}")) }
    @inlinable public mutating func beginArray() { open(UInt8(ascii: "[")) }
    @inlinable public mutating func endArray() { close(UInt8(ascii: "]")) }

    @inlinable @inline(__always) public mutating func key(_ key: StaticString) {
        separate()
        buffer.appendByte(UInt8(ascii: "\""))
        // Keys in code are plain ASCII names: copied as they are.
        buffer.append(key)
        buffer.append("\":" as StaticString)
        afterKey = true
    }

    @inlinable public mutating func string(_ value: String) {
        separate()
        JSONString.appendQuoted(value, to: &buffer)
    }

    @inlinable @inline(__always) public mutating func string(_ literal: StaticString) {
        separate()
        buffer.appendByte(UInt8(ascii: "\""))
        buffer.append(literal)
        buffer.appendByte(UInt8(ascii: "\""))
    }

    @inlinable public mutating func string(utf8 value: [UInt8]) {
        value.withUnsafeBufferPointer { string(utf8: $0) }
    }

    @inlinable public mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) {
        separate()
        quoted(utf8: value)
    }

    @inlinable public mutating func string<Source: JSONStringSource>(_ source: Source) {
        separate()
        if source.appendPlainJSONString(to: &buffer) { return }
        var text: [UInt8] = []
        source.appendUTF8(to: &text)
        text.withUnsafeBufferPointer { quoted(utf8: $0) }
    }

    @inlinable mutating func quoted(utf8 value: UnsafeBufferPointer<UInt8>) {
        // ASCII and valid UTF-8 (what names and TXT strings almost always are) are escaped in place; anything else
        // goes through String so it is repaired exactly as the tree form repairs it.
        if !JSONString.isASCII(value), String(validating: value, as: UTF8.self) == nil {
            JSONString.appendQuoted(String(decoding: value, as: UTF8.self), to: &buffer)
            return
        }
        buffer.appendByte(UInt8(ascii: "\""))
        JSONString.appendEscaped(bytes: value, to: &buffer)
        buffer.appendByte(UInt8(ascii: "\""))
    }

    @inlinable @inline(__always) public mutating func int(_ value: Int64) {
        separate()
        buffer.appendDecimal(value)
    }

    @inlinable @inline(__always) public mutating func bool(_ value: Bool) {
        separate()
        if value { buffer.append("true" as StaticString) } else { buffer.append("false" as StaticString) }
    }

    public mutating func value(_ value: JSONValue) {
        separate()
        buffer.append(value.serializedBytes)
    }

    /// A value whose text `write` appends to the buffer (a renderer specialised elsewhere).
    @inlinable public mutating func value(writtenBy write: (inout OutputBuffer) -> Void) {
        separate()
        write(&buffer)
    }

    @inlinable public mutating func value(_ value: JSONValue, serialized: [UInt8]) {
        separate()
        buffer.append(serialized)
    }
}
