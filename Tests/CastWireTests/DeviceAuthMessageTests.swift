import Testing
@testable import CastWire

@Suite struct DeviceAuthMessageTests {
    @Test func challengeDecodesWithProto2Defaults() throws {
        let bytes: [UInt8] = [
            0x0A, 0x04,              // 0: challenge, 4 bytes
            0x12, 0x02, 0xAB, 0xCD,  // 2: sender_nonce
        ]
        let message = try DeviceAuthMessage(protobuf: bytes)
        let challenge = try #require(message.challenge)
        #expect(challenge.senderNonce == [0xAB, 0xCD])
        #expect(challenge.signatureAlgorithm == nil && challenge.effectiveSignatureAlgorithm == .rsassaPKCS1v15)
        #expect(challenge.hashAlgorithm == nil && challenge.effectiveHashAlgorithm == .sha1)
        #expect(message.protobufBytes() == bytes)
    }

    @Test func responseKeepsIntermediatesInOrder() throws {
        let response = AuthResponse(signature: [1], clientAuthCertificate: [2], intermediateCertificates: [[3], [], [4, 5]],
                                    signatureAlgorithm: .rsassaPSS, senderNonce: [6], hashAlgorithm: .sha256, crl: [7])
        let bytes = DeviceAuthMessage(response: response).protobufBytes()
        #expect(bytes == [
            0x12, 0x19,                                     // 0: response, 25 bytes
            0x0A, 0x01, 0x01, 0x12, 0x01, 0x02,             // 2: signature, client_auth_certificate
            0x1A, 0x01, 0x03, 0x1A, 0x00, 0x1A, 0x02, 0x04, 0x05,  // 8: three intermediates
            0x20, 0x02, 0x2A, 0x01, 0x06, 0x30, 0x01,       // 17: PSS, nonce, SHA256
            0x3A, 0x01, 0x07,                               // 24: crl
        ])
        #expect(try DeviceAuthMessage(protobuf: bytes).response == response)
    }

    @Test func responseWithoutSignatureIsMissingARequiredField() {
        let bytes: [UInt8] = [0x12, 0x03, 0x12, 0x01, 0x02]  // response with only client_auth_certificate
        #expect(throws: ProtobufError(.malformed(.missingRequiredField("signature")), offset: 2, fieldNumber: 1)) {
            try DeviceAuthMessage(protobuf: bytes)
        }
        let noCertificate: [UInt8] = [0x12, 0x02, 0x0A, 0x00]
        #expect(throws: ProtobufError(.malformed(.missingRequiredField("client_auth_certificate")), offset: 2,
                                      fieldNumber: 2)) { try DeviceAuthMessage(protobuf: noCertificate) }
    }

    @Test func errorTypeIsRequiredAndUnknownValuesAreKept() throws {
        #expect(throws: ProtobufError(.malformed(.missingRequiredField("error_type")), offset: 2, fieldNumber: 1)) {
            try DeviceAuthMessage(protobuf: [0x1A, 0x00])
        }
        let message = try DeviceAuthMessage(protobuf: [0x1A, 0x02, 0x08, 0x09])
        #expect(message.error?.errorType == .unknown(9))
        #expect(message.protobufBytes() == [0x1A, 0x02, 0x08, 0x09])
    }

    @Test func enumsKeepUnknownValues() throws {
        let bytes: [UInt8] = [0x0A, 0x04, 0x08, 0x05, 0x18, 0x07]
        let challenge = try #require(try DeviceAuthMessage(protobuf: bytes).challenge)
        #expect(challenge.signatureAlgorithm == .unknown(5) && challenge.hashAlgorithm == .unknown(7))
        #expect(SignatureAlgorithm(rawValue: 2).description == "RSASSA_PSS")
        #expect(HashAlgorithm(rawValue: 1).description == "SHA256")
        #expect(AuthError.ErrorType(rawValue: 1).description == "NO_TLS")
    }

    @Test func repeatedEmbeddedMessageIsMerged() throws {
        let bytes: [UInt8] = [
            0x0A, 0x02, 0x18, 0x01,        // 0: challenge { hash_algorithm SHA256 }
            0x0A, 0x03, 0x12, 0x01, 0xEE,  // 4: challenge { sender_nonce EE }
        ]
        let challenge = try #require(try DeviceAuthMessage(protobuf: bytes).challenge)
        #expect(challenge.hashAlgorithm == .sha256 && challenge.senderNonce == [0xEE])
    }

    @Test func wrongWireTypeForPartIsMalformed() {
        #expect(throws: ProtobufError(.malformed(.wrongWireType(expected: .lengthDelimited, actual: .varint)),
                                      offset: 0, fieldNumber: 2)) { try DeviceAuthMessage(protobuf: [0x10, 0x01]) }
    }

    @Test func truncatedNestedFieldReportsAbsoluteOffset() {
        let bytes: [UInt8] = [0x0A, 0x03, 0x12, 0x05, 0xAA]  // nonce claims 5 bytes inside a 3-byte challenge
        #expect(throws: ProtobufError(.truncated(needed: 5, available: 1), offset: 4, fieldNumber: 2)) {
            try DeviceAuthMessage(protobuf: bytes)
        }
    }

    @Test func unknownFieldsSurviveAtEveryLevel() throws {
        let clean: [UInt8] = [
            0x0A, 0x02, 0x50, 0x01,  // 0: challenge { field 10 = 1 }
            0x22, 0x01, 0x41,        // 4: field 4 "A"
        ]
        let message = try DeviceAuthMessage(protobuf: clean)
        #expect(message.challenge?.unknownFields.bytes == [0x50, 0x01])
        #expect(message.unknownFields.bytes == [0x22, 0x01, 0x41])
        #expect(message.protobufBytes() == clean)
    }
}
