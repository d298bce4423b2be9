/// A validated view of an Ethernet II header and any stacked VLAN tags that follow it.
public struct EthernetHeaderView: Sendable {
    /// The packet bytes (shared, not copied).
    public let storage: [UInt8]
    /// Offset of the destination MAC from the start of `storage`.
    public let offset: Int
    /// VLAN tags in wire order, outermost first.
    public let vlanTags: [EthernetVLANTag]
    /// The bytes after the header and tags.
    public let payload: ByteReader

    /// Validates 14 bytes plus 4 per VLAN tag.
    public init(_ reader: ByteReader) throws(PacketError) {
        let start = reader.position
        guard reader.remaining >= 14 else {
            throw .truncated(.ethernet, need: 14, have: reader.remaining, at: start)
        }
        storage = reader.storage
        offset = start
        var tags: [EthernetVLANTag] = []
        var cursor = start + 12
        var type = reader.storage.packetUInt16(at: cursor)
        // Each tag consumes 4 bytes, so the loop is bounded by the captured length.
        while EthernetVLANTag.tagProtocolIDs.contains(type) {
            guard reader.limit - (cursor + 2) >= 4 else {
                throw .truncated(.vlanTag, need: 4, have: reader.limit - (cursor + 2), at: cursor)
            }
            let tci = reader.storage.packetUInt16(at: cursor + 2)
            let inner = reader.storage.packetUInt16(at: cursor + 4)
            tags.append(EthernetVLANTag(tpid: type, priority: UInt8(tci >> 13), dropEligible: tci & 0x1000 != 0,
                                        vlanID: tci & 0x0FFF, etherType: inner, offset: cursor))
            cursor += 4
            type = inner
        }
        vlanTags = tags
        payload = ByteReader(reader.storage, range: cursor + 2..<reader.limit)
    }

    /// Destination MAC address.
    public var destination: [UInt8] { Array(storage[offset..<offset + 6]) }  // SAFETY: init checked 14 bytes
    /// Source MAC address.
    public var source: [UInt8] { Array(storage[offset + 6..<offset + 12]) }
    /// The EtherType of the outer header (a TPID when tagged).
    public var outerEtherType: UInt16 { storage.packetUInt16(at: offset + 12) }
    /// The EtherType after all VLAN tags: the payload's protocol.
    public var etherType: UInt16 { vlanTags.last?.etherType ?? outerEtherType }
    /// Header length including tags.
    public var headerLength: Int { 14 + 4 * vlanTags.count }
    /// The payload's network protocol, if one the slicer decodes.
    public var networkProtocol: PacketNetworkProtocol? { PacketNetworkProtocol(etherType: etherType) }

    /// Formats a MAC address as "aa:bb:cc:dd:ee:ff".
    public static func format(mac: [UInt8]) -> String {
        mac.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined(separator: ":")
    }
}
