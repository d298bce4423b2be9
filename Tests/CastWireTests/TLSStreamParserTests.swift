import Testing
@testable import CastWire

@Suite struct TLSStreamParserTests {
    static func events(_ stream: [UInt8], parser: TLSStreamParser = TLSStreamParser()) -> ([TLSEvent], TLSParseError?) {
        var parser = parser
        var reader = ByteReader(stream)
        var events: [TLSEvent] = []
        do {
            try parser.feed(&reader, into: &events)
            return (events, nil)
        } catch {
            return (events, error)
        }
    }

    @Test func tls12ServerFlightAfterCCSIsOpaque() {
        let encryptedFinished: [UInt8] = [0x16, 0x03, 0x03, 0x00, 0x04, 0xDE, 0xAD, 0xBE, 0xEF]
        let stream = TLSFixtures.serverHelloTLS12Record + TLSFixtures.changeCipherSpec + encryptedFinished
            + TLSFixtures.applicationData
        let (events, error) = Self.events(stream)
        #expect(error == nil)
        #expect(events.count == 4)
        guard case .handshake(_, .serverHello(let hello)) = events.first else {
            Issue.record("no ServerHello")
            return
        }
        #expect(hello.negotiatedVersion == .tls12)
        #expect(events[1] == .changeCipherSpec(offset: 47))
        #expect(events[2] == .encryptedRecord(.handshake, offset: 53, length: 4))
        #expect(events[3] == .applicationData(offset: 62, length: 3))
    }

    @Test func tls13ServerFlightIsApplicationDataAndCCSChangesNothing() {
        let stream = TLSFixtures.serverHelloRecord + TLSFixtures.changeCipherSpec + TLSFixtures.applicationData
        var parser = TLSStreamParser()
        var reader = ByteReader(stream)
        var events: [TLSEvent] = []
        #expect(throws: Never.self) { try parser.feed(&reader, into: &events) }
        #expect(parser.isTLS13)
        #expect(!parser.isEncrypted)
        #expect(events.dropFirst() == [.changeCipherSpec(offset: 71), .applicationData(offset: 77, length: 3)])
    }

    @Test func plaintextAlertIsDecoded() {
        let (events, error) = Self.events(TLSFixtures.clientHelloRecord + TLSFixtures.fatalHandshakeFailure)
        #expect(error == nil)
        guard events.count == 2, case .alert(let alert) = events[1] else {
            Issue.record("no alert")
            return
        }
        #expect(alert.description == "fatal handshake_failure")
        #expect(alert.offset == 147)
    }

    @Test func eventsBeforeAFaultAreKept() {
        let (events, error) = Self.events(TLSFixtures.clientHelloRecord + [0x14, 0x03, 0x03, 0x00, 0x01, 0x02])
        #expect(events.count == 1)
        #expect(error
            == TLSParseError(context: .changeCipherSpec, kind: .malformed(.changeCipherSpecValue), offset: 152))
    }

    @Test func certificateLayoutFollowsTheVersionHint() {
        var parser = TLSStreamParser()
        parser.isTLS13 = true
        let (events, error) = Self.events(TLSFixtures.handshakeRecord(TLSFixtures.certificateTLS13), parser: parser)
        #expect(error == nil)
        guard case .handshake(_, .certificate(let certificate)) = events.first else {
            Issue.record("no certificate")
            return
        }
        #expect(certificate.entries.count == 2)
    }

    @Test func dripFeedGivesIdenticalEvents() {
        let stream = TLSHandshakeReassemblerTests.records(Array(TLSFixtures.clientHelloRecord.dropFirst(5)), size: 40)
            + TLSFixtures.serverHelloRecord + TLSFixtures.changeCipherSpec + TLSFixtures.applicationData
        let reference = Self.events(stream)
        #expect(reference.1 == nil)
        #expect(reference.0.count == 4)
        for chunks in TLSRecordDecoderTests.splits(of: stream.count) {
            var parser = TLSStreamParser()
            var buffer: [UInt8] = []
            var events: [TLSEvent] = []
            var index = 0
            for size in chunks {
                buffer += stream[index..<index + size]
                index += size
                var reader = ByteReader(buffer)
                #expect(throws: Never.self) { try parser.feed(&reader, into: &events) }
                buffer.removeFirst(reader.position)
            }
            #expect(events == reference.0)
            #expect(buffer.isEmpty)
        }
    }
}
