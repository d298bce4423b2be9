/// The network protocol a link header announces, mapped from EtherTypes and BSD address families.
public enum PacketNetworkProtocol: Sendable, Hashable {
    /// IPv4 (EtherType 0x0800, AF_INET).
    case ipv4
    /// IPv6 (EtherType 0x86DD, AF_INET6 of any platform).
    case ipv6

    /// The protocol for an EtherType, or nil for anything else (ARP, LLDP, 802.3 lengths...).
    public init?(etherType: UInt16) {
        switch etherType {
        case 0x0800: self = .ipv4
        case 0x86DD: self = .ipv6
        default: return nil
        }
    }
}
