import Testing
@testable import CastWire

@Suite struct ProtoReaderTests {
    @Test func readsOneTwoAndTenByteVarints() throws {
        var reader = ProtoReader([
            0x01,                                                  // 0: 1
            0xAC, 0x02,                                            // 1: 300
            0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01,  // 3: UInt64.max in 10 bytes
        ])
        #expect(try reader.readVarint() == 1)
        #expect(try reader.readVarint() == 300)
        #expect(try reader.readVarint() == UInt64.max)
        #expect(reader.isAtEnd)
    }

    @Test func elevenByteVarintIsMalformedAndMovesNothing() {
        var reader = ProtoReader([0x08] + [UInt8](repeating: 0xFF, count: 10) + [0x01])
        _ = try? reader.readTag()
        #expect(throws: ProtobufError(.malformed(.varintTooLong), offset: 1)) { try reader.readVarint() }
        #expect(reader.position == 1)
    }

    @Test func unfinishedVarintIsTruncatedWithLengths() {
        var reader = ProtoReader([0x80, 0x80])
        #expect(throws: ProtobufError(.truncated(needed: 3, available: 2), offset: 0)) { try reader.readVarint() }
        #expect(reader.position == 0)
    }

    @Test func lengthBeyondInputIsTruncatedAtTheValue() throws {
        var reader = ProtoReader([
            0x0A,              // 0: field 1, length-delimited
            0x05,              // 1: length 5
            0x61, 0x62,        // 2: only two bytes follow
        ])
        let tag = try reader.readTag()
        #expect(tag == ProtoTag(fieldNumber: 1, wireType: .lengthDelimited))
        #expect(throws: ProtobufError(.truncated(needed: 5, available: 2), offset: 2)) {
            try reader.readLengthDelimited()
        }
        #expect(reader.position == 1)
    }

    @Test func lengthOfTwoGigabytesIsMalformed() {
        var reader = ProtoReader([0x80, 0x80, 0x80, 0x80, 0x08])  // 2^31
        #expect(throws: ProtobufError(.malformed(.lengthTooLarge(1 << 31)), offset: 0)) {
            try reader.readLengthDelimited()
        }
    }

    @Test func groupsAreRejectedNamingTheField() {
        var start = ProtoReader([0x1B])  // field 3, wire type 3 (start group)
        #expect(throws: ProtobufError(.malformed(.groupsNotSupported), offset: 0, fieldNumber: 3)) {
            try start.readTag()
        }
        var end = ProtoReader([0x00, 0x0C])  // junk, then field 1 wire type 4 (end group)
        _ = try? end.readVarint()
        #expect(throws: ProtobufError(.malformed(.groupsNotSupported), offset: 1, fieldNumber: 1)) {
            try end.readTag()
        }
        #expect(end.position == 1)
    }

    @Test func wireTypesSixAndSevenAreInvalid() {
        var six = ProtoReader([0x0E])
        #expect(throws: ProtobufError(.malformed(.invalidWireType(6)), offset: 0, fieldNumber: 1)) { try six.readTag() }
        var seven = ProtoReader([0x0F])
        #expect(throws: ProtobufError(.malformed(.invalidWireType(7)), offset: 0, fieldNumber: 1)) {
            try seven.readTag()
        }
    }

    @Test func fieldNumberZeroAndTooLargeAreMalformed() {
        var zero = ProtoReader([0x02])
        #expect(throws: ProtobufError(.malformed(.invalidFieldNumber(0)), offset: 0)) { try zero.readTag() }
        var large = ProtoReader([0x80, 0x80, 0x80, 0x80, 0x10])  // field 2^29 (key 2^32)
        #expect(throws: ProtobufError(.malformed(.invalidFieldNumber(1 << 29)), offset: 0)) { try large.readTag() }
    }

    @Test func overlongKeyAndValueVarintsAreAccepted() throws {
        var reader = ProtoReader([
            0x88, 0x80, 0x00,  // 0: field 1, varint, key padded to three bytes
            0x81, 0x00,        // 3: value 1 in two bytes
            0x10, 0x02,        // 5: field 2, varint 2
        ])
        #expect(try reader.readTag() == ProtoTag(fieldNumber: 1, wireType: .varint))
        #expect(reader.position == 3)
        #expect(try reader.readVarint() == 1)
        #expect(try reader.readTag() == ProtoTag(fieldNumber: 2, wireType: .varint))
        #expect(try reader.readVarint() == 2)
    }

    @Test func readTagReturnsNilAtEnd() throws {
        var reader = ProtoReader([])
        #expect(try reader.readTag() == nil)
    }

    @Test func fixedWidthValuesAreLittleEndian() throws {
        var reader = ProtoReader([0x01, 0x02, 0x03, 0x04, 0x01, 0, 0, 0, 0, 0, 0, 0x80, 0xAA])
        #expect(try reader.readFixed32() == 0x0403_0201)
        #expect(try reader.readFixed64() == 0x8000_0000_0000_0001)
        #expect(throws: ProtobufError(.truncated(needed: 4, available: 1), offset: 12)) { try reader.readFixed32() }
        #expect(throws: ProtobufError(.truncated(needed: 8, available: 1), offset: 12)) { try reader.readFixed64() }
    }

    @Test func invalidUTF8StringIsMalformedAtItsBytes() {
        var reader = ProtoReader([0x02, 0xC3, 0x28])
        #expect(throws: ProtobufError(.malformed(.invalidUTF8), offset: 1)) { try reader.readString() }
    }

    @Test func unknownFieldsOfEveryWireTypeAreKeptVerbatim() throws {
        let bytes: [UInt8] = [
            0x50, 0x96, 0x01,                                // 0: field 10 varint 150
            0x59, 1, 2, 3, 4, 5, 6, 7, 8,                    // 3: field 11 fixed64
            0x62, 0x02, 0x68, 0x69,                          // 12: field 12 "hi"
            0x6D, 9, 8, 7, 6,                                // 16: field 13 fixed32
        ]
        var reader = ProtoReader(bytes)
        var unknown = ProtoUnknownFields()
        while true {
            let offset = reader.position
            guard let tag = try reader.readTag() else { break }
            try reader.preserveUnknown(tag, tagOffset: offset, into: &unknown)
        }
        #expect(unknown.bytes == bytes)
        let fields = try #require(unknown.fields())
        #expect(fields.map(\.tag.fieldNumber) == [10, 11, 12, 13])
        #expect(fields.map(\.tag.wireType) == [.varint, .fixed64, .lengthDelimited, .fixed32])
    }

    @Test func subReaderOffsetsStayAbsolute() throws {
        var outer = ProtoReader([0x0A, 0x02, 0x80, 0x80])  // field 1 holding an unfinished varint
        _ = try outer.readTag()
        var inner = ProtoReader(try outer.readLengthDelimited())
        #expect(throws: ProtobufError(.truncated(needed: 3, available: 2), offset: 2)) { try inner.readVarint() }
    }

    @Test func errorDescriptionsSayWhatWhereAndWhichField() {
        let truncated = ProtobufError(.truncated(needed: 5, available: 2), offset: 7, fieldNumber: 6)
        #expect(truncated.description == "truncated at byte 7: need 5, have 2 (field 6)")
        let groups = ProtobufError(.malformed(.groupsNotSupported), offset: 3)
        #expect(groups.description == "malformed at byte 3: groups (wire types 3/4) are not supported")
        #expect(truncated.isTruncated && !groups.isTruncated)
    }
}
