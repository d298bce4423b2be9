/// `DeviceAuthMessage`: the binary payload of the deviceauth namespace (protocol.md §2.3, §2.5).
public struct DeviceAuthMessage: Sendable, Hashable {
    /// Field 1: sender → receiver.
    public var challenge: AuthChallenge?
    /// Field 2: receiver → sender on success.
    public var response: AuthResponse?
    /// Field 3: receiver → sender on failure.
    public var error: AuthError?
    /// Fields this schema does not know, kept verbatim.
    public var unknownFields: ProtoUnknownFields

    /// A message with the given parts.
    public init(challenge: AuthChallenge? = nil, response: AuthResponse? = nil, error: AuthError? = nil,
                unknownFields: ProtoUnknownFields = ProtoUnknownFields()) {
        self.challenge = challenge
        self.response = response
        self.error = error
        self.unknownFields = unknownFields
    }

    /// Decodes all of `bytes`.
    public init(protobuf bytes: [UInt8]) throws(ProtobufError) {
        try self.init(protobuf: ByteReader(bytes))
    }

    /// Decodes the unread bytes of `body`.
    ///
    /// An embedded message that occurs more than once is merged, as protobuf specifies, by decoding the
    /// concatenation of its occurrences; error offsets inside such a merged part count from the start of the
    /// concatenation, offset by its first occurrence.
    public init(protobuf body: ByteReader) throws(ProtobufError) {
        var reader = ProtoReader(body)
        var parts: [[ByteReader]] = [[], [], []]
        var unknown = ProtoUnknownFields()
        while true {
            let tagOffset = reader.position
            guard let tag = try reader.readTag() else { break }
            do throws(ProtobufError) {
                if (1...3).contains(tag.fieldNumber) {
                    try reader.expect(tag, .lengthDelimited, tagOffset: tagOffset)
                    parts[Int(tag.fieldNumber) - 1].append(try reader.readLengthDelimited())
                } else {
                    try reader.preserveUnknown(tag, tagOffset: tagOffset, into: &unknown)
                }
            } catch {
                throw error.inField(tag.fieldNumber)
            }
        }
        self.init(unknownFields: unknown)
        do throws(ProtobufError) {
            if let part = Self.merged(parts[0]) { challenge = try AuthChallenge(protobuf: part) }
        } catch { throw error.inField(1) }
        do throws(ProtobufError) {
            if let part = Self.merged(parts[1]) { response = try AuthResponse(protobuf: part) }
        } catch { throw error.inField(2) }
        do throws(ProtobufError) {
            if let part = Self.merged(parts[2]) { self.error = try AuthError(protobuf: part) }
        } catch { throw error.inField(3) }
    }

    /// One reader over all occurrences of a field: the occurrence itself when it is alone.
    private static func merged(_ occurrences: [ByteReader]) -> ByteReader? {
        guard let first = occurrences.first else { return nil }
        if occurrences.count == 1 { return first }
        var bytes = [UInt8](repeating: 0, count: first.position)
        for occurrence in occurrences { bytes.append(contentsOf: occurrence.remainingBytes) }
        return ByteReader(bytes, range: first.position..<bytes.count)
    }

    /// The encoded protobuf bytes: set parts in field order, then unknown fields.
    public func protobufBytes() -> [UInt8] {
        var writer = ProtoWriter()
        if let challenge { Self.writeEmbedded(1, &writer) { challenge.encode(into: &$0) } }
        if let response { Self.writeEmbedded(2, &writer) { response.encode(into: &$0) } }
        if let error { Self.writeEmbedded(3, &writer) { error.encode(into: &$0) } }
        writer.writeUnknown(unknownFields)
        return writer.bytes
    }

    private static func writeEmbedded(_ field: UInt32, _ writer: inout ProtoWriter,
                                      _ body: (inout ProtoWriter) -> Void) {
        var inner = ProtoWriter()
        body(&inner)
        writer.writeBytesField(field, inner.bytes)
    }
}
