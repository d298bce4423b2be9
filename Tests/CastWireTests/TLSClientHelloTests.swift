import Testing
@testable import CastWire

@Suite struct TLSClientHelloTests {
    static func message(_ record: [UInt8]) -> TLSHandshakeMessage {
        TLSHandshakeMessage(type: TLSHandshakeType(rawValue: record[5]), body: Array(record.dropFirst(9)), offset: 5,
                            bodyOffset: 9)
    }

    @Test func decodesEveryField() throws {
        let hello = try TLSClientHello(Self.message(TLSFixtures.clientHelloRecord))
        #expect(hello.legacyVersion == .tls12)
        #expect(hello.random == [UInt8](repeating: 0x11, count: 32))
        #expect(hello.sessionID == [0xA1, 0xA2, 0xA3, 0xA4])
        #expect(hello.cipherSuites.map(\.rawValue) == [0x1301, 0x1302, 0x0A0A])
        #expect(hello.cipherSuites.map(\.description) == ["TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "GREASE"])
        #expect(hello.compressionMethods == [0])
        #expect(hello.serverName == "example.com")
        #expect(hello.supportedVersions == [.tls13, .tls12])
        #expect(hello.supportedGroups == [.x25519, .secp256r1])
        #expect(hello.signatureAlgorithms.map(\.description) == ["ecdsa_secp256r1_sha256", "rsa_pss_rsae_sha256"])
        #expect(hello.alpnProtocols == ["h2", "http/1.1"])
        #expect(hello.keyShareGroups == [.x25519])
        #expect(hello.extensions.map(\.offset) == [60, 80, 89, 99, 109, 127, 141])
    }

    @Test func unknownExtensionIsKeptRaw() throws {
        let hello = try TLSClientHello(Self.message(TLSFixtures.clientHelloRecord))
        let unknown = hello.firstExtension(TLSExtensionType(rawValue: 0x1234))
        #expect(unknown?.value == .raw)
        #expect(unknown?.data == [0xAB, 0xCD])
        #expect(unknown?.type.description == "0x1234")
    }

    @Test func truncatedRandomReportsStreamOffset() {
        var message = Self.message(TLSFixtures.clientHelloRecord)
        message.body = Array(message.body.prefix(12))  // version + 10 random bytes
        let expected = TLSParseError(context: .clientHello, kind: .truncated(need: 32, have: 10), offset: 11)
        #expect(throws: expected) { try TLSClientHello(message) }
        #expect(expected.description == "ClientHello truncated at byte 11: need 32, have 10")
    }

    @Test func extensionOverrunningItsBlockIsTruncated() {
        var record = TLSFixtures.clientHelloRecord
        record[63] = 0x60  // 60: server_name claims 96 bytes; 83 remain
        let expected = TLSParseError(context: .clientHello, kind: .truncated(need: 96, have: 83), offset: 64)
        #expect(throws: expected) { try TLSClientHello(Self.message(record)) }
    }

    @Test func malformedExtensionNamesTheExtension() {
        var record = TLSFixtures.clientHelloRecord
        record[94] = 0x03  // 89: supported_groups list length 3: not a whole number of 2-byte groups
        let expected = TLSParseError(context: .extension(.supportedGroups),
                                     kind: .malformed(.vectorLength(3, elementSize: 2)), offset: 95)
        #expect(throws: expected) { try TLSClientHello(Self.message(record)) }
        #expect(expected.description
            == "extension supported_groups malformed at byte 95: vector length 3 is not a multiple of 2")
    }

    @Test func extensionWithTrailingBytesIsMalformed() {
        var record = TLSFixtures.clientHelloRecord
        record[94] = 0x02  // 89: supported_groups list of one group; the second group is left over
        #expect(throws: TLSParseError(context: .extension(.supportedGroups), kind: .malformed(.trailingBytes(2)),
                                      offset: 97)) {
            try TLSClientHello(Self.message(record))
        }
    }

    @Test func helloWithoutExtensionsIsValid() throws {
        let body: [UInt8] = [0x03, 0x01] + [UInt8](repeating: 0, count: 32) + [0x00, 0x00, 0x02, 0x00, 0x2F, 0x01, 0x00]
        let hello = try TLSClientHello(TLSHandshakeMessage(type: .clientHello, body: body, offset: 0, bodyOffset: 4))
        #expect(hello.extensions.isEmpty)
        #expect(hello.cipherSuites.map(\.description) == ["TLS_RSA_WITH_AES_128_CBC_SHA"])
        #expect(hello.serverName == nil)
    }

    @Test func emptyCipherSuitesAreMalformed() {
        let body: [UInt8] = [0x03, 0x03] + [UInt8](repeating: 0, count: 32) + [0x00, 0x00, 0x00, 0x01, 0x00]
        let message = TLSHandshakeMessage(type: .clientHello, body: body, offset: 0, bodyOffset: 4)
        #expect(throws: TLSParseError(context: .clientHello, kind: .malformed(.emptyVector), offset: 41)) {
            try TLSClientHello(message)
        }
    }

    @Test func trailingBytesAreMalformed() {
        var message = Self.message(TLSFixtures.clientHelloRecord)
        message.body.append(0x00)
        #expect(throws: TLSParseError(context: .clientHello, kind: .malformed(.trailingBytes(1)), offset: 147)) {
            try TLSClientHello(message)
        }
    }
}
