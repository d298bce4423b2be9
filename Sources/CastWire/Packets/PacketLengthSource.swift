/// What bounded the bytes a layer could see: the capture itself or a length field of an enclosing header.
public enum PacketLengthSource: String, Sendable, Hashable, CustomStringConvertible {
    /// The captured bytes (snaplen or end of frame).
    case captured
    /// The IPv4 total length field.
    case ipv4TotalLength
    /// The IPv6 payload length field.
    case ipv6PayloadLength
    /// The UDP length field.
    case udpLength

    /// The phrase appended to truncation messages ("IPv4 total length").
    public var description: String {
        switch self {
        case .captured: "captured length"
        case .ipv4TotalLength: "IPv4 total length"
        case .ipv6PayloadLength: "IPv6 payload length"
        case .udpLength: "UDP length"
        }
    }
}
