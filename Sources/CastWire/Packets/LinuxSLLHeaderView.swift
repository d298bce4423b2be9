/// A validated view of a Linux cooked capture v1 header (DLT 113, 16 bytes).
///
/// Layout: packet type (2), ARPHRD type (2), link-layer address length (2), address (8, zero padded), protocol (2).
public struct LinuxSLLHeaderView: Sendable {
    /// The packet bytes (shared, not copied).
    public let storage: [UInt8]
    /// Offset of the header from the start of `storage`.
    public let offset: Int
    /// The bytes after the header.
    public let payload: ByteReader

    /// The fixed header length.
    public static let length = 16

    /// Validates the 16-byte header.
    public init(_ reader: ByteReader) throws(PacketError) {
        guard reader.remaining >= Self.length else {
            throw .truncated(.linuxSLL, need: Self.length, have: reader.remaining, at: reader.position)
        }
        storage = reader.storage
        offset = reader.position
        payload = ByteReader(reader.storage, range: reader.position + Self.length..<reader.limit)
    }

    // SAFETY (all accessors): init checked 16 bytes from `offset`.
    /// Packet type: 0 to us, 1 broadcast, 2 multicast, 3 to someone else, 4 sent by us.
    public var packetType: UInt16 { storage.packetUInt16(at: offset) }
    /// ARPHRD_ device type (1 Ethernet, 772 loopback...).
    public var arphrdType: UInt16 { storage.packetUInt16(at: offset + 2) }
    /// Declared link-layer address length.
    public var addressLength: UInt16 { storage.packetUInt16(at: offset + 4) }
    /// Link-layer address, at most the 8 bytes the header has room for.
    public var address: [UInt8] {
        Array(storage[offset + 6..<offset + 6 + min(8, Int(addressLength))])
    }
    /// Protocol: an EtherType for most device types.
    public var protocolType: UInt16 { storage.packetUInt16(at: offset + 14) }
    /// The payload's network protocol, if one the slicer decodes.
    public var networkProtocol: PacketNetworkProtocol? { PacketNetworkProtocol(etherType: protocolType) }
}
