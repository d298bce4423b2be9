import Testing
@testable import CastWire

@Suite struct ByteReaderTests {
    @Test func readsBigEndianIntegersInOrder() {
        var reader = ByteReader([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07])
        #expect(reader.readUInt8() == 0x01)
        #expect(reader.readUInt16BE() == 0x0203)
        #expect(reader.readUInt32BE() == 0x0405_0607)
        #expect(reader.isAtEnd)
    }

    @Test func failedReadLeavesPositionUnchanged() {
        var reader = ByteReader([0xAA, 0xBB, 0xCC])
        #expect(reader.readUInt8() == 0xAA)
        #expect(reader.readUInt32BE() == nil)
        #expect(reader.position == 1)
        #expect(reader.readBytes(3) == nil)
        #expect(reader.position == 1)
        #expect(reader.readUInt64LE() == nil)
        #expect(reader.position == 1)
    }

    @Test func subReaderKeepsAbsoluteOffsetsAndBounds() {
        var reader = ByteReader([0, 1, 2, 3, 4, 5])
        _ = reader.skip(2)
        var inner = reader.readReader(2)
        #expect(inner?.position == 2)
        #expect(inner?.readUInt16BE() == 0x0203)
        #expect(inner?.readUInt8() == nil)
        #expect(reader.position == 4)
    }

    @Test func transactionRollsBackOnNil() {
        var reader = ByteReader([1, 2, 3])
        let result: Int? = reader.transaction { r in
            _ = r.readUInt8()
            return nil
        }
        #expect(result == nil)
        #expect(reader.position == 0)
    }

    @Test func rangeIsClampedToStorage() {
        let reader = ByteReader([1, 2, 3], range: 2..<10)
        #expect(reader.remaining == 1)
    }

    @Test func writerPatchesLengthPrefix() {
        var writer = ByteWriter()
        writer.writeUInt32BE(0)
        writer.writeUTF8("abc")
        writer.setUInt32BE(3, at: 0)
        #expect(writer.bytes == [0, 0, 0, 3, 0x61, 0x62, 0x63])
    }
}
