import Testing
@testable import CastWire

@Suite struct LinuxSLL2HeaderViewTests {
    static let header: [UInt8] = [
        // 0: protocol IPv6
        0x86, 0xDD,
        // 2: reserved
        0x00, 0x00,
        // 4: interface index 1
        0x00, 0x00, 0x00, 0x01,
        // 8: ARPHRD 1 (Ethernet)
        0x00, 0x01,
        // 10: packet type 0 (to us), address length 6
        0x00, 0x06,
        // 12: address + 2 padding
        0x02, 0x00, 0x00, 0x00, 0x00, 0x09, 0x00, 0x00,
    ]

    @Test func decodesFields() throws {
        let view = try LinuxSLL2HeaderView(ByteReader(Self.header))
        #expect(view.protocolType == 0x86DD)
        #expect(view.interfaceIndex == 1)
        #expect(view.arphrdType == 1)
        #expect(view.packetType == 0)
        #expect(view.addressLength == 6)
        #expect(view.address == [0x02, 0, 0, 0, 0, 0x09])
        #expect(view.networkProtocol == .ipv6)
        #expect(view.payload.position == 20)
        #expect(view.payload.isAtEnd)
    }

    @Test func laxSliceKeepsLinkWhenIPv6IsCut() {
        let packet = PacketSlicer.lax(Self.header + [0x60, 0x00, 0x00], linkType: .linuxSLL2)
        guard case .linuxSLL2 = packet.link else {
            Issue.record("link layer missing")
            return
        }
        #expect(packet.network == nil)
        #expect(packet.stopError == .truncated(.ipv6Header, need: 40, have: 3, at: 20))
    }

    @Test func truncatedHeaderThrows() {
        #expect(throws: PacketError.truncated(.linuxSLL2, need: 20, have: 0, at: 0)) {
            try LinuxSLL2HeaderView(ByteReader([]))
        }
    }
}
