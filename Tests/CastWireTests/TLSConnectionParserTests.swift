import Testing
@testable import CastWire

@Suite struct TLSConnectionParserTests {
    static func feed(_ parser: inout TLSConnectionParser, _ direction: TLSDirection, _ bytes: [UInt8])
        -> [TLSEvent]
    {
        var reader = ByteReader(bytes)
        var events: [TLSEvent] = []
        #expect(throws: Never.self) { try parser.feed(direction, &reader, into: &events) }
        #expect(reader.isAtEnd)
        return events
    }

    @Test func secondClientHelloAfterHelloRetryRequestAndCCSIsPlaintext() {
        var parser = TLSConnectionParser()
        _ = Self.feed(&parser, .clientToServer, TLSFixtures.clientHelloRecord)
        let retry = Self.feed(&parser, .serverToClient, TLSFixtures.helloRetryRequestRecord)
        guard case .handshake(_, .helloRetryRequest) = retry.first else {
            Issue.record("no HelloRetryRequest")
            return
        }
        #expect(parser.isTLS13)
        // Middlebox-compatibility CCS, then the second ClientHello: it must still be decoded.
        let events = Self.feed(&parser, .clientToServer, TLSFixtures.changeCipherSpec + TLSFixtures.clientHelloRecord)
        #expect(events.count == 2)
        guard case .handshake(_, .clientHello(let hello)) = events.last else {
            Issue.record("second ClientHello not decoded: \(events)")
            return
        }
        #expect(hello.serverName == "example.com")
        #expect(!parser.client.isEncrypted)
    }

    @Test func tls12ChangeCipherSpecMakesLaterHandshakeOpaque() {
        var parser = TLSConnectionParser()
        _ = Self.feed(&parser, .clientToServer, TLSFixtures.clientHelloRecord)
        _ = Self.feed(&parser, .serverToClient, TLSFixtures.serverHelloTLS12Record)
        #expect(!parser.isTLS13)
        let finished: [UInt8] = [0x16, 0x03, 0x03, 0x00, 0x04, 0xDE, 0xAD, 0xBE, 0xEF]
        let events = Self.feed(&parser, .clientToServer, TLSFixtures.changeCipherSpec + finished)
        #expect(events.last == .encryptedRecord(.handshake, offset: 153, length: 4))
        #expect(parser.client.isEncrypted)
    }
}
