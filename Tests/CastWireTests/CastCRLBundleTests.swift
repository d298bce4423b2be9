import CastWire
import Foundation
import Testing

/// The Cast CRL protobuf model (cast-pki/README.md): round trips, required fields, unknown fields, and errors with
/// offsets into the whole bundle.
@Suite struct CastCRLBundleTests {
    static let list = CastTBSCRL(
        version: 0, notBeforeSeconds: 1_700_000_000, notAfterSeconds: 1_800_000_000,
        revokedPublicKeyHashes: [[UInt8](repeating: 0xAB, count: 32), [UInt8](repeating: 0x01, count: 32)],
        revokedSerialNumberRanges: [
            CastSerialNumberRange(
                issuerPublicKeyHash: [UInt8](repeating: 0xCD, count: 32), firstSerialNumber: 5, lastSerialNumber: .max),
            CastSerialNumberRange(issuerPublicKeyHash: [], firstSerialNumber: 0, lastSerialNumber: 0),
        ])

    /// The bytes of a message built field by field.
    static func message(_ build: (inout ProtoWriter) -> Void) -> [UInt8] {
        var writer = ProtoWriter()
        build(&writer)
        return writer.bytes
    }

    /// A bundle holding one `Crl` made of `crlBody`.
    static func bundle(crlBody: [UInt8]) -> [UInt8] {
        message { $0.writeBytesField(1, crlBody) }
    }

    // MARK: round trips

    @Test func bundleRoundTripsThroughItsEncoding() throws {
        let first = CastCRL(tbsBytes: Self.list.protobufBytes, signerCertificate: [1, 2, 3], signature: [4, 5])
        let second = CastCRL(tbsBytes: [], signerCertificate: [6], signature: [])
        let bytes = CastCRLBundle(crls: [first, second]).protobufBytes
        let decoded = try CastCRLBundle(protobuf: bytes)
        #expect(decoded.crls.map(\.tbsBytes) == [first.tbsBytes, []])
        #expect(decoded.crls.map(\.signerCertificate) == [[1, 2, 3], [6]])
        #expect(decoded.crls.map(\.signature) == [[4, 5], []])
        #expect(try decoded.crls[0].decodeTBS() == Self.list)
        #expect(decoded.protobufBytes == bytes)
    }

    @Test func listRoundTripsWithExtremeValues() throws {
        let extreme = CastTBSCRL(
            version: .max, notBeforeSeconds: 0, notAfterSeconds: .max, revokedPublicKeyHashes: [[]],
            revokedSerialNumberRanges: [
                CastSerialNumberRange(issuerPublicKeyHash: [0xFF], firstSerialNumber: .max, lastSerialNumber: 0)
            ])
        #expect(try CastTBSCRL(protobuf: extreme.protobufBytes) == extreme)
        #expect(try CastTBSCRL(protobuf: Self.list.protobufBytes) == Self.list)
    }

