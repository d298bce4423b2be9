import Testing
@testable import CastWire

/// Decoding with the JSON text left in place gives what the ordinary decoder gives: the same message once the text
/// is filled in, and the same error, at the same offset, for every malformed body.
@Suite struct DecodedCastFrameTests {
    /// The result of both decoders for `bytes`: the message (text filled in) or the error.
    private func both(_ bytes: [UInt8]) -> (plain: Result<CastMessage, ProtobufError>,
                                            deferred: Result<CastMessage, ProtobufError>) {
        let plain = Result { () throws(ProtobufError) in try CastMessage(protobuf: bytes) }
        let deferred = Result { () throws(ProtobufError) in
            let (message, text) = try CastMessage.decodeDeferringText(ByteReader(bytes))
            return DecodedCastFrame(message: message, text: text).withText
        }
        return (plain, deferred)
    }

    @Test func validMessagesDecodeAlike() throws {
        let messages = [
            CastMessage(sourceID: "sender-0", destinationID: "receiver-0", namespace: "urn:x-cast:x", json: "{}"),
            CastMessage(sourceID: "s", destinationID: "d", namespace: "n", json: ""),
            CastMessage(sourceID: "s", destinationID: "d", namespace: "n", json: "{\"title\":\"Ünïcødé ☃ 🎵\"}"),
            CastMessage(sourceID: "s", destinationID: "d", namespace: "n", binary: [0, 1, 2, 0xFF]),
        ]
        for message in messages {
            let bytes = message.protobufBytes()
            let (plain, deferred) = both(bytes)
            #expect(try plain.get() == message)
            #expect(try deferred.get() == message)
            let (bare, text) = try CastMessage.decodeDeferringText(ByteReader(bytes))
            if message.payloadType == .string {
                #expect(bare.payloadUTF8 == nil, "the text stays in the bytes until asked for")
                #expect(text.map { Array($0.remainingBytes) } == Array(message.payloadUTF8?.utf8 ?? "".utf8))
            } else {
                #expect(text == nil)
                #expect(bare == message)
            }
        }
    }

    @Test func malformedBodiesFailAlikeAtTheSameOffset() {
        let good = CastMessage(sourceID: "s0", destinationID: "*", namespace: "ns", json: "{\"a\":1}").protobufBytes()
        var cases: [[UInt8]] = []
        for index in good.indices {
            var bad = good
            bad[index] = 0xFF  // invalid UTF-8 in a string, a bad tag, a bad length...
            cases.append(bad)
            cases.append(Array(good[..<index]))  // cut short anywhere
        }
        // A STRING message whose text is not UTF-8, and one with both payloads.
        cases.append([0x08, 0x00, 0x12, 0x01, 0x73, 0x1A, 0x01, 0x64, 0x22, 0x01, 0x6E, 0x28, 0x00, 0x32, 0x02, 0xC3, 0x28])
        cases.append([0x08, 0x00, 0x12, 0x01, 0x73, 0x1A, 0x01, 0x64, 0x22, 0x01, 0x6E, 0x28, 0x00, 0x32, 0x00, 0x3A, 0x00])
        for bytes in cases {
            let (plain, deferred) = both(bytes)
            switch (plain, deferred) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(bytes)")
            case (.failure(let a), .failure(let b)): #expect(a == b, "\(bytes)")
            default: Issue.record("the decoders disagree on \(bytes): \(plain) vs \(deferred)")
            }
        }
    }

    @Test func aStreamHandsOutFramesWithTheirTextInPlace() throws {
        let messages = (0..<5).map {
            CastMessage(sourceID: "s", destinationID: "d", namespace: "n", json: "{\"requestId\":\($0)}")
        }
        var stream = CastFrameStream()
        stream.append(try messages.flatMap { message throws in try CastFrameEncoder.encode(message) })
        var decoded: [CastMessage] = []
        while let frame = try stream.nextDeferringText() {
            #expect(frame.textString == frame.withText.payloadUTF8)
            decoded.append(frame.withText)
        }
        #expect(decoded == messages)
        #expect(stream.bufferedByteCount == 0)
    }
}
