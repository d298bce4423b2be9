/// Reads the protobuf wire format from a `ByteReader`: tags, varints, fixed-width and length-delimited values.
///
/// Every read is all-or-nothing: on a throw the position is where it was before the call. Offsets in errors are
/// absolute, as the underlying `ByteReader` reports them. Limits: varints ≤ 10 bytes, lengths < 2^31 and within the
/// readable bytes (protobuf encoding spec; swift-protobuf `getFieldBodyBytes`).
public struct ProtoReader: Sendable {
    /// The bytes still to decode.
    public private(set) var reader: ByteReader

    /// A reader over the unread bytes of `reader`.
    public init(_ reader: ByteReader) {
        self.reader = reader
    }

    /// A reader over all of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.reader = ByteReader(bytes)
    }

    /// Absolute offset of the next byte.
    @inlinable public var position: Int { reader.position }

    /// True when every byte has been consumed.
    @inlinable public var isAtEnd: Bool { reader.isAtEnd }

    /// Reads the next field key, or returns `nil` at the end of the input.
    ///
    /// Rejects field number 0, numbers above 2^29 - 1, wire types 6/7 (invalid) and 3/4 (groups).
    public mutating func readTag() throws(ProtobufError) -> ProtoTag? {
        if reader.isAtEnd { return nil }
        let start = reader.position
        var copy = self
        let raw = try copy.readVarint()
        let number = raw >> 3
        guard number >= 1, number <= UInt64(ProtoTag.maximumFieldNumber) else {
            throw ProtobufError(.malformed(.invalidFieldNumber(number)), offset: start)
        }
        let typeBits = UInt8(truncatingIfNeeded: raw & 7)
        guard let wireType = ProtoWireType(rawValue: typeBits) else {
            throw ProtobufError(.malformed(.invalidWireType(typeBits)), offset: start, fieldNumber: UInt32(number))
        }
        if wireType == .startGroup || wireType == .endGroup {
            throw ProtobufError(.malformed(.groupsNotSupported), offset: start, fieldNumber: UInt32(number))
        }
        self = copy
        return ProtoTag(fieldNumber: UInt32(number), wireType: wireType)
    }

    /// Reads a base-128 varint of at most 10 bytes.
    public mutating func readVarint() throws(ProtobufError) -> UInt64 {
        let start = reader.position
        let storage = reader.storage
        let limit = reader.limit
        // Fast path: one-byte varints are the common case (tags, small enums, booleans).
        if start < limit, storage[start] < 0x80 {
            _ = reader.skip(1)
            return UInt64(storage[start])
        }
        var value: UInt64 = 0
        var index = start
        var shift: UInt64 = 0
        while index < limit {
            let byte = storage[index]
            value |= UInt64(byte & 0x7F) << shift
            index += 1
            if byte < 0x80 {
                _ = reader.skip(index - start)
                return value
            }
            if index - start == 10 {
                throw ProtobufError(.malformed(.varintTooLong), offset: start)
            }
            shift += 7
        }
        throw ProtobufError(.truncated(needed: index - start + 1, available: limit - start), offset: start)
    }

    /// Reads a little-endian 32-bit value (wire type 5).
    public mutating func readFixed32() throws(ProtobufError) -> UInt32 {
        guard let value = reader.readUInt32LE() else {
            throw ProtobufError(.truncated(needed: 4, available: reader.remaining), offset: reader.position)
        }
        return value
    }

    /// Reads a little-endian 64-bit value (wire type 1).
    public mutating func readFixed64() throws(ProtobufError) -> UInt64 {
        guard let value = reader.readUInt64LE() else {
            throw ProtobufError(.truncated(needed: 8, available: reader.remaining), offset: reader.position)
        }
        return value
    }

    /// Reads a length prefix and returns a reader bounded to the value's bytes (storage shared, offsets absolute).
    public mutating func readLengthDelimited() throws(ProtobufError) -> ByteReader {
        let start = reader.position
        var copy = self
        let length = try copy.readVarint()
        guard length < 0x8000_0000 else {
            throw ProtobufError(.malformed(.lengthTooLarge(length)), offset: start)
        }
        let valueStart = copy.reader.position
        guard let body = copy.reader.readReader(Int(length)) else {
            throw ProtobufError(.truncated(needed: Int(length), available: copy.reader.remaining), offset: valueStart)
        }
        self = copy
        return body
    }

    /// Reads a length-delimited value as a UTF-8 string; invalid UTF-8 is malformed.
    public mutating func readString() throws(ProtobufError) -> String {
        let body = try readLengthDelimited()
        if body.remaining == 0 { return "" }
        // SAFETY: `body` is bounded to storage by readReader; the buffer is used only inside the closure.
        let string = body.storage.withUnsafeBufferPointer { buffer in
            String(validating: UnsafeBufferPointer(rebasing: buffer[body.position..<body.limit]), as: UTF8.self)
        }
        guard let string else {
            throw ProtobufError(.malformed(.invalidUTF8), offset: body.position)
        }
        return string
    }

    /// Reads a length-delimited value as bytes.
    public mutating func readBytes() throws(ProtobufError) -> [UInt8] {
        let body = try readLengthDelimited()
        return Array(body.remainingBytes)
    }

    /// Skips the value of a field whose key was just read, returning the absolute range of that value.
    @discardableResult
    public mutating func skipValue(of tag: ProtoTag) throws(ProtobufError) -> Range<Int> {
        let start = reader.position
        switch tag.wireType {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: _ = try readLengthDelimited()
        case .startGroup, .endGroup:
            // readTag never yields these; kept for exhaustiveness.
            throw ProtobufError(.malformed(.groupsNotSupported), offset: start, fieldNumber: tag.fieldNumber)
        }
        return start..<reader.position
    }

    /// Skips the value of an unknown field and appends its key and value bytes, unchanged, to `unknown`.
    public mutating func preserveUnknown(_ tag: ProtoTag, tagOffset: Int, into unknown: inout ProtoUnknownFields)
        throws(ProtobufError)
    {
        let range = try skipValue(of: tag)
        unknown.append(reader.storage[tagOffset..<range.upperBound])
    }

    /// Throws `wrongWireType` unless `tag` has the wire type the schema expects for its field.
    public func expect(_ tag: ProtoTag, _ wireType: ProtoWireType, tagOffset: Int) throws(ProtobufError) {
        guard tag.wireType == wireType else {
            throw ProtobufError(
                .malformed(.wrongWireType(expected: wireType, actual: tag.wireType)),
                offset: tagOffset, fieldNumber: tag.fieldNumber)
        }
    }
}
