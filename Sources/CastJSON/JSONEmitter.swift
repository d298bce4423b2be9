/// Something JSON is written to, value by value: a tree (`JSONTreeEmitter`) or bytes (`JSONByteEmitter`). Code that
/// renders a model once, generic over the emitter, gives both a `JSONValue` and text straight into an output
/// buffer, with the same members in the same order.
public protocol JSONEmitter {
    /// Starts an object (after `key` inside an object).
    mutating func beginObject()
    /// Ends the innermost object.
    mutating func endObject()
    /// Starts an array.
    mutating func beginArray()
    /// Ends the innermost array.
    mutating func endArray()
    /// The next member's name, inside an object.
    mutating func key(_ key: StaticString)
    /// A string value.
    mutating func string(_ value: String)
    /// A string value given as UTF-8 bytes (invalid sequences become U+FFFD, as `String(decoding:)` makes them).
    mutating func string(utf8 bytes: [UInt8])
    /// An integer value.
    mutating func int(_ value: Int64)
    /// A Boolean value.
    mutating func bool(_ value: Bool)
    /// A value already built.
    mutating func value(_ value: JSONValue)
    /// A value already built together with its serialized text (the byte emitter copies the text).
    mutating func value(_ value: JSONValue, serialized: [UInt8])
}

/// Builds a `JSONValue` from emitted values.
public struct JSONTreeEmitter: JSONEmitter {
    /// Open containers, innermost last, with the key each one will be stored under in its parent.
    private var stack: [(key: String?, object: JSONObject?, array: [JSONValue])] = []
    private var pendingKey: String?
    /// The finished value (the outermost container, or the single value emitted).
    public private(set) var result: JSONValue = .null

    /// An empty builder.
    public init() {}

    private mutating func add(_ value: JSONValue) {
        guard !stack.isEmpty else {
            result = value
            return
        }
        if stack[stack.count - 1].object != nil {
            stack[stack.count - 1].object?.appendUnchecked(pendingKey ?? "", value)
            pendingKey = nil
        } else {
            stack[stack.count - 1].array.append(value)
        }
    }

    public mutating func beginObject() {
        stack.append((pendingKey, JSONObject(), []))
        pendingKey = nil
    }

    public mutating func endObject() {
        guard let last = stack.popLast() else { return }
        pendingKey = last.key
        add(.object(last.object ?? JSONObject()))
    }

    public mutating func beginArray() {
        stack.append((pendingKey, nil, []))
        pendingKey = nil
    }

    public mutating func endArray() {
        guard let last = stack.popLast() else { return }
        pendingKey = last.key
        add(.array(last.array))
    }

    public mutating func key(_ key: StaticString) { pendingKey = key.description }
    public mutating func string(_ value: String) { add(.string(value)) }
    public mutating func string(utf8 bytes: [UInt8]) { add(.string(String(decoding: bytes, as: UTF8.self))) }
    public mutating func int(_ value: Int64) { add(.int(value)) }
    public mutating func bool(_ value: Bool) { add(.bool(value)) }
    public mutating func value(_ value: JSONValue) { add(value) }
    public mutating func value(_ value: JSONValue, serialized: [UInt8]) { add(value) }
}

/// Writes compact JSON text (as `JSONValue.serialized()` writes it) straight into a byte buffer.
public struct JSONByteEmitter: JSONEmitter {
    /// The text so far.
    public var bytes: [UInt8]
    /// Per open container: true once it holds a member or element (the next one needs a comma).
    @usableFromInline var filled: [Bool] = []
    /// True right after a key: the value follows without a comma.
    @usableFromInline var afterKey = false

    /// Appends to `bytes`.
    public init(appendingTo bytes: [UInt8] = []) { self.bytes = bytes }

    @inlinable mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        if let last = filled.last {
            if last { bytes.append(UInt8(ascii: ",")) }
            filled[filled.count - 1] = true
        }
    }

    @inlinable mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        filled.append(false)
    }

    @inlinable mutating func close(_ bracket: UInt8) {
        _ = filled.popLast()
        bytes.append(bracket)
    }

    @inlinable public mutating func beginObject() { open(UInt8(ascii: "{")) }
    @inlinable public mutating func endObject() { close(UInt8(ascii: "}")) }
    @inlinable public mutating func beginArray() { open(UInt8(ascii: "[")) }
    @inlinable public mutating func endArray() { close(UInt8(ascii: "]")) }

    @inlinable public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        // Keys in code are plain ASCII names: copied as they are.
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: "\":".utf8)
        afterKey = true
    }

    @inlinable public mutating func string(_ value: String) {
        separate()
        JSONString.appendQuoted(value, to: &bytes)
    }

    @inlinable public mutating func string(utf8 value: [UInt8]) {
        separate()
        // ASCII and valid UTF-8 (what names and TXT strings almost always are) are escaped in place; anything else
        // goes through String so it is repaired exactly as the tree form repairs it.
        if !value.allSatisfy({ $0 < 0x80 }), String(validating: value, as: UTF8.self) == nil {
            JSONString.appendQuoted(String(decoding: value, as: UTF8.self), to: &bytes)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        value.withUnsafeBufferPointer { JSONString.appendEscaped(bytes: $0, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }

    @inlinable public mutating func int(_ value: Int64) {
        separate()
        if value >= 0, value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    @inlinable public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func value(_ value: JSONValue) {
        separate()
        JSONSerializer.append(value, to: &bytes)
    }

    /// A value whose text `write` appends to the buffer (a renderer specialised elsewhere).
    @inlinable public mutating func value(writtenBy write: (inout [UInt8]) -> Void) {
        separate()
        write(&bytes)
    }

    @inlinable public mutating func value(_ value: JSONValue, serialized: [UInt8]) {
        separate()
        bytes.append(contentsOf: serialized)
    }
}
