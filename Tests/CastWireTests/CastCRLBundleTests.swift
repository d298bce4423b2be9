import CastWire
import Testing

/// The Cast CRL protobuf model: round trips, required fields, errors with offsets into the whole bundle.
@Suite struct CastCRLBundleTests {
    static let list = CastTBSCRL(
        notBeforeSeconds: 1_700_000_000, notAfterSeconds: 1_800_000_000,
        revokedPublicKeyHashes: [[UInt8](repeating: 0xAB, count: 32)],
        revokedSerialNumberRanges: [
            CastSerialNumberRange(issuerPublicKeyHash: [UInt8](repeating: 0xCD, count: 32), firstSerialNumber: 5,
                                  lastSerialNumber: .max)
        ])

    @Test func bundleAndListRoundTrip() throws {
        let crl = CastCRL(tbsBytes: Self.list.protobufBytes, signerCertificate: [1, 2, 3], signature: [4, 5])
        let bytes = CastCRLBundle(crls: [crl, crl]).protobufBytes
        let decoded = try CastCRLBundle(protobuf: bytes)
        #expect(decoded.crls.count == 2)
        #expect(decoded.crls[0].signerCertificate == [1, 2, 3])
        #expect(try decoded.crls[1].decodeTBS() == Self.list)
        #expect(CastCRLBundle(crls: decoded.crls).protobufBytes == bytes)
    }

    @Test func missingRequiredFieldsNameTheirFieldNumbers() {
        var writer = ProtoWriter()
        writer.writeBytesField(1, [0x08, 0x00])
        writer.writeBytesField(3, [9])
        var bundle = ProtoWriter()
        bundle.writeBytesField(1, writer.bytes)
        let error = #expect(throws: ProtobufError.self) { try CastCRLBundle(protobuf: bundle.bytes) }
        #expect(error?.fieldNumber == 2)
        #expect(error?.description.contains("signer_cert") == true)
    }

    @Test func truncatedInputIsAnErrorWithItsOffset() {
        let bytes = CastCRLBundle(
            crls: [CastCRL(tbsBytes: Self.list.protobufBytes, signerCertificate: [1], signature: [2])]
        ).protobufBytes
        let error = #expect(throws: ProtobufError.self) { try CastCRLBundle(protobuf: Array(bytes.dropLast(3))) }
        #expect(error?.isTruncated == true)
    }

    @Test func errorsInsideTheListNameOffsetsOfTheWholeBundle() throws {
        let broken: [UInt8] = [0x08, 0x00, 0x20, 0x01]  // field 4 (bytes) as a varint
        let bundle = CastCRLBundle(crls: [CastCRL(tbsBytes: broken, signerCertificate: [1], signature: [2])])
        let decoded = try CastCRLBundle(protobuf: bundle.protobufBytes)
        let error = #expect(throws: ProtobufError.self) { try decoded.crls[0].decodeTBS() }
        // The bundle's tag and length (2 bytes) and the Crl's tag and length (2 bytes) come before the list.
        #expect(error?.offset == 4 + 2)
        #expect(error?.fieldNumber == 4)
    }

    @Test func unknownFieldsAreSkipped() throws {
        var writer = ProtoWriter()
        writer.writeUInt64Field(1, 0)
        writer.writeUInt64Field(9, 42)
        writer.writeUInt64Field(3, 7)
        let list = try CastTBSCRL(protobuf: writer.bytes)
        #expect(list.notAfterSeconds == 7)
    }
}