    @Test func listFieldsHaveTheReadmeNumbers() throws {
        let bytes = Self.message { writer in
            writer.writeUInt64Field(1, 2)
            writer.writeUInt64Field(2, 10)
            writer.writeUInt64Field(3, 20)
            writer.writeBytesField(4, [7])
            writer.writeBytesField(5, Self.message { range in
                range.writeBytesField(1, [9])
                range.writeUInt64Field(2, 30)
                range.writeUInt64Field(3, 40)
            })
        }
        let list = try CastTBSCRL(protobuf: bytes)
        #expect(list.version == 2)
        #expect(list.notBeforeSeconds == 10)
        #expect(list.notAfterSeconds == 20)
        #expect(list.revokedPublicKeyHashes == [[7]])
        #expect(list.revokedSerialNumberRanges
                == [CastSerialNumberRange(issuerPublicKeyHash: [9], firstSerialNumber: 30, lastSerialNumber: 40)])
    }

    @Test func absentListFieldsReadAsZero() throws {
        let list = try CastTBSCRL(protobuf: [])
        #expect(list == CastTBSCRL(version: 0, notBeforeSeconds: 0, notAfterSeconds: 0))
    }

    @Test func emptyInputIsABundleWithoutLists() throws {
        #expect(try CastCRLBundle(protobuf: []).crls.isEmpty)
    }

    // MARK: required fields

    @Test(arguments: [(UInt32(1), "tbs_crl"), (2, "signer_cert"), (3, "signature")])
    func missingRequiredFieldIsNamedWithItsFieldNumber(field: UInt32, name: String) {
        let body = Self.message { writer in
            for number: UInt32 in [1, 2, 3] where number != field { writer.writeBytesField(number, [0x08, 0x00]) }
        }
        let error = #expect(throws: ProtobufError.self) { try CastCRLBundle(protobuf: Self.bundle(crlBody: body)) }
        #expect(error?.kind == .malformed(.missingRequiredField(name)))
        #expect(error?.fieldNumber == field)
        #expect(error?.offset == 2, "the Crl starts after the bundle's tag and length")
        #expect(error?.description.contains(name) == true)
    }

    @Test func requiredFieldsMayBeEmptyAndInAnyOrder() throws {
        let body = Self.message { writer in
            writer.writeBytesField(3, [])
            writer.writeBytesField(2, [])
            writer.writeBytesField(1, [])
        }
        let crl = try #require(try CastCRLBundle(protobuf: Self.bundle(crlBody: body)).crls.first)
        #expect(crl.tbsBytes.isEmpty && crl.signerCertificate.isEmpty && crl.signature.isEmpty)
    }

    // MARK: malformed and truncated input

    @Test func truncatedBundleIsAnErrorAtTheValueItCutsShort() {
        let bytes = CastCRLBundle(crls: [CastCRL(tbsBytes: [0x08, 0x00], signerCertificate: [1], signature: [2])])
            .protobufBytes
        #expect(bytes.prefix(2) == [0x0A, 10])  // field 1, a 10-byte Crl from byte 2
        let error = #expect(throws: ProtobufError.self) { try CastCRLBundle(protobuf: Array(bytes.dropLast(3))) }
        #expect(error?.kind == .truncated(needed: 10, available: 7))
        #expect(error?.offset == 2)
        #expect(error?.fieldNumber == 1)
    }

    @Test func truncatedFieldInsideACrlIsAnErrorAtItsOffsetInTheBundle() {
        // Crl at bytes 2…4: field 2 says 5 bytes follow from byte 4, only 1 does.
        let error = #expect(throws: ProtobufError.self) { try CastCRLBundle(protobuf: [0x0A, 0x03, 0x12, 0x05, 0x01]) }
        #expect(error?.kind == .truncated(needed: 5, available: 1))
        #expect(error?.offset == 4)
        #expect(error?.fieldNumber == 2)
        #expect(error?.description == "truncated at byte 4: need 5, have 1 (field 2)")
    }

    @Test func truncatedLengthVarintIsAnErrorAtItsFirstByte() {
        let missing = #expect(throws: ProtobufError.self) { try CastCRLBundle(protobuf: [0x0A]) }
        #expect(missing?.kind == .truncated(needed: 1, available: 0))
        #expect(missing?.offset == 1)
        // Field 3's length varint starts at byte 3 and its continuation byte is missing.
        let cut = #expect(throws: ProtobufError.self) { try CastCRLBundle(protobuf: [0x0A, 0x02, 0x1A, 0x80]) }
        #expect(cut?.kind == .truncated(needed: 2, available: 1))
        #expect(cut?.offset == 3)
        #expect(cut?.fieldNumber == 3)
    }

    @Test func knownFieldWithTheWrongWireTypeIsMalformedAtItsTag() {
        // Crl field 2 (signer_cert, bytes) sent as a varint at byte 2.
        let error = #expect(throws: ProtobufError.self) { try CastCRLBundle(protobuf: [0x0A, 0x02, 0x10, 0x01]) }
        #expect(error?.kind == .malformed(.wrongWireType(expected: .lengthDelimited, actual: .varint)))
        #expect(error?.offset == 2)
        #expect(error?.fieldNumber == 2)
    }

    // MARK: decodeTBS offsets

    @Test func errorsInsideTheFirstListNameOffsetsOfTheWholeBundle() throws {
        let broken: [UInt8] = [0x08, 0x00, 0x20, 0x01]  // field 4 (bytes) as a varint, at list byte 2
        let bundle = CastCRLBundle(crls: [CastCRL(tbsBytes: broken, signerCertificate: [1], signature: [2])])
        let decoded = try CastCRLBundle(protobuf: bundle.protobufBytes)
        // The bundle's tag and length (2 bytes) and the Crl's tag and length (2 bytes) come before the list.
        #expect(decoded.crls[0].tbsOffset == 4)
        let error = #expect(throws: ProtobufError.self) { try decoded.crls[0].decodeTBS() }
        #expect(error?.offset == 4 + 2)
        #expect(error?.fieldNumber == 4)
    }

    @Test func errorsInsideALaterListAndItsRangesNameOffsetsOfTheWholeBundle() throws {
        let first = CastCRL(tbsBytes: [0x08, 0x00], signerCertificate: [1], signature: [2])  // 10 bytes encoded
        // Field 5 (a range, 2 bytes) whose field 2 varint, at list byte 3, is cut after a continuation byte.
        let broken: [UInt8] = [0x2A, 0x02, 0x10, 0x80]
        let bytes = CastCRLBundle(crls: [first, CastCRL(tbsBytes: broken, signerCertificate: [3], signature: [4])])
            .protobufBytes
        let decoded = try CastCRLBundle(protobuf: bytes)
        #expect(try decoded.crls[0].decodeTBS().version == 0)
        // The first Crl with its tag and length, the second's tag and length, then its field 1's tag and length.
        let start = 2 + 10 + 2 + 2
        #expect(decoded.crls[1].tbsOffset == start)
        #expect(Array(bytes[start..<start + broken.count]) == broken)
        let error = #expect(throws: ProtobufError.self) { try decoded.crls[1].decodeTBS() }
        #expect(error?.isTruncated == true)
        #expect(error?.offset == start + 3)
        #expect(error?.fieldNumber == 2)
    }

    @Test func listBuiltInMemoryReportsOffsetsFromItsOwnStart() {
        let crl = CastCRL(tbsBytes: [0x08, 0x00, 0x20, 0x01], signerCertificate: [], signature: [])
        let error = #expect(throws: ProtobufError.self) { try crl.decodeTBS() }
        #expect(error?.offset == 2)
    }

    // MARK: unknown fields

    @Test func unknownFieldsAreSkippedAtEveryLevel() throws {
        let range = Self.message { writer in
            writer.writeBytesField(7, [1, 2, 3])
            writer.writeBytesField(1, [9])
            writer.writeFixed32Field(8, 0xDEAD_BEEF)
            writer.writeUInt64Field(3, 40)
        }
        let tbs = Self.message { writer in
            writer.writeUInt64Field(9, 42)
            writer.writeUInt64Field(2, 10)
            writer.writeFixed64Field(10, 1)
            writer.writeBytesField(5, range)
            writer.writeBytesField(11, [0xFF])
            writer.writeUInt64Field(3, 20)
        }
        let crl = Self.message { writer in
            writer.writeBytesField(4, [0xAA])
            writer.writeBytesField(1, tbs)
            writer.writeFixed64Field(9, 7)
            writer.writeBytesField(2, [5])
            writer.writeBytesField(3, [6])
            writer.writeUInt64Field(5, 1)
        }
        let bytes = Self.message { writer in
            writer.writeUInt64Field(2, 99)
            writer.writeBytesField(1, crl)
            writer.writeFixed32Field(3, 0)
        }
        let decoded = try CastCRLBundle(protobuf: bytes)
        #expect(decoded.crls.count == 1)
        let only = try #require(decoded.crls.first)
        #expect(only.tbsBytes == tbs)  // kept verbatim: the signature covers these bytes, unknown fields included
        #expect(only.signerCertificate == [5])
        #expect(only.signature == [6])
        let list = try only.decodeTBS()
        #expect(list == CastTBSCRL(
            notBeforeSeconds: 10, notAfterSeconds: 20,
            revokedSerialNumberRanges: [
                CastSerialNumberRange(issuerPublicKeyHash: [9], firstSerialNumber: 0, lastSerialNumber: 40)
            ]))
        // Re-encoding keeps the known fields only, and that encoding is a fixed point.
        let again = try CastCRLBundle(protobuf: decoded.protobufBytes)
        #expect(again.protobufBytes == decoded.protobufBytes)
        #expect(again.crls.first?.tbsBytes == tbs)
    }

    // MARK: fuzz inputs

    @Test func fuzzSeedsDecodeToAFixedPointAndSavedCrashesFailCleanly() throws {
        var seeds: [String: CastCRLBundle] = [:]
        for folder in ["Fuzz/Seeds/FuzzCastCRL", "Fuzz/FailCases/FuzzCastCRL"] {
            let directory = CastFixtures.repositoryRoot.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let bytes = try CastFixtures.read(directory.appendingPathComponent(name))
                let bundle: CastCRLBundle
                do {
                    bundle = try CastCRLBundle(protobuf: bytes)
                } catch {
                    #expect(folder.contains("FailCases"), "seed \(name) does not decode: \(error)")
                    continue
                }
                let encoded = bundle.protobufBytes
                #expect(try CastCRLBundle(protobuf: encoded).protobufBytes == encoded, "\(folder)/\(name)")
                for crl in bundle.crls { _ = try? crl.decodeTBS() }
                if folder.contains("Seeds") { seeds[name] = bundle }
            }
        }
        #expect(try seeds["revoking.pb"]?.crls.map { try $0.decodeTBS().version } == [0])
        // The same signed list twice, the first copy relabelled version 1: a verifier must skip to the second.
        #expect(try seeds["two-versions.pb"]?.crls.map { try $0.decodeTBS().version } == [1, 0])
    }
}
