/// Writes the protobuf wire format: keys, varints, fixed-width and length-delimited values.
public struct ProtoWriter: Sendable {
    /// The bytes written so far.
    public private(set) var writer: ByteWriter

    /// An empty writer, reserving `capacity` bytes.
    public init(capacity: Int = 0) {
        writer = ByteWriter(capacity: capacity)
    }

    /// Continues writing after the bytes already in `writer` (e.g. a frame's length prefix).
    public init(appendingTo writer: ByteWriter) {
        self.writer = writer
    }

    /// The encoded bytes.
    public var bytes: [UInt8] { writer.bytes }

    /// Appends bytes that are already encoded.
    public mutating func writeRaw<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        writer.writeBytes(bytes)
    }

    /// Appends a base-128 varint.
    public mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            writer.writeUInt8(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        writer.writeUInt8(UInt8(rest))
    }

    /// Appends a field key.
    public mutating func writeTag(_ fieldNumber: UInt32, _ wireType: ProtoWireType) {
        precondition(fieldNumber >= 1 && fieldNumber <= ProtoTag.maximumFieldNumber, "field number out of range")
        writeVarint(ProtoTag(fieldNumber: fieldNumber, wireType: wireType).rawValue)
    }

    /// Appends an unsigned varint field (uint32, uint64).
    public mutating func writeUInt64Field(_ fieldNumber: UInt32, _ value: UInt64) {
        writeTag(fieldNumber, .varint)
        writeVarint(value)
    }

    /// Appends an int32 or enum field; negative values take ten bytes, sign-extended, as protobuf requires.
    public mutating func writeInt32Field(_ fieldNumber: UInt32, _ value: Int32) {
        writeTag(fieldNumber, .varint)
        writeVarint(UInt64(bitPattern: Int64(value)))
    }

    /// Appends a bool field (0 or 1).
    public mutating func writeBoolField(_ fieldNumber: UInt32, _ value: Bool) {
        writeTag(fieldNumber, .varint)
        writer.writeUInt8(value ? 1 : 0)
    }

    /// Appends a string field.
    public mutating func writeStringField(_ fieldNumber: UInt32, _ value: String) {
        writeTag(fieldNumber, .lengthDelimited)
        writeVarint(UInt64(value.utf8.count))
        writer.writeUTF8(value)
    }

    /// Appends a bytes (or embedded message) field.
    public mutating func writeBytesField<C: Collection>(_ fieldNumber: UInt32, _ value: C) where C.Element == UInt8 {
        writeTag(fieldNumber, .lengthDelimited)
        writeVarint(UInt64(value.count))
        writer.writeBytes(value)
    }

    /// Appends a fixed32 field (little-endian).
    public mutating func writeFixed32Field(_ fieldNumber: UInt32, _ value: UInt32) {
        writeTag(fieldNumber, .fixed32)
        for shift in stride(from: 0, to: 32, by: 8) { writer.writeUInt8(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// Appends a fixed64 field (little-endian).
    public mutating func writeFixed64Field(_ fieldNumber: UInt32, _ value: UInt64) {
        writeTag(fieldNumber, .fixed64)
        for shift in stride(from: 0, to: 64, by: 8) { writer.writeUInt8(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// Appends kept unknown fields verbatim.
    public mutating func writeUnknown(_ unknown: ProtoUnknownFields) {
        writer.writeBytes(unknown.bytes)
    }

    /// The number of bytes `value` takes as a varint.
    public static func varintSize(_ value: UInt64) -> Int {
        // 1 + floor(bitLength - 1) / 7, with zero taking one byte.
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }
}
