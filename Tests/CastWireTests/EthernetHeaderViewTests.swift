import Testing
@testable import CastWire

@Suite struct EthernetHeaderViewTests {
    @Test func decodesAddressesAndEtherType() throws {
        let view = try EthernetHeaderView(ByteReader(PacketFixtures.ethernetIPv4Header + PacketFixtures.ipv4TCPSyn))
        #expect(EthernetHeaderView.format(mac: view.destination) == "02:00:00:00:00:02")
        #expect(EthernetHeaderView.format(mac: view.source) == "02:00:00:00:00:01")
        #expect(view.etherType == 0x0800)
        #expect(view.vlanTags.isEmpty)
        #expect(view.networkProtocol == .ipv4)
        #expect(view.payload.position == 14)
        #expect(view.payload.remaining == 60)
    }

    @Test func decodesStackedQinQTags() throws {
        let frame: [UInt8] = [
            // 0: destination, source
            0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01,
            // 12: TPID 802.1ad; TCI priority 5, DEI 0, VLAN 100
            0x88, 0xA8, 0xA0, 0x64,
            // 16: TPID 802.1Q; TCI priority 0, DEI 1, VLAN 4094
            0x81, 0x00, 0x1F, 0xFE,
            // 20: EtherType IPv6
            0x86, 0xDD,
            // 22: payload
            0x60,
        ]
        let view = try EthernetHeaderView(ByteReader(frame))
        #expect(view.vlanTags.count == 2)
        #expect(view.vlanTags[0] == EthernetVLANTag(tpid: 0x88A8, priority: 5, dropEligible: false, vlanID: 100,
                                                    etherType: 0x8100, offset: 12))
        #expect(view.vlanTags[1] == EthernetVLANTag(tpid: 0x8100, priority: 0, dropEligible: true, vlanID: 4094,
                                                    etherType: 0x86DD, offset: 16))
        #expect(view.etherType == 0x86DD)
        #expect(view.outerEtherType == 0x88A8)
        #expect(view.headerLength == 22)
        #expect(view.payload.position == 22)
        #expect(view.networkProtocol == .ipv6)
    }

    @Test func truncatedFrameReportsNeedAndHave() {
        #expect(throws: PacketError.truncated(.ethernet, need: 14, have: 10, at: 0)) {
            try EthernetHeaderView(ByteReader(Array(PacketFixtures.ethernetIPv4Header.prefix(10))))
        }
    }

    @Test func truncatedVLANTagReportsTagOffset() {
        // 12: TPID 802.1Q followed by only two bytes of the tag.
        let frame: [UInt8] = [UInt8](repeating: 0, count: 12) + [0x81, 0x00, 0x00, 0x01]
        do {
            _ = try EthernetHeaderView(ByteReader(frame))
            Issue.record("expected a truncation error")
        } catch {
            #expect(error == .truncated(.vlanTag, need: 4, have: 2, at: 12))
            #expect(error.description == "VLAN tag truncated at byte 12: need 4, have 2")
        }
    }

    @Test func ieee8023LengthFieldIsNotANetworkProtocol() throws {
        let frame: [UInt8] = [UInt8](repeating: 0, count: 12) + [0x00, 0x2E] + [UInt8](repeating: 0, count: 46)
        let view = try EthernetHeaderView(ByteReader(frame))
        #expect(view.networkProtocol == nil)
    }
}
