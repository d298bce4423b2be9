/// One 802.1Q (TPID 0x8100) or 802.1ad (TPID 0x88A8, also the legacy 0x9100) VLAN tag.
public struct EthernetVLANTag: Sendable, Hashable {
    /// The tag protocol identifier that introduced the tag.
    public var tpid: UInt16
    /// Priority code point (3 bits).
    public var priority: UInt8
    /// Drop eligible indicator.
    public var dropEligible: Bool
    /// VLAN identifier (12 bits).
    public var vlanID: UInt16
    /// The EtherType (or next TPID) that follows the tag.
    public var etherType: UInt16
    /// Offset of the tag's TPID from the start of the packet.
    public var offset: Int

    /// TPIDs that introduce a tag: 802.1Q, 802.1ad and the pre-standard QinQ value.
    public static let tagProtocolIDs: Set<UInt16> = [0x8100, 0x88A8, 0x9100]
}
