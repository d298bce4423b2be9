/// Every protocol layer the packet slicer can stop at; errors name one so a report can say where parsing ended.
public enum PacketLayer: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The link type itself (a DLT the slicer does not decode).
    case link
    /// Ethernet II header (destination, source, EtherType).
    case ethernet
    /// One 802.1Q or 802.1ad VLAN tag.
    case vlanTag
    /// Linux cooked capture v1 header (DLT 113).
    case linuxSLL
    /// Linux cooked capture v2 header (DLT 276).
    case linuxSLL2
    /// BSD loopback header (DLT 0 NULL or DLT 108 LOOP).
    case loopback
    /// Radiotap header (DLT 127).
    case radiotap
    /// IEEE 802.11 MAC header (DLT 105, or after radiotap).
    case ieee80211
    /// The version nibble of a raw-IP packet (DLT 101).
    case rawIP
    /// IPv4 header including options.
    case ipv4Header
    /// IPv4 payload as announced by the total length.
    case ipv4Payload
    /// IPv6 fixed header.
    case ipv6Header
    /// An IPv6 extension header (hop-by-hop, routing, fragment, destination options, AH).
    case ipv6ExtensionHeader
    /// IPv6 payload as announced by the payload length.
    case ipv6Payload
    /// UDP header.
    case udpHeader
    /// UDP payload as announced by the UDP length.
    case udpPayload
    /// TCP header including options.
    case tcpHeader
    /// The option bytes of a TCP header.
    case tcpOptions

    /// The name used in error messages ("TCP header").
    public var description: String {
        switch self {
        case .link: "link layer"
        case .ethernet: "Ethernet II header"
        case .vlanTag: "VLAN tag"
        case .linuxSLL: "Linux SLL header"
        case .linuxSLL2: "Linux SLL2 header"
        case .loopback: "loopback header"
        case .radiotap: "radiotap header"
        case .ieee80211: "802.11 header"
        case .rawIP: "raw IP header"
        case .ipv4Header: "IPv4 header"
        case .ipv4Payload: "IPv4 payload"
        case .ipv6Header: "IPv6 header"
        case .ipv6ExtensionHeader: "IPv6 extension header"
        case .ipv6Payload: "IPv6 payload"
        case .udpHeader: "UDP header"
        case .udpPayload: "UDP payload"
        case .tcpHeader: "TCP header"
        case .tcpOptions: "TCP options"
        }
    }
}
