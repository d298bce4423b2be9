import Testing
@testable import CastWire

@Suite struct TLSServerHelloTests {
    @Test func decodesTLS13ServerHello() throws {
        let hello = try TLSServerHello(TLSClientHelloTests.message(TLSFixtures.serverHelloRecord))
        #expect(hello.legacyVersion == .tls12)
        #expect(hello.selectedVersion == .tls13)
        #expect(hello.negotiatedVersion == .tls13)
        #expect(hello.cipherSuite.description == "TLS_AES_128_GCM_SHA256")
        #expect(hello.compressionMethod == 0)
        #expect(hello.sessionID == [0xA1, 0xA2, 0xA3, 0xA4])
        #expect(hello.keyShareGroups == [.x25519])
        #expect(!hello.isHelloRetryRequest)
        guard case .serverKeyShare(let share) = hello.firstExtension(.keyShare)?.value else {
            Issue.record("key_share not decoded")
            return
        }
        #expect(share.keyExchange == [0xC1, 0xC2, 0xC3, 0xC4])
    }

    @Test func recognisesHelloRetryRequest() throws {
        let message = TLSClientHelloTests.message(TLSFixtures.helloRetryRequestRecord)
        let hello = try TLSServerHello(message)
        #expect(hello.isHelloRetryRequest)
        #expect(hello.firstExtension(.keyShare)?.value == .selectedGroup(.secp256r1))
        #expect(hello.keyShareGroups.map(\.description) == ["secp256r1"])
        guard case .helloRetryRequest = try TLSHandshakeBody.decode(message, isTLS13: false) else {
            Issue.record("not classified as HelloRetryRequest")
            return
        }
    }

    @Test func tls12HelloWithoutSupportedVersionsUsesLegacyVersion() throws {
        let body: [UInt8] = [0x03, 0x03] + [UInt8](repeating: 7, count: 32) + [0x00, 0xC0, 0x2F, 0x00]
        let hello = try TLSServerHello(TLSHandshakeMessage(type: .serverHello, body: body, offset: 0, bodyOffset: 4))
        #expect(hello.negotiatedVersion == .tls12)
        #expect(hello.cipherSuite.description == "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256")
    }

    @Test func truncatedCipherSuiteIsReported() {
        var message = TLSClientHelloTests.message(TLSFixtures.serverHelloRecord)
        message.body = Array(message.body.prefix(40))  // stops one byte into the cipher suite
        #expect(throws: TLSParseError(context: .serverHello, kind: .truncated(need: 2, have: 1), offset: 48)) {
            try TLSServerHello(message)
        }
    }
}
