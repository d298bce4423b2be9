
/// Reads the protobuf wire format from a `ByteReader`: tags, varints, fixed-width and length-delimited values.
///
/// Every read is all-or-nothing: on a throw the position is where it was before the call. Offsets in errors are
/// absolute, as the underlying `ByteReader` reports them. Limits: varints ≤ 10 bytes, lengths < 2^31 and within the
/// readable bytes (protobuf encoding spec; swift-protobuf `getFieldBodyBytes`).
public struct ProtoReader: Sendable {
    // Kept as plain fields rather than a ByteReader so that a read is integer arithmetic on `position`, with no
    // struct copy (and array retain) per call: the hot loop of the frame benchmark.
    @usableFromInline let storage: [UInt8]
    /// Absolute offset of the next byte.
    public private(set) var position: Int
    @usableFromInline let limit: Int

    /// A reader over the unread bytes of `reader`.
    public init(_ reader: ByteReader) {
        storage = reader.storage
        position = reader.position
        limit = reader.limit
    }

    /// A reader over all of `bytes`.
    public init(_ bytes: [UInt8]) {
        storage = bytes
        position = 0
        limit = bytes.count
    }

    /// The unread bytes as a `ByteReader` (same storage, absolute offsets).
    public var reader: ByteReader { ByteReader(storage, range: position..<limit) }

    /// True when every byte has been consumed.
    @inlinable public var isAtEnd: Bool { position >= limit }

    /// Bytes left to read.
    @inlinable public var remaining: Int { limit - position }

    /// Reads the next field key, or returns `nil` at the end of the input.
    ///
    /// Rejects field number 0, numbers above 2^29 - 1, wire types 6/7 (invalid) and 3/4 (groups).
    public mutating func readTag() throws(ProtobufError) -> ProtoTag? {
        let start = position
        if start >= limit { return nil }
        let raw: UInt64
        let end: Int
        let first = storage[start]
        if first < 0x80 {
            (raw, end) = (UInt64(first), start + 1)  // fields 1-15: the whole key is one byte
        } else {
            // Keys may be encoded in more bytes than needed (protobuf allows it); `end` is where this one stops.
            (raw, end) = try varint(at: start)
        }
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
        position = end
        return ProtoTag(fieldNumber: UInt32(number), wireType: wireType)
    }

    /// Reads a base-128 varint of at most 10 bytes.
    public mutating func readVarint() throws(ProtobufError) -> UInt64 {
        let (value, end) = try varint(at: position)
        position = end
        return value
    }

    /// Decodes the varint starting at `start` without moving; returns it and the index after it.
    private func varint(at start: Int) throws(ProtobufError) -> (value: UInt64, end: Int) {
        // Fast path: one-byte varints are the common case (small enums, booleans, short lengths).
        if start < limit, storage[start] < 0x80 { return (UInt64(storage[start]), start + 1) }
        var value: UInt64 = 0
        var index = start
        var shift: UInt64 = 0
        while index < limit {
            let byte = storage[index]
            value |= UInt64(byte & 0x7F) << shift
            index += 1
            if byte < 0x80 { return (value, index) }
            if index - start == 10 {
                throw ProtobufError(.malformed(.varintTooLong), offset: start)
            }
            shift += 7
        }
        throw ProtobufError(.truncated(needed: index - start + 1, available: limit - start), offset: start)
    }

    /// Reads a length prefix and returns the absolute range of the value that follows; moves past both.
    public mutating func readLengthDelimitedRange() throws(ProtobufError) -> Range<Int> {
        let start = position
        let (length, valueStart) = try varint(at: start)
        guard length < 0x8000_0000 else {
            throw ProtobufError(.malformed(.lengthTooLarge(length)), offset: start)
        }
        guard limit - valueStart >= Int(length) else {
            throw ProtobufError(.truncated(needed: Int(length), available: limit - valueStart), offset: valueStart)
        }
        position = valueStart + Int(length)
        return valueStart..<position
    }

    /// Reads a length prefix and returns a reader bounded to the value's bytes (storage shared, offsets absolute).
    public mutating func readLengthDelimited() throws(ProtobufError) -> ByteReader {
        ByteReader(storage, range: try readLengthDelimitedRange())
    }

    /// Reads a length-delimited value as a UTF-8 string; invalid UTF-8 is malformed.
    public mutating func readString() throws(ProtobufError) -> String {
        var uncached = ProtoStringCache(capacity: 0)
        return try readString(cachingIn: &uncached)
    }

    /// Reads a length-delimited value as a UTF-8 string like `readString`, taking it from `cache` when the same bytes
    /// were read before (and remembering it there when not).
    public mutating func readString(cachingIn cache: inout ProtoStringCache) throws(ProtobufError) -> String {
        let start = position
        let range = try readLengthDelimitedRange()
        if range.isEmpty { return "" }
        // readLengthDelimitedRange checked range ⊆ 0..<limit ≤ storage.count.
        guard let string = cache.string(storage.span.extracting(range)) else {
            position = start
            throw ProtobufError(.malformed(.invalidUTF8), offset: range.lowerBound)
        }
        return string
    }

    /// Reads a length-delimited value that must be UTF-8, checked where it lies and not copied: the reader over its
    /// bytes (make a String of them only when needed); invalid UTF-8 is malformed, as for `readString`.
    public mutating func readUTF8() throws(ProtobufError) -> ByteReader {
        let start = position
        let range = try readLengthDelimitedRange()
        guard range.isEmpty || (try? UTF8Span(validating: storage.span.extracting(range))) != nil else {
            position = start
            throw ProtobufError(.malformed(.invalidUTF8), offset: range.lowerBound)
        }
        return ByteReader(storage, range: range)
    }


    /// Reads a length-delimited value as bytes.
    public mutating func readBytes() throws(ProtobufError) -> [UInt8] {
        Array(storage[try readLengthDelimitedRange()])
    }

    /// Reads a little-endian 32-bit value (wire type 5).
    public mutating func readFixed32() throws(ProtobufError) -> UInt32 {
        guard remaining >= 4 else {
            throw ProtobufError(.truncated(needed: 4, available: remaining), offset: position)
        }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(storage[position + index]) << (8 * index) }
        position += 4
        return value
    }

    /// Reads a little-endian 64-bit value (wire type 1).
    public mutating func readFixed64() throws(ProtobufError) -> UInt64 {
        guard remaining >= 8 else {
            throw ProtobufError(.truncated(needed: 8, available: remaining), offset: position)
        }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(storage[position + index]) << (8 * index) }
        position += 8
        return value
    }

    /// Skips the value of a field whose key was just read, returning the absolute range of that value.
    @discardableResult
    public mutating func skipValue(of tag: ProtoTag) throws(ProtobufError) -> Range<Int> {
        let start = position
        switch tag.wireType {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: _ = try readLengthDelimitedRange()
        case .startGroup, .endGroup:
            // readTag never yields these; kept for exhaustiveness.
            throw ProtobufError(.malformed(.groupsNotSupported), offset: start, fieldNumber: tag.fieldNumber)
        }
        return start..<position
    }

    /// Skips the value of an unknown field and appends its key and value bytes, unchanged, to `unknown`.
    public mutating func preserveUnknown(_ tag: ProtoTag, tagOffset: Int, into unknown: inout ProtoUnknownFields)
        throws(ProtobufError)
    {
        let range = try skipValue(of: tag)
        unknown.append(storage[tagOffset..<range.upperBound])
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
