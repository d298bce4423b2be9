import Testing
@testable import CastWire

@Suite struct PacketSlicerTests {
    static let ethernetSyn = PacketFixtures.ethernetIPv4Header + PacketFixtures.ipv4TCPSyn

    @Test func slicesEveryLayerOfACompletePacket() throws {
        let packet = try PacketSlicer.strict(Self.ethernetSyn, linkType: .ethernet)
        guard case .ethernet = packet.link, case .ipv4(let ip) = packet.network, case .tcp(let tcp) = packet.transport
        else {
            Issue.record("layers missing")
            return
        }
        #expect(ip.offset == 14)
        #expect(tcp.offset == 34)
        #expect(packet.payload.position == 74)
        #expect(packet.payload.isAtEnd)
        #expect(packet.network?.sourceText == "127.0.0.1")
        #expect(packet.transport?.destinationPort == 443)
        #expect(!packet.isTruncated)
    }

    @Test func laxKeepsLinkAndNetworkWhenTransportIsCut() {
        let packet = PacketSlicer.lax(Array(Self.ethernetSyn.prefix(46)), linkType: .ethernet)
        #expect(packet.link != nil)
        #expect(packet.network != nil)
        #expect(packet.transport == nil)
        #expect(packet.stopLayer == .tcpHeader)
        #expect(packet.isTruncated)
        #expect(packet.payload.position == 34)  // the bytes the TCP header could not use
    }

    @Test func laxKeepsTCPWhenOnlyPayloadIsCut() {
        // Same SYN plus 100 payload bytes announced, 10 captured.
        var ip = PacketFixtures.ipv4TCPSyn
        ip[3] = 160
        let packet = PacketSlicer.lax(PacketFixtures.ethernetIPv4Header + ip + [UInt8](repeating: 0xAB, count: 10),
                                      linkType: .ethernet)
        #expect(packet.stopError == nil)
        #expect(packet.isTruncated)
        #expect(packet.payload.remaining == 10)
    }

    @Test func strictThrowsOnCutPayload() {
        var ip = PacketFixtures.ipv4TCPSyn
        ip[3] = 160
        let bytes = PacketFixtures.ethernetIPv4Header + ip + [UInt8](repeating: 0xAB, count: 10)
        #expect(throws: PacketError.truncated(.ipv4Payload, need: 140, have: 50, at: 34)) {
            try PacketSlicer.strict(bytes, linkType: .ethernet)
        }
    }

    @Test func strictThrowsAtFirstFaultInLayerOrder() {
        // The IPv4 payload is cut before the TCP header is, so strict mode names the IPv4 payload.
        #expect(throws: PacketError.truncated(.ipv4Payload, need: 40, have: 12, at: 34)) {
            try PacketSlicer.strict(Array(Self.ethernetSyn.prefix(46)), linkType: .ethernet)
        }
    }

    @Test func unsupportedLinkTypeStopsAtLink() {
        let packet = PacketSlicer.lax([1, 2, 3], linkType: LinkType(rawValue: 147))
        #expect(packet.stopError == .malformed(.link, .unsupportedLinkType(147), at: 0))
        #expect(packet.stopError?.description == "link layer malformed at byte 0: unsupported link type 147")
        #expect(packet.payload.remaining == 3)
    }

    @Test func rawLinkTypeUsesVersionNibble() {
        #expect(PacketSlicer.lax(PacketFixtures.ipv4TCPSyn, linkType: .raw).transport != nil)
        #expect(PacketSlicer.lax([0x70], linkType: .raw).stopError == .malformed(.rawIP, .unknownIPVersion(7), at: 0))
        #expect(PacketSlicer.lax([], linkType: .raw).stopError == .truncated(.rawIP, need: 1, have: 0, at: 0))
        #expect(PacketSlicer.lax(PacketFixtures.ipv4TCPSyn, linkType: .ipv6).stopError
            == .malformed(.ipv6Header, .ipVersionMismatch(expected: 6, found: 4), at: 0))
    }

    @Test func nonIPEtherTypeStopsCleanlyAfterLink() {
        let arp = [UInt8](repeating: 0xFF, count: 12) + [0x08, 0x06] + [UInt8](repeating: 0, count: 28)
        let packet = PacketSlicer.lax(arp, linkType: .ethernet)
        #expect(packet.stopError == nil)
        #expect(packet.network == nil)
        #expect(packet.payload.position == 14)
    }

    @Test func slicesThroughStackedVLANTagsToTCP() throws {
        let frame = Array(PacketFixtures.ethernetIPv4Header.prefix(12)) + [
            // 12: 802.1ad tag, VLAN 100, then 802.1Q tag, VLAN 200, then EtherType IPv4
            0x88, 0xA8, 0x00, 0x64, 0x81, 0x00, 0x00, 0xC8, 0x08, 0x00,
        ] + PacketFixtures.ipv4TCPSyn  // 22: IPv4, 42: TCP
        let packet = try PacketSlicer.strict(frame, linkType: .ethernet)
        guard case .ethernet(let eth) = packet.link, case .tcp(let tcp) = packet.transport else {
            Issue.record("layers missing")
            return
        }
        #expect(eth.vlanTags.map(\.vlanID) == [100, 200])
        #expect(tcp.offset == 42)
        // Cut inside the TCP header: the error offset counts the tags.
        let cut = PacketSlicer.lax(Array(frame.prefix(50)), linkType: .ethernet)
        #expect(cut.stopError?.description == "TCP header truncated at byte 42: need 20, have 8")
    }

    @Test func slicesEthernetIPv6ToTCP() throws {
        let tcp = Array(PacketFixtures.ipv4TCPSyn.dropFirst(20))
        let ipv6 = IPv6HeaderViewTests.fixed(next: 6, payloadLength: 40) + tcp
        let frame = Array(PacketFixtures.ethernetIPv4Header.prefix(12)) + [0x86, 0xDD] + ipv6
        let packet = try PacketSlicer.strict(frame, linkType: .ethernet)
        #expect(packet.network?.sourceText == "::1")
        #expect(packet.network?.destinationText == "fe80::1")
        #expect(packet.transport?.sourcePort == 54321)
        // IPv6 payload length 24 leaves 24 bytes of the 40-byte TCP header.
        var short = frame
        short[19] = 24
        #expect(PacketSlicer.lax(short, linkType: .ethernet).stopError?.description
            == "TCP header truncated at byte 54: need 40, have 24 (limited by IPv6 payload length)")
    }

    @Test func linkTypeNumbersRoundTrip() {
        for type in LinkType.decoded { #expect(LinkType(rawValue: type.rawValue) == type) }
        #expect(LinkType(rawValue: 113) == .linuxSLL)
        #expect(LinkType(rawValue: 276) == .linuxSLL2)
        #expect(LinkType(rawValue: 9999) == .other(9999))
        #expect(LinkType.linuxSLL2.description == "LINUX_SLL2")
    }
}
