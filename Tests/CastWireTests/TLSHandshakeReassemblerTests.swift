import Testing
@testable import CastWire

@Suite struct TLSHandshakeReassemblerTests {
    /// Splits `messages` into handshake records of at most `size` bytes each.
    static func records(_ messages: [UInt8], size: Int) -> [UInt8] {
        stride(from: 0, to: messages.count, by: size).flatMap { start in
            TLSFixtures.handshakeRecord(Array(messages[start..<min(start + size, messages.count)]))
        }
    }

    static func decodeAll(_ stream: [UInt8], limit: Int = 262_144) throws(TLSParseError) -> [TLSHandshakeMessage] {
        var decoder = TLSRecordDecoder()
        var reassembler = TLSHandshakeReassembler(maximumMessageLength: limit)
        var reader = ByteReader(stream)
        var messages: [TLSHandshakeMessage] = []
        while let record = try decoder.decode(&reader) { messages += try reassembler.append(record) }
        return messages
    }

    @Test func messageSpanningThreeRecordsIsReassembled() throws {
        let body = Array(TLSFixtures.clientHelloRecord.dropFirst(5))  // 142 bytes: header + ClientHello body
        let messages = try Self.decodeAll(Self.records(body, size: 50))
        #expect(messages.count == 1)
        #expect(messages[0].type == .clientHello)
        #expect(messages[0].body == Array(body.dropFirst(4)))
        #expect(messages[0].offset == 5)
        #expect(messages[0].bodyOffset == 9)
        let hello = try TLSClientHello(messages[0])
        #expect(hello.serverName == "example.com")
    }

    @Test func fieldOffsetsCountRecordHeadersInsideABody() throws {
        // 50-byte records: body bytes 46... sit after a second record header, 96... after a third.
        let messages = try Self.decodeAll(Self.records(Array(TLSFixtures.clientHelloRecord.dropFirst(5)), size: 50))
        #expect(messages[0].recordBoundaries == [46, 96])
        #expect(messages[0].streamOffset(ofBodyIndex: 45) == 54)
        #expect(messages[0].streamOffset(ofBodyIndex: 46) == 60)
        let hello = try TLSClientHello(messages[0])
        #expect(hello.extensions.map(\.offset) == [65, 85, 94, 104, 119, 137, 151])
        // A fault past the second boundary is reported at its true stream position.
        var broken = messages[0]
        broken.body[121] = 0x20  // key_share (body 118) length 32; 16 bytes remain after the length field (body 122)
        #expect(throws: TLSParseError(context: .clientHello, kind: .truncated(need: 32, have: 16), offset: 141)) {
            try TLSClientHello(broken)
        }
    }

    @Test func headerSplitAcrossRecordsKeepsStreamOffsets() throws {
        // A 2-byte first record splits the 4-byte handshake header; the body starts after the second record header.
        let stream = TLSFixtures.handshakeRecord(Array(TLSFixtures.certificateTLS12.prefix(2)))
            + TLSFixtures.handshakeRecord(Array(TLSFixtures.certificateTLS12.dropFirst(2)))
        let messages = try Self.decodeAll(stream)
        #expect(messages.count == 1)
        #expect(messages[0].offset == 5)
        #expect(messages[0].bodyOffset == 14)  // 5 + 2 bytes, then the 5-byte header, then 2 more bytes
    }

    @Test func recordHoldingSeveralMessagesYieldsAllInOrder() throws {
        let done: [UInt8] = [0x0E, 0x00, 0x00, 0x00]  // server_hello_done, empty
        let stream = TLSFixtures.handshakeRecord(TLSFixtures.certificateTLS12 + done + done)
        let messages = try Self.decodeAll(stream)
        #expect(messages.map(\.type) == [.certificate, .serverHelloDone, .serverHelloDone])
        #expect(messages.map(\.offset) == [5, 26, 30])
    }

    @Test func oversizedMessageIsRejectedBeforeBuffering() {
        let stream = TLSFixtures.handshakeRecord([0x0B, 0x01, 0x00, 0x00])  // claims 65,536 bytes
        let expected = TLSParseError(context: .handshake,
                                     kind: .malformed(.handshakeTooLong(length: 65_536, limit: 1_000)), offset: 5)
        #expect(throws: expected) { try Self.decodeAll(stream, limit: 1_000) }
    }

    @Test func otherRecordInsideFragmentedMessageIsMalformed() {
        var reassembler = TLSHandshakeReassembler()
        let partial = TLSRecord(contentType: .handshake, version: .tls12, fragment: [0x01, 0x00, 0x00, 0x10], offset: 0)
        let alert = TLSRecord(contentType: .alert, version: .tls12, fragment: [2, 40], offset: 9)
        #expect((try? reassembler.append(partial))?.isEmpty == true)
        #expect(reassembler.hasPartialMessage)
        #expect(throws: TLSParseError(context: .handshake, kind: .malformed(.interleavedRecord(.alert)), offset: 9)) {
            try reassembler.append(alert)
        }
    }
}
