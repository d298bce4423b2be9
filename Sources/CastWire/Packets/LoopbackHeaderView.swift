/// A validated view of the 4-byte BSD loopback header: DLT 0 (NULL, family in the capturing host's byte order)
/// or DLT 108 (LOOP, family in network byte order).
public struct LoopbackHeaderView: Sendable {
    /// The packet bytes (shared, not copied).
    public let storage: [UInt8]
    /// Offset of the header from the start of `storage`.
    public let offset: Int
    /// The address family, decoded in the byte order that was detected (NULL) or fixed (LOOP).
    public let family: UInt32
    /// True when the family was stored big-endian.
    public let isBigEndian: Bool
    /// The payload's network protocol.
    public let networkProtocol: PacketNetworkProtocol
    /// The bytes after the header.
    public let payload: ByteReader

    /// The fixed header length.
    public static let length = 4
    /// AF_INET on every BSD-derived system and Linux.
    public static let familyIPv4: UInt32 = 2
    /// AF_INET6 values: Linux 10, NetBSD/OpenBSD 24, FreeBSD 28, Darwin 30.
    public static let familiesIPv6: Set<UInt32> = [10, 24, 28, 30]

    /// Validates the header; `networkByteOrder` is true for DLT 108 (LOOP).
    public init(_ reader: ByteReader, networkByteOrder: Bool) throws(PacketError) {
        let start = reader.position
        guard reader.remaining >= Self.length else {
            throw .truncated(.loopback, need: Self.length, have: reader.remaining, at: start)
        }
        let big = reader.storage.packetUInt32(at: start)
        let little = reader.storage.packetUInt32LE(at: start)
        // NULL stores the family in host order; families are small, so whichever reading is small is the right one.
        let useBig = networkByteOrder || big <= 0xFFFF
        let value = useBig ? big : little
        if value == Self.familyIPv4 {
            networkProtocol = .ipv4
        } else if Self.familiesIPv6.contains(value) {
            networkProtocol = .ipv6
        } else {
            throw .malformed(.loopback, .unknownLoopbackFamily(value), at: start)
        }
        storage = reader.storage
        offset = start
        family = value
        isBigEndian = useBig
        payload = ByteReader(reader.storage, range: start + Self.length..<reader.limit)
    }
}
