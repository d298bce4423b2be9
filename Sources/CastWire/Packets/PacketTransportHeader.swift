/// The transport-layer header of a sliced packet.
public enum PacketTransportHeader: Sendable {
    /// UDP.
    case udp(UDPHeaderView)
    /// TCP.
    case tcp(TCPHeaderView)

    /// The transport payload.
    public var payload: ByteReader {
        switch self {
        case .udp(let view): view.payload
        case .tcp(let view): view.payload
        }
    }

    /// Source port.
    public var sourcePort: UInt16 {
        switch self {
        case .udp(let view): view.sourcePort
        case .tcp(let view): view.sourcePort
        }
    }

    /// Destination port.
    public var destinationPort: UInt16 {
        switch self {
        case .udp(let view): view.destinationPort
        case .tcp(let view): view.destinationPort
        }
    }
}
