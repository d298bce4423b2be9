/// The link-layer header of a sliced packet (absent for raw-IP link types).
public enum PacketLinkHeader: Sendable {
    /// Ethernet II with any VLAN tags.
    case ethernet(EthernetHeaderView)
    /// Linux cooked capture v1.
    case linuxSLL(LinuxSLLHeaderView)
    /// Linux cooked capture v2.
    case linuxSLL2(LinuxSLL2HeaderView)
    /// BSD loopback (NULL or LOOP).
    case loopback(LoopbackHeaderView)
    /// IEEE 802.11, with its radiotap header when there was one.
    case ieee80211(IEEE80211HeaderView)

    /// The network protocol the header announces, if one the slicer decodes.
    public var networkProtocol: PacketNetworkProtocol? {
        switch self {
        case .ethernet(let view): view.networkProtocol
        case .linuxSLL(let view): view.networkProtocol
        case .linuxSLL2(let view): view.networkProtocol
        case .loopback(let view): view.networkProtocol
        case .ieee80211(let view): view.networkProtocol
        }
    }

    /// The bytes after the link header.
    public var payload: ByteReader {
        switch self {
        case .ethernet(let view): view.payload
        case .linuxSLL(let view): view.payload
        case .linuxSLL2(let view): view.payload
        case .loopback(let view): view.payload
        case .ieee80211(let view): view.payload
        }
    }
}
