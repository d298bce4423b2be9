import CastTestSupport
import Testing
@testable import CastWire

@Suite struct CastFrameStreamTests {
    @Test func errorOffsetsCountFromTheFirstByteEverAppended() throws {
        let frame = try CastFrameEncoder.encode(CastFrameDecoderTests.ping)
        var stream = CastFrameStream()
        for _ in 0..<10 {
            stream.append(frame)
            #expect(try stream.next() == CastFrameDecoderTests.ping)
            #expect(try stream.next() == nil)
        }
        #expect(stream.nextFrameOffset == frame.count * 10)
        #expect(stream.bufferedByteCount == 0)
        stream.append([0, 0, 0, 0])
        #expect(throws: FramingError(.zeroLength, offset: frame.count * 10)) { try stream.next() }
    }

    @Test func innerOffsetsShiftWithDroppedBytes() throws {
        let frame = try CastFrameEncoder.encode(CastFrameDecoderTests.auth)
        var stream = CastFrameStream()
        for _ in 0..<3 {
            stream.append(frame)
            _ = try stream.next()
        }
        stream.append(CastFixtures.frame([0x08, 0x00, 0x12, 0x09]))
        let inner = ProtobufError(.truncated(needed: 9, available: 0), offset: frame.count * 3 + 8, fieldNumber: 2)
        #expect(throws: FramingError(.invalidMessage(inner), offset: frame.count * 3)) { try stream.next() }
    }

    @Test func verifierCatchesADecoderThatDependsOnSplits() {
        // A deliberately wrong "decoder" that emits each chunk's size: it must be caught.
        let report = DripFeedVerifier().verify(
            input: [UInt8](repeating: 1, count: 40), makeDecoder: { [Int]() }, feed: { $0.append($1.count) },
            next: { $0.popLast() })
        #expect(!report.mismatches.isEmpty)
    }
}
