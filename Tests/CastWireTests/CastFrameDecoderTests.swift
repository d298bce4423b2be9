import CastTestSupport
import Testing
@testable import CastWire

@Suite struct CastFrameDecoderTests {
    static let ping = CastMessage(sourceID: "receiver-0", destinationID: "*",
                                  namespace: "urn:x-cast:com.google.cast.tp.heartbeat", json: #"{"type":"PING"}"#)
    static let auth = CastMessage(sourceID: "sender-0", destinationID: "receiver-0",
                                  namespace: "urn:x-cast:com.google.cast.tp.deviceauth", binary: [0x0A, 0x00])

    static func frames(_ messages: [CastMessage]) throws -> [UInt8] {
        var writer = ByteWriter()
        for message in messages { try CastFrameEncoder.encode(message, into: &writer) }
        return writer.bytes
    }

    @Test func decodesBackToBackFramesAndWaitsOnAPartialOne() throws {
        let stream = try Self.frames([Self.ping, Self.auth, Self.ping])
        var reader = ByteReader(Array(stream.dropLast(3)))
        var decoder = CastFrameDecoder()
        #expect(try decoder.decode(&reader) == Self.ping)
        #expect(try decoder.decode(&reader) == Self.auth)
        let before = reader.position
        #expect(try decoder.decode(&reader) == nil)
        #expect(reader.position == before)
        #expect(decoder.framesDecoded == 2)
    }

    @Test func everyPrefixEitherWaitsUntouchedOrDecodesTheWholeFrame() throws {
        let frame = try CastFrameEncoder.encode(Self.ping)
        for cut in 0...frame.count {
            var reader = ByteReader(Array(frame[0..<cut]))
            var decoder = CastFrameDecoder()
            let message = try decoder.decode(&reader)
            if cut < frame.count {
                #expect(message == nil && reader.position == 0, "cut \(cut)")
            } else {
                #expect(message == Self.ping && reader.isAtEnd)
            }
        }
    }

    @Test func rejectsFrameOverSixtyFourKiBAsSoonAsTheHeaderArrives() throws {
        let good = try CastFrameEncoder.encode(Self.ping)
        var reader = ByteReader(good + [0x00, 0x01, 0x00, 0x01])  // 65,537 announced, no body yet
        var decoder = CastFrameDecoder()
        _ = try decoder.decode(&reader)
        #expect(throws: FramingError(.bodyTooLarge(length: 65_537, maximum: 65_536), offset: good.count)) {
            try decoder.decode(&reader)
        }
        #expect(reader.position == good.count)
    }

    @Test func acceptsABodyOfExactlySixtyFourKiB() throws {
        let body = try CastFixtures.vector("big-utf8-64k.bin")
        #expect(body.count == 65_536)
        var reader = ByteReader(CastFixtures.frame(body))
        var decoder = CastFrameDecoder()
        #expect(try decoder.decode(&reader)?.payloadUTF8?.utf8.count ?? 0 > 65_000)
    }

    @Test func rejectsZeroLengthFrameAtItsOffset() throws {
        let good = try CastFrameEncoder.encode(Self.auth)
        var reader = ByteReader(good + [0, 0, 0, 0] + good)
        var decoder = CastFrameDecoder()
        _ = try decoder.decode(&reader)
        #expect(throws: FramingError(.zeroLength, offset: good.count)) { try decoder.decode(&reader) }
    }

    @Test func invalidBodyCarriesFrameOffsetAndAbsoluteInnerOffset() throws {
        let good = try CastFrameEncoder.encode(Self.ping)
        let bad = CastFixtures.frame([0x08, 0x00, 0x12, 0x09, 0x61])  // source_id claims 9 bytes, has 1
        var reader = ByteReader(good + bad)
        var decoder = CastFrameDecoder()
        _ = try decoder.decode(&reader)
        let inner = ProtobufError(.truncated(needed: 9, available: 1), offset: good.count + 8, fieldNumber: 2)
        let expected = FramingError(.invalidMessage(inner), offset: good.count)
        #expect(throws: expected) { try decoder.decode(&reader) }
        #expect(expected.description
            == "frame at offset \(good.count): invalid CastMessage: truncated at byte \(good.count + 8): need 9, have 1 (field 2)")
    }

    @Test func missingRequiredFieldInAFrameIsReported() {
        var reader = ByteReader(CastFixtures.frame([0x08, 0x00]))
        var decoder = CastFrameDecoder()
        let inner = ProtobufError(.malformed(.missingRequiredField("source_id")), offset: 4, fieldNumber: 2)
        #expect(throws: FramingError(.invalidMessage(inner), offset: 0)) { try decoder.decode(&reader) }
    }

    @Test func finishReportsATrailingPartialFrame() throws {
        let frame = try CastFrameEncoder.encode(Self.ping)
        var decoder = CastFrameDecoder()
        try decoder.finish(ByteReader([]))
        #expect(throws: FramingError(.truncated(needed: 4, available: 2), offset: 0)) {
            try decoder.finish(ByteReader([0, 0]))
        }
        var reader = ByteReader(frame + frame.prefix(10))
        _ = try decoder.decode(&reader)
        #expect(throws: FramingError(.truncated(needed: frame.count, available: 10), offset: frame.count)) {
            try decoder.finish(reader)
        }
    }

    @Test func dripFeedGivesTheSameMessagesAndErrorForEverySplit() throws {
        let good = try Self.frames([Self.ping, Self.auth, Self.ping, Self.auth])
        let inputs: [[UInt8]] = [
            good,
            good + [0, 1, 0, 1],                                   // oversize header at the end
            good + [0, 0, 0, 0],                                   // zero frame
            good + CastFixtures.frame([0x08, 0x00, 0x12]),         // bad body
            good + Array(good.prefix(7)),                          // trailing partial frame
        ]
        for input in inputs {
            let report = DripFeedVerifier().verify(
                input: input, makeDecoder: { CastFrameStream() }, feed: { $0.append($1) },
                next: { try $0.next() }, finish: { try $0.finish() })
            #expect(report.mismatches.isEmpty, "\(report.mismatches)")
            #expect(report.reference.outputs.count == 4)
            #expect(report.strategiesRun > 2)
        }
    }
}
