/// Something JSON is written to, value by value: a tree (`JSONTreeEmitter`) or bytes (`JSONByteEmitter`). Code that
/// renders a model once, generic over the emitter, gives both a `JSONValue` and text straight into an output
/// buffer, with the same members in the same order.
public protocol JSONEmitter: ~Copyable {
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
    /// The same, for bytes borrowed for the call.
    mutating func string(utf8 bytes: UnsafeBufferPointer<UInt8>)
    /// A string value written in code: ASCII with nothing to escape.
    mutating func string(_ literal: StaticString)
    /// A string value that writes itself (a DNS name, an address), without a String made for it.
    mutating func string<Source: JSONStringSource>(_ source: Source)
    /// An integer value.
    mutating func int(_ value: Int64)
    /// A Boolean value.
    mutating func bool(_ value: Bool)
    /// A value already built.
    mutating func value(_ value: JSONValue)
    /// A value already built together with its serialized text (the byte emitter copies the text).
    mutating func value(_ value: JSONValue, serialized: [UInt8])
}

/// A value that writes itself as a JSON string: straight into the output when its text is plain, else as UTF-8 that
/// the emitter escapes and repairs.
public protocol JSONStringSource {
    /// Appends the quoted JSON string and returns true when the text is ASCII with nothing to escape; returns false,
    /// having written nothing, otherwise.
    func appendPlainJSONString(to out: inout OutputBuffer) -> Bool
    /// Appends the text's UTF-8 bytes, unescaped.
    func appendUTF8(to bytes: inout [UInt8])
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
    public mutating func string(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        add(.string(String(decoding: bytes, as: UTF8.self)))
    }
    public mutating func string(_ literal: StaticString) { add(.string(literal.description)) }
    public mutating func string<Source: JSONStringSource>(_ source: Source) {
        var text: [UInt8] = []
        source.appendUTF8(to: &text)
        string(utf8: text)
    }
    public mutating func int(_ value: Int64) { add(.int(value)) }
    public mutating func bool(_ value: Bool) { add(.bool(value)) }
    public mutating func value(_ value: JSONValue) { add(value) }
    public mutating func value(_ value: JSONValue, serialized: [UInt8]) { add(value) }
}

