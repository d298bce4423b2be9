import Testing
@testable import CastWire

@Suite struct CastMessageTests {
    /// Every field set, annotated by offset.
    static let allFields: [UInt8] = [
        0x08, 0x01,                          // 0: protocol_version = CASTV2_1_1
        0x12, 0x02, 0x73, 0x30,              // 2: source_id "s0"
        0x1A, 0x01, 0x2A,                    // 6: destination_id "*"
        0x22, 0x02, 0x6E, 0x73,              // 9: namespace "ns"
        0x28, 0x00,                          // 13: payload_type STRING
        0x32, 0x02, 0x7B, 0x7D,              // 15: payload_utf8 "{}"
        0x40, 0x01,                          // 19: continued true
        0x48, 0xAC, 0x02,                    // 21: remaining_length 300
    ]

    static func minimal(utf8: String = "{}") -> CastMessage {
        CastMessage(sourceID: "sender-0", destinationID: "receiver-0", namespace: "urn:x-cast:x", json: utf8)
    }

    @Test func decodesEveryField() throws {
        let message = try CastMessage(protobuf: Self.allFields)
        #expect(message.protocolVersion == .castV2_1_1)
        #expect(message.sourceID == "s0")
        #expect(message.destinationID == "*")
        #expect(message.namespace == "ns")
        #expect(message.payloadType == .string)
        #expect(message.payloadUTF8 == "{}")
        #expect(message.payloadBinary == nil)
        #expect(message.continued == true)
        #expect(message.remainingLength == 300)
        #expect(message.unknownFields.isEmpty)
        #expect(message.protobufBytes() == Self.allFields)
    }

