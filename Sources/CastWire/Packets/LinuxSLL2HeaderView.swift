/// A validated view of a Linux cooked capture v2 header (DLT 276, 20 bytes).
///
/// Layout: protocol (2), reserved (2), interface index (4), ARPHRD type (2), packet type (1),
/// link-layer address length (1), address (8, zero padded).
public struct LinuxSLL2HeaderView: Sendable {
    /// The packet bytes (shared, not copied).
    public let storage: [UInt8]
    /// Offset of the header from the start of `storage`.
    public let offset: Int
    /// The bytes after the header.
    public let payload: ByteReader

    /// The fixed header length.
    public static let length = 20

    /// Validates the 20-byte header.
    public init(_ reader: ByteReader) throws(PacketError) {
        guard reader.remaining >= Self.length else {
            throw .truncated(.linuxSLL2, need: Self.length, have: reader.remaining, at: reader.position)
        }
        storage = reader.storage
        offset = reader.position
        payload = ByteReader(reader.storage, range: reader.position + Self.length..<reader.limit)
    }

    // SAFETY (all accessors): init checked 20 bytes from `offset`.
    /// Protocol: an EtherType for most device types.
    public var protocolType: UInt16 { storage.packetUInt16(at: offset) }
    /// The interface index the packet was seen on.
    public var interfaceIndex: UInt32 { storage.packetUInt32(at: offset + 4) }
    /// ARPHRD_ device type (1 Ethernet, 772 loopback...).
    public var arphrdType: UInt16 { storage.packetUInt16(at: offset + 8) }
    /// Packet type: 0 to us, 1 broadcast, 2 multicast, 3 to someone else, 4 sent by us.
    public var packetType: UInt8 { storage[offset + 10] }
    /// Declared link-layer address length.
    public var addressLength: UInt8 { storage[offset + 11] }
    /// Link-layer address, at most the 8 bytes the header has room for.
    public var address: [UInt8] {
        Array(storage[offset + 12..<offset + 12 + min(8, Int(addressLength))])
    }
    /// The payload's network protocol, if one the slicer decodes.
    public var networkProtocol: PacketNetworkProtocol? { PacketNetworkProtocol(etherType: protocolType) }
}
