/// A validated view of a UDP header (RFC 768) whose payload is bounded by the UDP length field.
public struct UDPHeaderView: Sendable {
    /// The packet bytes (shared, not copied).
    public let storage: [UInt8]
    /// Offset of the header from the start of `storage`.
    public let offset: Int
    /// The payload: up to the UDP length, cut to what the enclosing layer allowed.
    public let payload: ByteReader
    /// True when fewer bytes were available than the UDP length announces.
    public let isPayloadTruncated: Bool

    /// The header length.
    public static let length = 8

    /// Validates the 8-byte header and the length field; `source` names what bounded `reader`.
    public init(_ reader: ByteReader, lengthSource source: PacketLengthSource = .captured) throws(PacketError) {
        let start = reader.position
        guard reader.remaining >= Self.length else {
            throw .truncated(.udpHeader, need: Self.length, have: reader.remaining, at: start, source: source)
        }
        let declared = reader.storage.packetUInt16(at: start + 4)
        guard declared >= 8 else { throw .malformed(.udpHeader, .udpLengthTooSmall(declared), at: start) }
        let end = min(start + Int(declared), reader.limit)
        storage = reader.storage
        offset = start
        isPayloadTruncated = start + Int(declared) > reader.limit
        payload = ByteReader(reader.storage, range: start + Self.length..<end)
    }

    // SAFETY (all accessors): init checked 8 bytes from `offset`.
    /// Source port.
    public var sourcePort: UInt16 { storage.packetUInt16(at: offset) }
    /// Destination port.
    public var destinationPort: UInt16 { storage.packetUInt16(at: offset + 2) }
    /// The length field (header + payload).
    public var length: UInt16 { storage.packetUInt16(at: offset + 4) }
    /// Checksum as sent (0 = none over IPv4).
    public var checksum: UInt16 { storage.packetUInt16(at: offset + 6) }
}