    @Test func binaryPayloadDecodesAndEncodes() throws {
        let message = CastMessage(sourceID: "a", destinationID: "b", namespace: "c", binary: [0x00, 0xFF])
        let bytes = message.protobufBytes()
        #expect(bytes == [0x08, 0x00, 0x12, 0x01, 0x61, 0x1A, 0x01, 0x62, 0x22, 0x01, 0x63, 0x28, 0x01,
                          0x3A, 0x02, 0x00, 0xFF])
        #expect(try CastMessage(protobuf: bytes) == message)
    }

    @Test func optionalFieldsAreWrittenOnlyWhenSet() {
        let bytes = Self.minimal().protobufBytes()
        #expect(!bytes.contains(0x40) && !bytes.contains(0x48))
        var withFalse = Self.minimal()
        withFalse.continued = false
        withFalse.remainingLength = 0
        #expect(withFalse.protobufBytes().suffix(4) == [0x40, 0x00, 0x48, 0x00])
    }

    @Test func unknownProtocolVersionIsKeptAndReencoded() throws {
        var bytes = Self.allFields
        bytes[1] = 0x07
        let message = try CastMessage(protobuf: bytes)
        #expect(message.protocolVersion == .unknown(7))
        #expect(message.protobufBytes() == bytes)
        var negative = Self.minimal()
        negative.protocolVersion = .unknown(-1)
        #expect(try CastMessage(protobuf: negative.protobufBytes()).protocolVersion == .unknown(-1))
        #expect(negative.protobufBytes().count == negative.encodedSize)
    }

    @Test(arguments: [
        (1 as UInt32, "protocol_version"), (2, "source_id"), (3, "destination_id"), (4, "namespace"),
        (5, "payload_type"),
    ])
    func missingRequiredFieldIsNamed(field: UInt32, name: String) throws {
        var writer = ProtoWriter()
        if field != 1 { writer.writeInt32Field(1, 0) }
        if field != 2 { writer.writeStringField(2, "s") }
        if field != 3 { writer.writeStringField(3, "d") }
        if field != 4 { writer.writeStringField(4, "n") }
        if field != 5 { writer.writeInt32Field(5, 0) }
        writer.writeStringField(6, "{}")
        #expect(throws: ProtobufError(.malformed(.missingRequiredField(name)), offset: 0, fieldNumber: field)) {
            try CastMessage(protobuf: writer.bytes)
        }
    }

    @Test func stringTypeWithoutUTF8PayloadIsAMismatch() {
        var message = Self.minimal()
        message.payloadUTF8 = nil
        #expect(throws: ProtobufError(.malformed(.payloadMismatch("STRING message without payload_utf8")), offset: 0,
                                      fieldNumber: 6)) { try CastMessage(protobuf: message.protobufBytes()) }
        message.payloadUTF8 = "{}"
        message.payloadBinary = [1]
        #expect(throws: ProtobufError(.malformed(.payloadMismatch("STRING message with payload_binary")), offset: 0,
                                      fieldNumber: 7)) { try CastMessage(protobuf: message.protobufBytes()) }
    }

    @Test func binaryTypeWithUTF8PayloadIsAMismatch() {
        var message = Self.minimal()
        message.payloadType = .binary
        #expect(throws: ProtobufError(.malformed(.payloadMismatch("BINARY message without payload_binary")),
                                      offset: 0, fieldNumber: 7)) { try CastMessage(protobuf: message.protobufBytes()) }
        message.payloadBinary = []
        #expect(throws: ProtobufError(.malformed(.payloadMismatch("BINARY message with payload_utf8")), offset: 0,
                                      fieldNumber: 6)) { try CastMessage(protobuf: message.protobufBytes()) }
    }

    @Test func unknownPayloadTypeIsMalformedAtItsField() {
        var bytes = Self.allFields
        bytes[14] = 0x02
        #expect(throws: ProtobufError(.malformed(.unknownEnumValue(field: "payload_type", value: 2)), offset: 13,
                                      fieldNumber: 5)) { try CastMessage(protobuf: bytes) }
    }

    @Test func wrongWireTypeForKnownFieldIsMalformedAtItsTag() {
        var bytes = Self.allFields
        bytes[6] = 0x18  // destination_id as a varint (value 0x01), then garbage
        #expect(throws: ProtobufError(.malformed(.wrongWireType(expected: .lengthDelimited, actual: .varint)),
                                      offset: 6, fieldNumber: 3)) { try CastMessage(protobuf: bytes) }
    }

    @Test func truncatedPayloadNamesFieldAndLengths() {
        let bytes = Array(Self.allFields[0..<18])  // payload_utf8 says 2 bytes, 1 present
        #expect(throws: ProtobufError(.truncated(needed: 2, available: 1), offset: 17, fieldNumber: 6)) {
            try CastMessage(protobuf: bytes)
        }
    }

    @Test func invalidUTF8InSourceIDIsMalformed() {
        var bytes = Self.allFields
        bytes[4] = 0xFF
        #expect(throws: ProtobufError(.malformed(.invalidUTF8), offset: 4, fieldNumber: 2)) {
            try CastMessage(protobuf: bytes)
        }
    }

    @Test func varintOverflowInsideMessageIsMalformed() {
        let bytes: [UInt8] = [0x08] + [UInt8](repeating: 0x80, count: 10) + [0x00]
        #expect(throws: ProtobufError(.malformed(.varintTooLong), offset: 1, fieldNumber: 1)) {
            try CastMessage(protobuf: bytes)
        }
    }

    @Test func groupInsideMessageIsRejected() {
        let bytes = Self.allFields + [0x63]  // field 12, start group
        #expect(throws: ProtobufError(.malformed(.groupsNotSupported), offset: 24, fieldNumber: 12)) {
            try CastMessage(protobuf: bytes)
        }
    }

    @Test func unknownFieldsAreKeptAndWrittenAfterKnownFields() throws {
        let unknown: [UInt8] = [0x52, 0x01, 0x7A]  // field 10 "z"
        let message = try CastMessage(protobuf: unknown + Self.allFields)
        #expect(message.unknownFields.bytes == unknown)
        #expect(message.protobufBytes() == Self.allFields + unknown)
        #expect(message.encodedSize == Self.allFields.count + unknown.count)
    }

    @Test func repeatedScalarTakesTheLastValue() throws {
        let bytes = Self.allFields + [0x12, 0x01, 0x78]  // source_id again: "x"
        #expect(try CastMessage(protobuf: bytes).sourceID == "x")
    }

    @Test func encodedSizeMatchesForLongFields() {
        var message = Self.minimal(utf8: String(repeating: "é", count: 10_000))
        message.remainingLength = UInt32.max
        message.continued = true
        #expect(message.protobufBytes().count == message.encodedSize)
    }
}
