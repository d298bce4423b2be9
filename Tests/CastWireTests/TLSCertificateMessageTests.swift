import Testing
@testable import CastWire

@Suite struct TLSCertificateMessageTests {
    static func message(_ bytes: [UInt8]) -> TLSHandshakeMessage {
        TLSHandshakeMessage(type: .certificate, body: Array(bytes.dropFirst(4)), offset: 0, bodyOffset: 4)
    }

    @Test func decodesTLS12DERList() throws {
        let certificate = try TLSCertificateMessage(Self.message(TLSFixtures.certificateTLS12), isTLS13: false)
        #expect(certificate.requestContext == nil)
        #expect(certificate.entries.map(\.data.count) == [5, 3])
        #expect(certificate.entries.map(\.offset) == [7, 15])
        #expect(certificate.entries[0].extensions.isEmpty)
    }

    @Test func decodesTLS13EntriesWithExtensions() throws {
        let certificate = try TLSCertificateMessage(Self.message(TLSFixtures.certificateTLS13), isTLS13: true)
        #expect(certificate.requestContext == [])
        #expect(certificate.entries.map(\.data.count) == [5, 3])
        #expect(certificate.entries[0].extensions.map(\.type.description) == ["status_request"])
        #expect(certificate.entries[0].extensions.first?.data == [0xAA, 0xBB])
        #expect(certificate.entries[1].extensions.isEmpty)
    }

    @Test func certificateOverrunningListIsTruncated() {
        var bytes = TLSFixtures.certificateTLS12
        bytes[17] = 0x09  // 15: certificate 2 claims 9 bytes; 3 remain
        #expect(throws: TLSParseError(context: .certificate, kind: .truncated(need: 9, have: 3), offset: 18)) {
            try TLSCertificateMessage(Self.message(bytes), isTLS13: false)
        }
    }

    @Test func emptyCertificateIsMalformed() {
        let bytes: [UInt8] = [0x0B, 0x00, 0x00, 0x06, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00]
        #expect(throws: TLSParseError(context: .certificate, kind: .malformed(.emptyVector), offset: 10)) {
            try TLSCertificateMessage(Self.message(bytes), isTLS13: false)
        }
    }
}
