// Decoding and encoding of `CastMessage` (cast_channel.proto field numbers 1-9, protocol.md §2.3).

extension CastMessage {
    /// Decodes all of `bytes` as one `CastMessage`.
    public init(protobuf bytes: [UInt8]) throws(ProtobufError) {
        try self.init(protobuf: ByteReader(bytes))
    }

    /// Decodes the unread bytes of `body` as one `CastMessage`, checking required fields and payload consistency.
    ///
    /// Unknown fields are kept. A repeated scalar field takes its last value, as protobuf specifies.
    public init(protobuf body: ByteReader) throws(ProtobufError) {
        var strings = ProtoStringCache(capacity: 0)
        self = try Self.decode(body, deferringText: false, strings: &strings).message
    }

    /// Decodes like `init(protobuf:)` (the same checks, the same errors), but leaves a STRING message's
    /// payload_utf8 where it lies: checked as UTF-8, not copied into a String. `message.payloadUTF8` is then nil and
    /// `text` reads the payload's bytes; `DecodedCastFrame` makes the String when one is wanted. For readers that
    /// only peek at most payloads (the capture inspector with nothing printed).
    public static func decodeDeferringText(_ body: ByteReader) throws(ProtobufError) -> (message: CastMessage,
                                                                                          text: ByteReader?) {
        var strings = ProtoStringCache(capacity: 0)
        return try decode(body, deferringText: true, strings: &strings)
    }

    /// Decodes like `decodeDeferringText(_:)`, taking the source, destination and namespace from `strings` when a
    /// message before carried the same (what the messages of one connection do).
    public static func decodeDeferringText(_ body: ByteReader, strings: inout ProtoStringCache) throws(ProtobufError)
        -> (message: CastMessage, text: ByteReader?)
    {
        try decode(body, deferringText: true, strings: &strings)
    }

    private static func decode(_ body: ByteReader, deferringText: Bool, strings: inout ProtoStringCache)
        throws(ProtobufError) -> (message: CastMessage, text: ByteReader?)
    {
        var reader = ProtoReader(body)
        let start = body.position
        var version: CastProtocolVersion?
        var source: String?
        var destination: String?
        var namespace: String?
        var payloadTypeValue: Int32?
        var payloadTypeOffset = start
        var utf8: String?
        var deferredUTF8: ByteReader?
        var binary: [UInt8]?
        var continued: Bool?
        var remaining: UInt32?
        var unknown = ProtoUnknownFields()

        while true {
            let tagOffset = reader.position
            guard let tag = try reader.readTag() else { break }
            do throws(ProtobufError) {
                switch tag.fieldNumber {
                case 1:
                    try reader.expect(tag, .varint, tagOffset: tagOffset)
                    version = CastProtocolVersion(rawValue: Int32(truncatingIfNeeded: try reader.readVarint()))
                case 2:
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    source = try reader.readString(cachingIn: &strings)
                case 3:
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    destination = try reader.readString(cachingIn: &strings)
                case 4:
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    namespace = try reader.readString(cachingIn: &strings)
                case 5:
                    try reader.expect(tag, .varint, tagOffset: tagOffset)
                    payloadTypeOffset = tagOffset
                    payloadTypeValue = Int32(truncatingIfNeeded: try reader.readVarint())
                case 6:
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    if deferringText { deferredUTF8 = try reader.readUTF8() } else { utf8 = try reader.readString() }
                case 7:
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    binary = try reader.readBytes()
                case 8:
                    try reader.expect(tag, .varint, tagOffset: tagOffset)
                    continued = try reader.readVarint() != 0
                case 9:
                    try reader.expect(tag, .varint, tagOffset: tagOffset)
                    remaining = UInt32(truncatingIfNeeded: try reader.readVarint())
                default:
                    try reader.preserveUnknown(tag, tagOffset: tagOffset, into: &unknown)
                }
            } catch {
                var annotated = error
                if annotated.fieldNumber == nil { annotated.fieldNumber = tag.fieldNumber }
                throw annotated
            }
        }

        // proto2 `required`: all five must have appeared (reported in field order, as upb lists them).
        guard let version else { throw Self.missing("protocol_version", 1, at: start) }
        guard let source else { throw Self.missing("source_id", 2, at: start) }
        guard let destination else { throw Self.missing("destination_id", 3, at: start) }
        guard let namespace else { throw Self.missing("namespace", 4, at: start) }
        guard let payloadTypeValue else { throw Self.missing("payload_type", 5, at: start) }
        guard let payloadType = CastPayloadType(rawValue: payloadTypeValue) else {
            throw ProtobufError(.malformed(.unknownEnumValue(field: "payload_type", value: payloadTypeValue)),
                                offset: payloadTypeOffset, fieldNumber: 5)
        }
        let hasUTF8 = utf8 != nil || deferredUTF8 != nil
        switch payloadType {
        case .string:
            guard hasUTF8 else { throw Self.mismatch("STRING message without payload_utf8", 6, at: start) }
            guard binary == nil else { throw Self.mismatch("STRING message with payload_binary", 7, at: start) }
        case .binary:
            guard binary != nil else { throw Self.mismatch("BINARY message without payload_binary", 7, at: start) }
            guard !hasUTF8 else { throw Self.mismatch("BINARY message with payload_utf8", 6, at: start) }
        }
        let message = CastMessage(protocolVersion: version, sourceID: source, destinationID: destination,
                                  namespace: namespace, payloadType: payloadType, payloadUTF8: utf8,
                                  payloadBinary: binary, continued: continued, remainingLength: remaining,
                                  unknownFields: unknown)
        return (message, deferredUTF8)
    }

