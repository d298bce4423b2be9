/// The network-layer header of a sliced packet.
public enum PacketNetworkHeader: Sendable {
    /// IPv4.
    case ipv4(IPv4HeaderView)
    /// IPv6 with its extension headers.
    case ipv6(IPv6HeaderView)

    /// The upper-layer protocol number (6 TCP, 17 UDP).
    public var transportProtocol: UInt8 {
        switch self {
        case .ipv4(let view): view.protocolNumber
        case .ipv6(let view): view.upperLayerProtocol
        }
    }

    /// True when the packet is one fragment of a larger datagram, so no transport header is decoded.
    public var isFragment: Bool {
        switch self {
        case .ipv4(let view): view.isFragment
        case .ipv6(let view): view.isFragment
        }
    }

    /// The network payload (after IPv6 extension headers).
    public var payload: ByteReader {
        switch self {
        case .ipv4(let view): view.payload
        case .ipv6(let view): view.payload
        }
    }

    /// What bounded the payload.
    public var payloadLengthSource: PacketLengthSource {
        switch self {
        case .ipv4(let view): view.payloadLengthSource
        case .ipv6(let view): view.payloadLengthSource
        }
    }

    /// True when the capture cut the payload short of its announced length.
    public var isPayloadTruncated: Bool {
        switch self {
        case .ipv4(let view): view.isPayloadTruncated
        case .ipv6(let view): view.isPayloadTruncated
        }
    }

    /// Source address text ("127.0.0.1", "::1").
    public var sourceText: String {
        switch self {
        case .ipv4(let view): IPv4HeaderView.format(address: view.source)
        case .ipv6(let view): IPv6HeaderView.format(address: view.source)
        }
    }

    /// Destination address text.
    public var destinationText: String {
        switch self {
        case .ipv4(let view): IPv4HeaderView.format(address: view.destination)
        case .ipv6(let view): IPv6HeaderView.format(address: view.destination)
        }
    }
}
