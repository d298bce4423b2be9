/// One Cast V2 message: the `CastMessage` protobuf of `cast_channel.proto` (protocol.md §2.3), all nine fields.
///
/// Required fields are plain properties; optional ones are `nil` when absent, so encoding writes exactly the fields
/// that are set (proto2 presence), in ascending field order followed by kept unknown fields — byte-identical to the
/// reference encoder (Python protobuf/upb) for the same values.
public struct CastMessage: Sendable, Hashable {
    /// Field 1, required.
    public var protocolVersion: CastProtocolVersion
    /// Field 2, required: `sender-0`, `receiver-0`, a transport id...
    public var sourceID: String
    /// Field 3, required: the receiving endpoint, `*` for broadcast.
    public var destinationID: String
    /// Field 4, required: the multiplexing key, e.g. `urn:x-cast:com.google.cast.media`.
    public var namespace: String
    /// Field 5, required: which payload field is used.
    public var payloadType: CastPayloadType
    /// Field 6: the JSON text, set iff `payloadType == .string`.
    public var payloadUTF8: String?
    /// Field 7: the binary payload, set iff `payloadType == .binary`.
    public var payloadBinary: [UInt8]?
    /// Field 8: v1.1 chunking, more chunks follow.
    public var continued: Bool?
    /// Field 9: v1.1 chunking, bytes still to come.
    public var remainingLength: UInt32?
    /// Fields this schema does not know, kept verbatim.
    public var unknownFields: ProtoUnknownFields

    /// A message with every field given explicitly.
    public init(
        protocolVersion: CastProtocolVersion = .castV2_1_0, sourceID: String, destinationID: String,
        namespace: String, payloadType: CastPayloadType, payloadUTF8: String? = nil, payloadBinary: [UInt8]? = nil,
        continued: Bool? = nil, remainingLength: UInt32? = nil, unknownFields: ProtoUnknownFields = ProtoUnknownFields()
    ) {
        self.protocolVersion = protocolVersion
        self.sourceID = sourceID
        self.destinationID = destinationID
        self.namespace = namespace
        self.payloadType = payloadType
        self.payloadUTF8 = payloadUTF8
        self.payloadBinary = payloadBinary
        self.continued = continued
        self.remainingLength = remainingLength
        self.unknownFields = unknownFields
    }

    /// A STRING message carrying `json`.
    public init(sourceID: String, destinationID: String, namespace: String, json: String) {
        self.init(sourceID: sourceID, destinationID: destinationID, namespace: namespace, payloadType: .string,
                  payloadUTF8: json)
    }

    /// A BINARY message carrying `binary`.
    public init(sourceID: String, destinationID: String, namespace: String, binary: [UInt8]) {
        self.init(sourceID: sourceID, destinationID: destinationID, namespace: namespace, payloadType: .binary,
                  payloadBinary: binary)
    }
}
