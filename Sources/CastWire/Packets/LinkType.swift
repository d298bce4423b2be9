/// The pcap link-layer header types (DLT/LINKTYPE numbers) the slicer understands, plus any other as `.other`.
public enum LinkType: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// DLT 0: BSD loopback, 4-byte address family in the capturing host's byte order.
    case null
    /// DLT 1: Ethernet II (with optional 802.1Q/802.1ad tags).
    case ethernet
    /// DLT 101: raw IP, version told by the first nibble.
    case raw
    /// DLT 105: IEEE 802.11 frames without radio metadata.
    case ieee80211
    /// DLT 127: radiotap header, then an IEEE 802.11 frame (monitor-mode Wi-Fi).
    case radiotap
    /// DLT 108: OpenBSD loopback, 4-byte address family in network byte order.
    case loop
    /// DLT 113: Linux cooked capture v1.
    case linuxSLL
    /// DLT 228: raw IPv4.
    case ipv4
    /// DLT 229: raw IPv6.
    case ipv6
    /// DLT 276: Linux cooked capture v2.
    case linuxSLL2
    /// Any other link type number.
    case other(UInt32)

    /// Maps a LINKTYPE number (as stored in pcap headers) to a case.
    public init(rawValue: UInt32) {
        switch rawValue {
        case 0: self = .null
        case 1: self = .ethernet
        case 101: self = .raw
        case 105: self = .ieee80211
        case 108: self = .loop
        case 127: self = .radiotap
        case 113: self = .linuxSLL
        case 228: self = .ipv4
        case 229: self = .ipv6
        case 276: self = .linuxSLL2
        default: self = .other(rawValue)
        }
    }

    /// The LINKTYPE number.
    public var rawValue: UInt32 {
        switch self {
        case .null: 0
        case .ethernet: 1
        case .raw: 101
        case .ieee80211: 105
        case .loop: 108
        case .radiotap: 127
        case .linuxSLL: 113
        case .ipv4: 228
        case .ipv6: 229
        case .linuxSLL2: 276
        case .other(let value): value
        }
    }

    /// Every link type the slicer decodes, in DLT order (the fuzz target indexes this).
    public static let decoded: [LinkType] = [
        .null, .ethernet, .raw, .ieee80211, .loop, .linuxSLL, .radiotap, .ipv4, .ipv6, .linuxSLL2,
    ]

    /// The libpcap name ("EN10MB", "LINUX_SLL2").
    public var description: String {
        switch self {
        case .null: "NULL"
        case .ethernet: "EN10MB"
        case .raw: "RAW"
        case .ieee80211: "IEEE802_11"
        case .loop: "LOOP"
        case .radiotap: "IEEE802_11_RADIO"
        case .linuxSLL: "LINUX_SLL"
        case .ipv4: "IPV4"
        case .ipv6: "IPV6"
        case .linuxSLL2: "LINUX_SLL2"
        case .other(let value): "DLT \(value)"
        }
    }
}