    private static func missing(_ name: String, _ field: UInt32, at offset: Int) -> ProtobufError {
        ProtobufError(.malformed(.missingRequiredField(name)), offset: offset, fieldNumber: field)
    }

    private static func mismatch(_ why: String, _ field: UInt32, at offset: Int) -> ProtobufError {
        ProtobufError(.malformed(.payloadMismatch(why)), offset: offset, fieldNumber: field)
    }

    /// The encoded protobuf bytes.
    public func protobufBytes() -> [UInt8] {
        var writer = ProtoWriter(capacity: encodedSize)
        encode(into: &writer)
        return writer.bytes
    }

    /// Appends the encoding: fields 1-9 in order, optional ones only when set, then unknown fields.
    public func encode(into writer: inout ProtoWriter) {
        writer.writeInt32Field(1, protocolVersion.rawValue)
        writer.writeStringField(2, sourceID)
        writer.writeStringField(3, destinationID)
        writer.writeStringField(4, namespace)
        writer.writeInt32Field(5, payloadType.rawValue)
        if let payloadUTF8 { writer.writeStringField(6, payloadUTF8) }
        if let payloadBinary { writer.writeBytesField(7, payloadBinary) }
        if let continued { writer.writeBoolField(8, continued) }
        if let remainingLength { writer.writeUInt64Field(9, UInt64(remainingLength)) }
        writer.writeUnknown(unknownFields)
    }

    /// The number of bytes `encode(into:)` writes.
    public var encodedSize: Int {
        func stringField(_ count: Int) -> Int { 1 + ProtoWriter.varintSize(UInt64(count)) + count }
        var size = 1 + ProtoWriter.varintSize(UInt64(bitPattern: Int64(protocolVersion.rawValue)))
        size += stringField(sourceID.utf8.count) + stringField(destinationID.utf8.count)
        size += stringField(namespace.utf8.count)
        size += 1 + ProtoWriter.varintSize(UInt64(bitPattern: Int64(payloadType.rawValue)))
        if let payloadUTF8 { size += stringField(payloadUTF8.utf8.count) }
        if let payloadBinary { size += stringField(payloadBinary.count) }
        if continued != nil { size += 2 }
        if let remainingLength { size += 1 + ProtoWriter.varintSize(UInt64(remainingLength)) }
        return size + unknownFields.bytes.count
    }
}
