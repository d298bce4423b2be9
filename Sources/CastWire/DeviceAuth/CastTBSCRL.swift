/// `TbsCrl`: what a Cast CRL revokes and when it is valid (cast-pki/README.md).
public struct CastTBSCRL: Sendable, Hashable {
    /// Field 1: the format version (proto2 default 0, the only one senders support).
    public var version: UInt64
    /// Field 2: first second of validity (Unix time, inclusive).
    public var notBeforeSeconds: UInt64
    /// Field 3: last second of validity (Unix time, inclusive).
    public var notAfterSeconds: UInt64
    /// Field 4, repeated: SHA-256 hashes of revoked certificates' SubjectPublicKeyInfo DER.
    public var revokedPublicKeyHashes: [[UInt8]]
    /// Field 5, repeated: revoked serial numbers per issuer.
    public var revokedSerialNumberRanges: [CastSerialNumberRange]

    /// A list with the given fields.
    public init(
        version: UInt64 = 0, notBeforeSeconds: UInt64, notAfterSeconds: UInt64, revokedPublicKeyHashes: [[UInt8]] = [],
        revokedSerialNumberRanges: [CastSerialNumberRange] = []
    ) {
        self.version = version
        self.notBeforeSeconds = notBeforeSeconds
        self.notAfterSeconds = notAfterSeconds
        self.revokedPublicKeyHashes = revokedPublicKeyHashes
        self.revokedSerialNumberRanges = revokedSerialNumberRanges
    }

    /// Decodes a serialized `TbsCrl`; absent validity fields read as 0, which a verifier then rejects as out of date.
    public init(protobuf bytes: [UInt8]) throws(ProtobufError) {
        var reader = ProtoReader(bytes)
        self.init(notBeforeSeconds: 0, notAfterSeconds: 0)
        while true {
            let tagOffset = reader.position
            guard let tag = try reader.readTag() else { break }
            do throws(ProtobufError) {
                switch tag.fieldNumber {
                case 1, 2, 3:
                    try reader.expect(tag, .varint, tagOffset: tagOffset)
                    let value = try reader.readVarint()
                    switch tag.fieldNumber {
                    case 1: version = value
                    case 2: notBeforeSeconds = value
                    default: notAfterSeconds = value
                    }
                case 4:
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    revokedPublicKeyHashes.append(try reader.readBytes())
                case 5:
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    revokedSerialNumberRanges.append(try CastSerialNumberRange(protobuf: try reader.readLengthDelimited()))
                default:
                    _ = try reader.skipValue(of: tag)
                }
            } catch {
                throw error.inField(tag.fieldNumber)
            }
        }
    }

    /// The serialized list (the bytes a CRL signer signs).
    public var protobufBytes: [UInt8] {
        var writer = ProtoWriter()
        writer.writeUInt64Field(1, version)
        writer.writeUInt64Field(2, notBeforeSeconds)
        writer.writeUInt64Field(3, notAfterSeconds)
        for hash in revokedPublicKeyHashes { writer.writeBytesField(4, hash) }
        for range in revokedSerialNumberRanges {
            var inner = ProtoWriter()
            range.encode(into: &inner)
            writer.writeBytesField(5, inner.bytes)
        }
        return writer.bytes
    }
}

/// `SerialNumberRange`: serials `first…last` (inclusive) of certificates issued by the key hashed in `issuerPublicKeyHash`.
public struct CastSerialNumberRange: Sendable, Hashable {
    /// Field 1: SHA-256 of the issuer's SubjectPublicKeyInfo DER.
    public var issuerPublicKeyHash: [UInt8]
    /// Field 2: first revoked serial.
    public var firstSerialNumber: UInt64
    /// Field 3: last revoked serial (inclusive).
    public var lastSerialNumber: UInt64

    /// A range from its parts.
    public init(issuerPublicKeyHash: [UInt8], firstSerialNumber: UInt64, lastSerialNumber: UInt64) {
        self.issuerPublicKeyHash = issuerPublicKeyHash
        self.firstSerialNumber = firstSerialNumber
        self.lastSerialNumber = lastSerialNumber
    }

    /// Decodes the unread bytes of `body`.
    public init(protobuf body: ByteReader) throws(ProtobufError) {
        var reader = ProtoReader(body)
        self.init(issuerPublicKeyHash: [], firstSerialNumber: 0, lastSerialNumber: 0)
        while true {
            let tagOffset = reader.position
            guard let tag = try reader.readTag() else { break }
            do throws(ProtobufError) {
                switch tag.fieldNumber {
                case 1:
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    issuerPublicKeyHash = try reader.readBytes()
                case 2, 3:
                    try reader.expect(tag, .varint, tagOffset: tagOffset)
                    let value = try reader.readVarint()
                    if tag.fieldNumber == 2 { firstSerialNumber = value } else { lastSerialNumber = value }
                default:
                    _ = try reader.skipValue(of: tag)
                }
            } catch {
                throw error.inField(tag.fieldNumber)
            }
        }
    }

    /// Appends fields 1–3.
    public func encode(into writer: inout ProtoWriter) {
        writer.writeBytesField(1, issuerPublicKeyHash)
        writer.writeUInt64Field(2, firstSerialNumber)
        writer.writeUInt64Field(3, lastSerialNumber)
    }
}
