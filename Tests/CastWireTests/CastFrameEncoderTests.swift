import Testing
@testable import CastWire

@Suite struct CastFrameEncoderTests {
    @Test func writesBigEndianLengthThenBody() throws {
        let message = CastMessage(sourceID: "a", destinationID: "b", namespace: "c", json: "{}")
        let frame = try CastFrameEncoder.encode(message)
        let body = message.protobufBytes()
        #expect(frame == [0, 0, 0, UInt8(body.count)] + body)
    }

    @Test func refusesBodiesOverSixtyFourKiB() {
        let message = CastMessage(sourceID: "a", destinationID: "b", namespace: "c",
                                  binary: [UInt8](repeating: 0, count: 65_536))
        var writer = ByteWriter()
        writer.writeUInt8(9)
        #expect(throws: FramingError(.bodyTooLarge(length: UInt32(message.encodedSize), maximum: 65_536), offset: 1)) {
            try CastFrameEncoder.encode(message, into: &writer)
        }
        #expect(writer.bytes == [9])
    }

    @Test func appendsToExistingBytes() throws {
        let message = CastMessage(sourceID: "a", destinationID: "b", namespace: "c", json: "[]")
        var writer = ByteWriter()
        try CastFrameEncoder.encode(message, into: &writer)
        try CastFrameEncoder.encode(message, into: &writer)
        var reader = ByteReader(writer.bytes)
        var decoder = CastFrameDecoder()
        #expect(try decoder.decode(&reader) == message)
        #expect(try decoder.decode(&reader) == message)
        #expect(reader.isAtEnd)
    }
}
