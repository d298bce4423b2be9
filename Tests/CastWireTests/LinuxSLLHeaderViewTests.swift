import Testing
@testable import CastWire

@Suite struct LinuxSLLHeaderViewTests {
    static let header: [UInt8] = [
        // 0: packet type 4 (sent by us)
        0x00, 0x04,
        // 2: ARPHRD 772 (loopback)
        0x03, 0x04,
        // 4: address length 6
        0x00, 0x06,
        // 6: address (6 bytes) + 2 padding
        0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x00, 0x00,
        // 14: protocol IPv4
        0x08, 0x00,
    ]

    @Test func decodesFieldsAndFindsIPv4() throws {
        let view = try LinuxSLLHeaderView(ByteReader(Self.header + PacketFixtures.ipv4TCPSyn))
        #expect(view.packetType == 4)
        #expect(view.arphrdType == 772)
        #expect(view.address == [0x00, 0x11, 0x22, 0x33, 0x44, 0x55])
        #expect(view.protocolType == 0x0800)
        #expect(view.networkProtocol == .ipv4)
        #expect(view.payload.position == 16)
    }

    @Test func slicesThroughToTCP() {
        let packet = PacketSlicer.lax(Self.header + PacketFixtures.ipv4TCPSyn, linkType: .linuxSLL)
        #expect(packet.stopError == nil)
        guard case .tcp(let tcp) = packet.transport else {
            Issue.record("no TCP")
            return
        }
        #expect(tcp.offset == 36)
        #expect(tcp.destinationPort == 443)
    }

    @Test func truncatedHeaderThrows() {
        #expect(throws: PacketError.truncated(.linuxSLL, need: 16, have: 15, at: 0)) {
            try LinuxSLLHeaderView(ByteReader(Array(Self.header.prefix(15))))
        }
    }
}
