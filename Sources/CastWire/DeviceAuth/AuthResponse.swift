/// `AuthResponse`: the receiver's proof of identity (protocol.md §2.3, §2.5).
public struct AuthResponse: Sendable, Hashable {
    /// Field 1, required: signature over `sender_nonce || DER(TLS peer certificate)`.
    public var signature: [UInt8]
    /// Field 2, required: the device certificate (DER).
    public var clientAuthCertificate: [UInt8]
    /// Field 3, repeated: intermediate certificates (DER), in wire order.
    public var intermediateCertificates: [[UInt8]]
    /// Field 4; `nil` when absent (proto2 default RSASSA_PKCS1v15).
    public var signatureAlgorithm: SignatureAlgorithm?
    /// Field 5: the nonce echoed back.
    public var senderNonce: [UInt8]?
    /// Field 6; `nil` when absent (proto2 default SHA1).
    public var hashAlgorithm: HashAlgorithm?
    /// Field 7: a certificate revocation list.
    public var crl: [UInt8]?
    /// Fields this schema does not know, kept verbatim.
    public var unknownFields: ProtoUnknownFields

    /// A response with the given fields.
    public init(signature: [UInt8], clientAuthCertificate: [UInt8], intermediateCertificates: [[UInt8]] = [],
                signatureAlgorithm: SignatureAlgorithm? = nil, senderNonce: [UInt8]? = nil,
                hashAlgorithm: HashAlgorithm? = nil, crl: [UInt8]? = nil,
                unknownFields: ProtoUnknownFields = ProtoUnknownFields()) {
        self.signature = signature
        self.clientAuthCertificate = clientAuthCertificate
        self.intermediateCertificates = intermediateCertificates
        self.signatureAlgorithm = signatureAlgorithm
        self.senderNonce = senderNonce
        self.hashAlgorithm = hashAlgorithm
        self.crl = crl
        self.unknownFields = unknownFields
    }

    /// The signature algorithm in effect: the field, or the proto2 default.
    public var effectiveSignatureAlgorithm: SignatureAlgorithm { signatureAlgorithm ?? .rsassaPKCS1v15 }
    /// The hash algorithm in effect: the field, or the proto2 default.
    public var effectiveHashAlgorithm: HashAlgorithm { hashAlgorithm ?? .sha1 }

    /// Decodes the unread bytes of `body`; `signature` and `client_auth_certificate` are required.
    public init(protobuf body: ByteReader) throws(ProtobufError) {
        var reader = ProtoReader(body)
        var signature: [UInt8]?
        var certificate: [UInt8]?
        self.init(signature: [], clientAuthCertificate: [])
        while true {
            let tagOffset = reader.position
            guard let tag = try reader.readTag() else { break }
            do throws(ProtobufError) {
                switch tag.fieldNumber {
                case 1, 2, 3, 5, 7:
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    let bytes = try reader.readBytes()
                    switch tag.fieldNumber {
                    case 1: signature = bytes
                    case 2: certificate = bytes
                    case 3: intermediateCertificates.append(bytes)
                    case 5: senderNonce = bytes
                    default: crl = bytes
                    }
                case 4:
                    try reader.expect(tag, .varint, tagOffset: tagOffset)
                    signatureAlgorithm = SignatureAlgorithm(rawValue: Int32(truncatingIfNeeded: try reader.readVarint()))
                case 6:
                    try reader.expect(tag, .varint, tagOffset: tagOffset)
                    hashAlgorithm = HashAlgorithm(rawValue: Int32(truncatingIfNeeded: try reader.readVarint()))
                default:
                    try reader.preserveUnknown(tag, tagOffset: tagOffset, into: &unknownFields)
                }
            } catch {
                throw error.inField(tag.fieldNumber)
            }
        }
        guard let signature else {
            throw ProtobufError(.malformed(.missingRequiredField("signature")), offset: body.position, fieldNumber: 1)
        }
        guard let certificate else {
            throw ProtobufError(.malformed(.missingRequiredField("client_auth_certificate")), offset: body.position,
                                fieldNumber: 2)
        }
        self.signature = signature
        self.clientAuthCertificate = certificate
    }

    /// Appends the encoding: fields in order (repeated field 3 in list order), then unknown fields.
    public func encode(into writer: inout ProtoWriter) {
        writer.writeBytesField(1, signature)
        writer.writeBytesField(2, clientAuthCertificate)
        for certificate in intermediateCertificates { writer.writeBytesField(3, certificate) }
        if let signatureAlgorithm { writer.writeInt32Field(4, signatureAlgorithm.rawValue) }
        if let senderNonce { writer.writeBytesField(5, senderNonce) }
        if let hashAlgorithm { writer.writeInt32Field(6, hashAlgorithm.rawValue) }
        if let crl { writer.writeBytesField(7, crl) }
        writer.writeUnknown(unknownFields)
    }
}
