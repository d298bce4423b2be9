/// A validated view of an IPv4 header (RFC 791) with its options kept raw and its payload bounded by total length.
public struct IPv4HeaderView: Sendable {
    /// The packet bytes (shared, not copied).
    public let storage: [UInt8]
    /// Offset of the header from the start of `storage`.
    public let offset: Int
    /// Header length in bytes (IHL × 4).
    public let headerLength: Int
    /// The payload: from the end of the header to the total length, cut to what was captured.
    public let payload: ByteReader
    /// What bounded `payload`: the total length field, or the capture when the packet was cut short.
    public let payloadLengthSource: PacketLengthSource
    /// True when the capture holds fewer bytes than the total length announces (snaplen).
    public let isPayloadTruncated: Bool
    /// True when the total length was 0 and the captured length was used (TCP segmentation offload).
    public let totalLengthAssumedFromCapture: Bool

    /// The minimum header length.
    public static let minimumLength = 20

    /// Validates version, IHL and total length; the checksum is only reported, never enforced.
    public init(_ reader: ByteReader) throws(PacketError) {
        let start = reader.position
        let bytes = reader.storage
        guard reader.remaining >= Self.minimumLength else {
            throw .truncated(.ipv4Header, need: Self.minimumLength, have: reader.remaining, at: start)
        }
        let version = bytes[start] >> 4
        guard version == 4 else {
            throw .malformed(.ipv4Header, .ipVersionMismatch(expected: 4, found: version), at: start)
        }
        let ihl = bytes[start] & 0x0F
        guard ihl >= 5 else { throw .malformed(.ipv4Header, .ipv4HeaderLengthTooSmall(ihl: ihl), at: start) }
        let length = Int(ihl) * 4
        guard reader.remaining >= length else {
            throw .truncated(.ipv4Header, need: length, have: reader.remaining, at: start)
        }
        let total = bytes.packetUInt16(at: start + 2)
        var end: Int
        if total == 0 {
            end = reader.limit
            totalLengthAssumedFromCapture = true
        } else {
            guard Int(total) >= length else {
                throw .malformed(.ipv4Header, .ipv4TotalLengthTooSmall(totalLength: total, headerLength: length),
                                 at: start)
            }
            end = start + Int(total)
            totalLengthAssumedFromCapture = false
        }
        if end <= reader.limit {
            payloadLengthSource = totalLengthAssumedFromCapture ? .captured : .ipv4TotalLength
            isPayloadTruncated = false
        } else {
            end = reader.limit
            payloadLengthSource = .captured
            isPayloadTruncated = true
        }
        storage = bytes
        offset = start
        headerLength = length
        payload = ByteReader(bytes, range: start + length..<end)
    }

    // SAFETY (all accessors): init checked `headerLength` (≥ 20) bytes from `offset`.
    /// Differentiated services code point.
    public var dscp: UInt8 { storage[offset + 1] >> 2 }
    /// Explicit congestion notification bits.
    public var ecn: UInt8 { storage[offset + 1] & 0x03 }
    /// The total length field as sent.
    public var totalLength: UInt16 { storage.packetUInt16(at: offset + 2) }
    /// Identification field.
    public var identification: UInt16 { storage.packetUInt16(at: offset + 4) }
    /// Don't-fragment flag.
    public var dontFragment: Bool { storage[offset + 6] & 0x40 != 0 }
    /// More-fragments flag.
    public var moreFragments: Bool { storage[offset + 6] & 0x20 != 0 }
    /// Fragment offset in 8-byte units.
    public var fragmentOffset: UInt16 { storage.packetUInt16(at: offset + 6) & 0x1FFF }
    /// True when this packet is one fragment of a larger datagram (MF set or a non-zero offset).
    public var isFragment: Bool { moreFragments || fragmentOffset != 0 }
    /// Time to live.
    public var ttl: UInt8 { storage[offset + 8] }
    /// Payload protocol number (6 TCP, 17 UDP).
    public var protocolNumber: UInt8 { storage[offset + 9] }
    /// Header checksum as sent.
    public var headerChecksum: UInt16 { storage.packetUInt16(at: offset + 10) }
    /// Where the source address lies in `storage` (4 bytes), for reading it without a copy.
    public var sourceRange: Range<Int> { offset + 12..<offset + 16 }
    /// Where the destination address lies in `storage` (4 bytes).
    public var destinationRange: Range<Int> { offset + 16..<offset + 20 }
    /// Source address (4 bytes).
    public var source: [UInt8] { Array(storage[sourceRange]) }
    /// Destination address (4 bytes).
    public var destination: [UInt8] { Array(storage[destinationRange]) }
    /// Option bytes, raw (empty when IHL is 5).
    public var options: ArraySlice<UInt8> { storage[offset + 20..<offset + headerLength] }

    /// The checksum the header should carry (computed with the checksum field as zero).
    public var computedHeaderChecksum: UInt16 {
        var sum: UInt32 = 0
        var index = offset
        while index < offset + headerLength {
            if index != offset + 10 { sum += UInt32(storage.packetUInt16(at: index)) }
            index += 2
        }
        while sum > 0xFFFF { sum = (sum & 0xFFFF) + (sum >> 16) }
        return ~UInt16(sum)
    }

    /// True when the header checksum matches (offloaded checksums on the sending host often do not).
    public var isHeaderChecksumValid: Bool { computedHeaderChecksum == headerChecksum }

    /// Dotted-quad text for a 4-byte address.
    public static func format(address: [UInt8]) -> String {
        address.map { String($0) }.joined(separator: ".")
    }
}
