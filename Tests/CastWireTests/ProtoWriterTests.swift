import Testing
@testable import CastWire

@Suite struct ProtoWriterTests {
    @Test func writesVarintsLikeTheSpec() {
        var writer = ProtoWriter()
        writer.writeVarint(1)
        writer.writeVarint(300)
        writer.writeVarint(UInt64.max)
        #expect(writer.bytes == [0x01, 0xAC, 0x02] + [UInt8](repeating: 0xFF, count: 9) + [0x01])
    }

    @Test func negativeInt32TakesTenSignExtendedBytes() {
        var writer = ProtoWriter()
        writer.writeInt32Field(1, -1)
        #expect(writer.bytes == [0x08] + [UInt8](repeating: 0xFF, count: 9) + [0x01])
    }

    @Test func varintSizeMatchesWrittenLength() {
        for shift in 0..<64 {
            for value in [UInt64(1) << shift, (UInt64(1) << shift) &- 1] {
                var writer = ProtoWriter()
                writer.writeVarint(value)
                #expect(ProtoWriter.varintSize(value) == writer.bytes.count, "\(value)")
            }
        }
    }

    @Test func everyFieldKindRoundTripsThroughTheReader() throws {
        var writer = ProtoWriter()
        writer.writeUInt64Field(1, 1 << 40)
        writer.writeBoolField(2, true)
        writer.writeStringField(3, "é🎬")
        writer.writeBytesField(4, [0, 255])
        writer.writeFixed32Field(5, 0xDEAD_BEEF)
        writer.writeFixed64Field(6, 0x0123_4567_89AB_CDEF)
        var reader = ProtoReader(writer.bytes)
        #expect(try reader.readTag() == ProtoTag(fieldNumber: 1, wireType: .varint))
        #expect(try reader.readVarint() == 1 << 40)
        #expect(try reader.readTag() == ProtoTag(fieldNumber: 2, wireType: .varint))
        #expect(try reader.readVarint() == 1)
        #expect(try reader.readTag() == ProtoTag(fieldNumber: 3, wireType: .lengthDelimited))
        #expect(try reader.readString() == "é🎬")
        #expect(try reader.readTag() == ProtoTag(fieldNumber: 4, wireType: .lengthDelimited))
        #expect(try reader.readBytes() == [0, 255])
        #expect(try reader.readTag() == ProtoTag(fieldNumber: 5, wireType: .fixed32))
        #expect(try reader.readFixed32() == 0xDEAD_BEEF)
        #expect(try reader.readTag() == ProtoTag(fieldNumber: 6, wireType: .fixed64))
        #expect(try reader.readFixed64() == 0x0123_4567_89AB_CDEF)
        #expect(reader.isAtEnd)
    }
}
