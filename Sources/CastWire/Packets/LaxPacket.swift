/// A packet sliced into every layer that parsed, plus the fault that stopped slicing (if any).
///
/// Snaplen-cut captures are the normal case: a packet whose TCP header is cut still reports its Ethernet and IP
/// headers, with `stopError` saying "TCP header truncated at byte 34: need 20, have 12".
public struct LaxPacket: Sendable {
    /// The link type the packet was sliced as.
    public var linkType: LinkType
    /// The link header, when the link type has one and it parsed.
    public var link: PacketLinkHeader?
    /// The network header, when it parsed.
    public var network: PacketNetworkHeader?
    /// The transport header, when it parsed (never for fragments).
    public var transport: PacketTransportHeader?
    /// The bytes after the last layer that parsed.
    public var payload: ByteReader
    /// Where and why slicing stopped; nil when every layer present parsed.
    public var stopError: PacketError?

    /// An empty result for `bytes` before any layer is parsed.
    init(bytes: [UInt8], linkType: LinkType) {
        self.init(reader: ByteReader(bytes), linkType: linkType)
    }

    /// An empty result for the bytes `reader` covers.
    init(reader: ByteReader, linkType: LinkType) {
        self.linkType = linkType
        self.payload = reader
    }

    /// The layer where slicing stopped, if it did.
    public var stopLayer: PacketLayer? { stopError?.layer }

    /// True when some layer announced more bytes than were captured.
    public var isTruncated: Bool {
        if stopError?.isTruncation == true { return true }
        if network?.isPayloadTruncated == true { return true }
        if case .udp(let view) = transport, view.isPayloadTruncated { return true }
        return false
    }
}
