/// `AuthChallenge`: what a sender sends to start device authentication (protocol.md §2.3, §2.5).
public struct AuthChallenge: Sendable, Hashable {
    /// Field 1; `nil` when absent (proto2 default RSASSA_PKCS1v15).
    public var signatureAlgorithm: SignatureAlgorithm?
    /// Field 2: the sender's nonce, 16 bytes from current senders.
    public var senderNonce: [UInt8]?
    /// Field 3; `nil` when absent (proto2 default SHA1).
    public var hashAlgorithm: HashAlgorithm?
    /// Fields this schema does not know, kept verbatim.
    public var unknownFields: ProtoUnknownFields

    /// A challenge with the given fields set.
    public init(signatureAlgorithm: SignatureAlgorithm? = nil, senderNonce: [UInt8]? = nil,
                hashAlgorithm: HashAlgorithm? = nil, unknownFields: ProtoUnknownFields = ProtoUnknownFields()) {
        self.signatureAlgorithm = signatureAlgorithm
        self.senderNonce = senderNonce
        self.hashAlgorithm = hashAlgorithm
        self.unknownFields = unknownFields
    }

    /// The signature algorithm in effect: the field, or the proto2 default.
    public var effectiveSignatureAlgorithm: SignatureAlgorithm { signatureAlgorithm ?? .rsassaPKCS1v15 }
    /// The hash algorithm in effect: the field, or the proto2 default.
    public var effectiveHashAlgorithm: HashAlgorithm { hashAlgorithm ?? .sha1 }

    /// Decodes the unread bytes of `body`.
    public init(protobuf body: ByteReader) throws(ProtobufError) {
        var reader = ProtoReader(body)
        self.init()
        while true {
            let tagOffset = reader.position
            guard let tag = try reader.readTag() else { break }
            do throws(ProtobufError) {
                switch tag.fieldNumber {
                case 1:
                    try reader.expect(tag, .varint, tagOffset: tagOffset)
                    signatureAlgorithm = SignatureAlgorithm(rawValue: Int32(truncatingIfNeeded: try reader.readVarint()))
                case 2:
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    senderNonce = try reader.readBytes()
                case 3:
                    try reader.expect(tag, .varint, tagOffset: tagOffset)
                    hashAlgorithm = HashAlgorithm(rawValue: Int32(truncatingIfNeeded: try reader.readVarint()))
                default:
                    try reader.preserveUnknown(tag, tagOffset: tagOffset, into: &unknownFields)
                }
            } catch {
                throw error.inField(tag.fieldNumber)
            }
        }
    }

    /// Appends the encoding: set fields in order, then unknown fields.
    public func encode(into writer: inout ProtoWriter) {
        if let signatureAlgorithm { writer.writeInt32Field(1, signatureAlgorithm.rawValue) }
        if let senderNonce { writer.writeBytesField(2, senderNonce) }
        if let hashAlgorithm { writer.writeInt32Field(3, hashAlgorithm.rawValue) }
        writer.writeUnknown(unknownFields)
    }
}

extension ProtobufError {
    /// This error, naming `field` unless a nested decoder already named one.
    func inField(_ field: UInt32) -> ProtobufError {
        var copy = self
        if copy.fieldNumber == nil { copy.fieldNumber = field }
        return copy
    }
}
