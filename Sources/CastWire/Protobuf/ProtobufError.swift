/// Why a protobuf message could not be decoded, where, and in which field when known.
public struct ProtobufError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure classes: the input ended early, or it is wrong.
    public enum Kind: Sendable, Hashable {
        /// The input ended inside a value: `needed` bytes were required at `offset`, `available` remained.
        case truncated(needed: Int, available: Int)
        /// The bytes are present but break the wire format or the schema.
        case malformed(Reason)
    }

    /// What exactly is wrong with malformed input.
    public enum Reason: Sendable, Hashable {
        /// A varint whose tenth byte still has the continuation bit set.
        case varintTooLong
        /// A tag with field number 0 or above 2^29 - 1.
        case invalidFieldNumber(UInt64)
        /// Wire types 6 and 7 do not exist.
        case invalidWireType(UInt8)
        /// Wire types 3 and 4 (groups) are deprecated and never used by Cast; castscope rejects them.
        case groupsNotSupported
        /// A known field arrived with a wire type its schema type cannot have.
        case wrongWireType(expected: ProtoWireType, actual: ProtoWireType)
        /// A length prefix larger than any possible message (≥ 2^31).
        case lengthTooLarge(UInt64)
        /// A string field whose bytes are not valid UTF-8.
        case invalidUTF8
        /// A proto2 `required` field never appeared.
        case missingRequiredField(String)
        /// A closed enum field carried a value the schema does not define and castscope cannot keep.
        case unknownEnumValue(field: String, value: Int32)
        /// The payload field does not match `payload_type` (protocol.md §2.3: payload_utf8 iff STRING).
        case payloadMismatch(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// Absolute byte offset of the fault in the reader's storage.
    public var offset: Int
    /// The field being decoded, when known.
    public var fieldNumber: UInt32?

    /// An error of `kind` at `offset`, optionally naming the field.
    public init(_ kind: Kind, offset: Int, fieldNumber: UInt32? = nil) {
        self.kind = kind
        self.offset = offset
        self.fieldNumber = fieldNumber
    }

    /// True for `.truncated`, which a streaming caller may treat as "wait for more".
    public var isTruncated: Bool {
        if case .truncated = kind { return true }
        return false
    }

    /// One line: what, where, which field.
    public var description: String {
        var text: String
        switch kind {
        case let .truncated(needed, available):
            text = "truncated at byte \(offset): need \(needed), have \(available)"
        case let .malformed(reason):
            text = "malformed at byte \(offset): \(reason.text)"
        }
        if let fieldNumber { text += " (field \(fieldNumber))" }
        return text
    }
}

extension ProtobufError.Reason {
    /// Human-readable explanation used by `ProtobufError.description`.
    var text: String {
        switch self {
        case .varintTooLong: "varint longer than 10 bytes"
        case let .invalidFieldNumber(number): "invalid field number \(number)"
        case let .invalidWireType(type): "invalid wire type \(type)"
        case .groupsNotSupported: "groups (wire types 3/4) are not supported"
        case let .wrongWireType(expected, actual): "wire type \(actual) where \(expected) was expected"
        case let .lengthTooLarge(length): "length \(length) too large"
        case .invalidUTF8: "string is not valid UTF-8"
        case let .missingRequiredField(name): "required field \(name) missing"
        case let .unknownEnumValue(field, value): "unknown value \(value) for enum \(field)"
        case let .payloadMismatch(why): "payload mismatch: \(why)"
        }
    }
}
