/// `CrlBundle`: the Cast revocation lists a sender may use, several versions of one list (cast-pki/README.md).
public struct CastCRLBundle: Sendable, Hashable {
    /// Field 1, repeated: the lists, in wire order.
    public var crls: [CastCRL]

    /// A bundle of `crls`.
    public init(crls: [CastCRL]) {
        self.crls = crls
    }

    /// Decodes a serialized bundle; every `Crl` must carry its three fields (the list inside is parsed later).
    public init(protobuf bytes: [UInt8]) throws(ProtobufError) {
        var reader = ProtoReader(bytes)
        crls = []
        while true {
            let tagOffset = reader.position
            guard let tag = try reader.readTag() else { break }
            do throws(ProtobufError) {
                if tag.fieldNumber == 1 {
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    crls.append(try CastCRL(protobuf: try reader.readLengthDelimited()))
                } else {
                    _ = try reader.skipValue(of: tag)
                }
            } catch {
                throw error.inField(tag.fieldNumber)
            }
        }
    }

    /// The serialized bundle.
    public var protobufBytes: [UInt8] {
        var writer = ProtoWriter()
        for crl in crls {
            var inner = ProtoWriter()
            crl.encode(into: &inner)
            writer.writeBytesField(1, inner.bytes)
        }
        return writer.bytes
    }
}

/// `Crl`: one signed revocation list — the serialized `TbsCrl`, the certificate that signed it, the signature.
public struct CastCRL: Sendable, Hashable {
    /// Field 1: the serialized `TbsCrl`, exactly the bytes the signature covers.
    public var tbsBytes: [UInt8]
    /// Field 2: the signer's DER certificate (must chain to the Cast CRL Root CA).
    public var signerCertificate: [UInt8]
    /// Field 3: the signature over `tbsBytes`.
    public var signature: [UInt8]
    /// Where `tbsBytes` starts in the decoded input, so errors inside it name offsets of the whole file.
    public var tbsOffset: Int

    /// A list from its parts.
    public init(tbsBytes: [UInt8], signerCertificate: [UInt8], signature: [UInt8], tbsOffset: Int = 0) {
        self.tbsBytes = tbsBytes
        self.signerCertificate = signerCertificate
        self.signature = signature
        self.tbsOffset = tbsOffset
    }

    /// Decodes the unread bytes of `body`; all three fields are required.
    public init(protobuf body: ByteReader) throws(ProtobufError) {
        var reader = ProtoReader(body)
        var tbs: (bytes: [UInt8], offset: Int)?
        var signer: [UInt8]?
        var signature: [UInt8]?
        while true {
            let tagOffset = reader.position
            guard let tag = try reader.readTag() else { break }
            do throws(ProtobufError) {
                switch tag.fieldNumber {
                case 1, 2, 3:
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    let range = try reader.readLengthDelimitedRange()
                    let bytes = Array(body.storage[range])
                    switch tag.fieldNumber {
                    case 1: tbs = (bytes, range.lowerBound)
                    case 2: signer = bytes
                    default: signature = bytes
                    }
                default:
                    _ = try reader.skipValue(of: tag)
                }
            } catch {
                throw error.inField(tag.fieldNumber)
            }
        }
        guard let tbs else { throw Self.missing("tbs_crl", field: 1, at: body.position) }
        guard let signer else { throw Self.missing("signer_cert", field: 2, at: body.position) }
        guard let signature else { throw Self.missing("signature", field: 3, at: body.position) }
        self.init(tbsBytes: tbs.bytes, signerCertificate: signer, signature: signature, tbsOffset: tbs.offset)
    }

    /// Decodes `tbsBytes`; error offsets are those of the whole input this list was decoded from.
    public func decodeTBS() throws(ProtobufError) -> CastTBSCRL {
        do {
            return try CastTBSCRL(protobuf: tbsBytes)
        } catch {
            var shifted = error
            shifted.offset += tbsOffset
            throw shifted
        }
    }

    /// Appends fields 1–3.
    public func encode(into writer: inout ProtoWriter) {
        writer.writeBytesField(1, tbsBytes)
        writer.writeBytesField(2, signerCertificate)
        writer.writeBytesField(3, signature)
    }

    private static func missing(_ name: String, field: UInt32, at offset: Int) -> ProtobufError {
        ProtobufError(.malformed(.missingRequiredField(name)), offset: offset, fieldNumber: field)
    }
}
