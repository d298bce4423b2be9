/// Decodes link → network → transport headers of captured packets, laxly (keep what parsed) or strictly.
public enum PacketSlicer {
    /// Slices `bytes` as far as possible; faults end up in `stopError`, never thrown.
    public static func lax(_ bytes: [UInt8], linkType: LinkType) -> LaxPacket {
        lax(bytes, range: bytes.indices, linkType: linkType)
    }

    /// Slices the packet at `range` of `bytes` (a region of a buffer shared with other packets); offsets in its
    /// views and faults count from the start of `bytes`.
    public static func lax(_ bytes: [UInt8], range: Range<Int>, linkType: LinkType) -> LaxPacket {
        var packet = LaxPacket(reader: ByteReader(bytes, range: range), linkType: linkType)
        do {
            try fill(&packet, strict: false)
        } catch {
            packet.stopError = error
        }
        return packet
    }

    /// Slices `bytes`, throwing at the first fault, including payloads cut short of their announced length and
    /// malformed TCP options; the result's `stopError` is always nil.
    public static func strict(_ bytes: [UInt8], linkType: LinkType) throws(PacketError) -> LaxPacket {
        var packet = LaxPacket(bytes: bytes, linkType: linkType)
        try fill(&packet, strict: true)
        return packet
    }

    /// Parses layer by layer into `packet`, so layers that parsed before a throw stay in it.
    private static func fill(_ packet: inout LaxPacket, strict: Bool) throws(PacketError) {
        let whole = packet.payload
        let network: PacketNetworkProtocol?
        var reader: ByteReader
        switch packet.linkType {
        case .ethernet:
            let view = try EthernetHeaderView(whole)
            packet.link = .ethernet(view)
            (network, reader) = (view.networkProtocol, view.payload)
        case .linuxSLL:
            let view = try LinuxSLLHeaderView(whole)
            packet.link = .linuxSLL(view)
            (network, reader) = (view.networkProtocol, view.payload)
        case .linuxSLL2:
            let view = try LinuxSLL2HeaderView(whole)
            packet.link = .linuxSLL2(view)
            (network, reader) = (view.networkProtocol, view.payload)
        case .null, .loop:
            let view = try LoopbackHeaderView(whole, networkByteOrder: packet.linkType == .loop)
            packet.link = .loopback(view)
            (network, reader) = (view.networkProtocol, view.payload)
        case .ieee80211, .radiotap:
            let view = packet.linkType == .radiotap
                ? try IEEE80211HeaderView(radiotap: whole) : try IEEE80211HeaderView(whole)
            packet.link = .ieee80211(view)
            (network, reader) = (view.networkProtocol, view.payload)
        case .ipv4:
            (network, reader) = (.ipv4, whole)
        case .ipv6:
            (network, reader) = (.ipv6, whole)
        case .raw:
            guard let first = whole.peekUInt8() else { throw .truncated(.rawIP, need: 1, have: 0, at: whole.position) }
            switch first >> 4 {
            case 4: network = .ipv4
            case 6: network = .ipv6
            default: throw .malformed(.rawIP, .unknownIPVersion(first >> 4), at: whole.position)
            }
            reader = whole
        case .other(let value):
            throw .malformed(.link, .unsupportedLinkType(value), at: whole.position)
        }
        packet.payload = reader
        guard let network else { return }

        let header: PacketNetworkHeader
        switch network {
        case .ipv4:
            let view = try IPv4HeaderView(reader)
            header = .ipv4(view)
            packet.network = header
            packet.payload = view.payload
            if strict, view.isPayloadTruncated {
                throw .truncated(.ipv4Payload, need: Int(view.totalLength) - view.headerLength,
                                 have: view.payload.remaining, at: view.payload.position)
            }
        case .ipv6:
            let view = try IPv6HeaderView(reader)
            header = .ipv6(view)
            packet.network = header
            packet.payload = view.payload
            if let error = view.extensionError { throw error }
            if strict, view.isPayloadTruncated {
                let start = view.offset + IPv6HeaderView.fixedLength
                throw .truncated(.ipv6Payload, need: Int(view.payloadLength),
                                 have: whole.limit - start, at: start)
            }
        }
        guard !header.isFragment else { return }

        reader = header.payload
        let source = header.payloadLengthSource
        switch header.transportProtocol {
        case 17:
            let view = try UDPHeaderView(reader, lengthSource: source)
            packet.transport = .udp(view)
            packet.payload = view.payload
            if strict, view.isPayloadTruncated {
                throw .truncated(.udpPayload, need: Int(view.length) - UDPHeaderView.length,
                                 have: view.payload.remaining, at: view.payload.position, source: source)
            }
        case 6:
            let view = try TCPHeaderView(reader, lengthSource: source)
            packet.transport = .tcp(view)
            packet.payload = view.payload
            if let error = view.optionsFault { throw error }
        default:
            return
        }
    }
}
