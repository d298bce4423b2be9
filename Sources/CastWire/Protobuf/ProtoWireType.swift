/// The six protobuf wire types (protobuf encoding spec, "Message Structure").
public enum ProtoWireType: UInt8, Sendable, Hashable, CustomStringConvertible {
    /// int32, int64, uint32, uint64, sint32, sint64, bool, enum.
    case varint = 0
    /// fixed64, sfixed64, double.
    case fixed64 = 1
    /// string, bytes, embedded messages, packed repeated fields.
    case lengthDelimited = 2
    /// Deprecated group start; castscope rejects groups.
    case startGroup = 3
    /// Deprecated group end; castscope rejects groups.
    case endGroup = 4
    /// fixed32, sfixed32, float.
    case fixed32 = 5

    /// The lower-case name used in error messages.
    public var description: String {
        switch self {
        case .varint: "varint"
        case .fixed64: "fixed64"
        case .lengthDelimited: "length-delimited"
        case .startGroup: "start-group"
        case .endGroup: "end-group"
        case .fixed32: "fixed32"
        }
    }
}

/// A decoded field key: field number plus wire type.
public struct ProtoTag: Sendable, Hashable {
    /// The field number, 1 ... 2^29 - 1.
    public var fieldNumber: UInt32
    /// How the value that follows is encoded.
    public var wireType: ProtoWireType

    /// A tag for `fieldNumber` with `wireType`.
    public init(fieldNumber: UInt32, wireType: ProtoWireType) {
        self.fieldNumber = fieldNumber
        self.wireType = wireType
    }

    /// The varint value written on the wire: `fieldNumber << 3 | wireType`.
    public var rawValue: UInt64 { UInt64(fieldNumber) << 3 | UInt64(wireType.rawValue) }

    /// The largest field number protobuf allows (2^29 - 1).
    public static let maximumFieldNumber: UInt32 = (1 << 29) - 1
}
