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

    /// Whole arrays appended to an empty buffer become the buffer; a partial frame left behind makes the next array
    /// append as usual. Either way messages and offsets equal those of a byte-at-a-time feed.
    @Test func adoptedArraysGiveTheSameMessagesAndOffsetsAsByteAtATimeAppends() throws {
        let ping = try CastFrameEncoder.encode(CastFrameDecoderTests.ping)
        let auth = try CastFrameEncoder.encode(CastFrameDecoderTests.auth)
        let chunks: [[UInt8]] = [ping, auth + Array(ping.prefix(3)), Array(ping.dropFirst(3)), ping + auth, auth]
        var whole = CastFrameStream()
        var wholeSeen: [String] = []
        for chunk in chunks {
            whole.append(chunk)
            while let message = try whole.next() { wholeSeen.append("\(message.namespace)@\(whole.nextFrameOffset)") }
        }
        var bytewise = CastFrameStream()
        var bytewiseSeen: [String] = []
        for byte in chunks.joined() {
            bytewise.append(CollectionOfOne(byte))
            while let message = try bytewise.next() {
                bytewiseSeen.append("\(message.namespace)@\(bytewise.nextFrameOffset)")
            }
        }
        #expect(wholeSeen == bytewiseSeen)
        #expect(wholeSeen.count == 6)
        #expect(whole.nextFrameOffset == chunks.joined().count)
        whole.append([0, 0, 0, 0])
        #expect(throws: FramingError(.zeroLength, offset: chunks.joined().count)) { try whole.next() }
    }

    @Test func verifierCatchesADecoderThatDependsOnSplits() {
        // A deliberately wrong "decoder" that emits each chunk's size: it must be caught.
        let report = DripFeedVerifier().verify(
            input: [UInt8](repeating: 1, count: 40), makeDecoder: { [Int]() }, feed: { $0.append($1.count) },
            next: { $0.popLast() })
        #expect(!report.mismatches.isEmpty)
    }

    /// Frames, then a frame whose body is not a CastMessage and junk, then more frames: after the fault the stream
    /// resumes at the next frame, however the bytes arrive.
    @Test func resynchronizingSkipsToTheNextFrameAndKeepsEveryByteAfterTheFault() throws {
        let ping = try CastFrameEncoder.encode(CastFrameDecoderTests.ping)
        let auth = try CastFrameEncoder.encode(CastFrameDecoderTests.auth)
        let bad = CastFixtures.frame([0x08, 0x00, 0x12, 0x09])  // source_id says 9 bytes follow; none do
        let input = ping + bad + [0xFF, 0x00, 0x08, 0x12, 0x42] + auth + ping
        let report = DripFeedVerifier(randomSplits: 32).verify(
            input: input, makeDecoder: { CastFrameStream() }, feed: { $0.append($1) },
            next: { stream -> String? in
                do throws(FramingError) {
                    return try stream.next().map { "message \($0.namespace)" }
                } catch {
                    stream.resynchronize()
                    return "fault at \(error.offset)"
                }
            },
            finish: { try $0.finish() })
        #expect(report.mismatches.isEmpty, "\(report.mismatches)")
        #expect(report.reference.outputs == [
            "message \(CastFrameDecoderTests.ping.namespace)", "fault at \(ping.count)",
            "message \(CastFrameDecoderTests.auth.namespace)", "message \(CastFrameDecoderTests.ping.namespace)",
        ])
        #expect(report.reference.error == nil)
    }

    @Test func aStreamStartedAfterAGapSearchesForAFrameHeaderAndReportsNoTruncationAtTheEnd() throws {
        let ping = try CastFrameEncoder.encode(CastFrameDecoderTests.ping)
        var stream = CastFrameStream(searching: true)
        stream.append(Array(ping.suffix(5)) + ping)  // the tail of a frame lost in the gap, then a whole one
        #expect(try stream.next() == CastFrameDecoderTests.ping)
        #expect(stream.skippedByteCount == 5)
        stream.append([0x00, 0x00, 0x01])  // junk that never becomes a header
        stream.resynchronize()
        #expect(try stream.next() == nil)
        #expect(throws: Never.self) { try stream.finish() }
    }
}
