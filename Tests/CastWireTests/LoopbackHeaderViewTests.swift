import Testing
@testable import CastWire

@Suite struct LoopbackHeaderViewTests {
    @Test func nullLittleEndianIPv4() throws {
        // 0: AF_INET (2) as written by a little-endian host
        let view = try LoopbackHeaderView(ByteReader([0x02, 0x00, 0x00, 0x00]), networkByteOrder: false)
        #expect(view.family == 2)
        #expect(!view.isBigEndian)
        #expect(view.networkProtocol == .ipv4)
        #expect(view.payload.position == 4)
    }

    @Test func nullBigEndianDarwinIPv6() throws {
        // 0: AF_INET6 on Darwin (30) as written by a big-endian host
        let view = try LoopbackHeaderView(ByteReader([0x00, 0x00, 0x00, 0x1E]), networkByteOrder: false)
        #expect(view.family == 30)
        #expect(view.isBigEndian)
        #expect(view.networkProtocol == .ipv6)
    }

    @Test func nullLittleEndianEveryIPv6Family() throws {
        for family: UInt8 in [10, 24, 28, 30] {
            let view = try LoopbackHeaderView(ByteReader([family, 0, 0, 0]), networkByteOrder: false)
            #expect(view.networkProtocol == .ipv6)
        }
    }

    @Test func loopIsAlwaysNetworkOrder() throws {
        let view = try LoopbackHeaderView(ByteReader([0x00, 0x00, 0x00, 0x02]), networkByteOrder: true)
        #expect(view.networkProtocol == .ipv4)
        // A little-endian family under LOOP is a huge big-endian number: rejected.
        #expect(throws: PacketError.malformed(.loopback, .unknownLoopbackFamily(0x0200_0000), at: 0)) {
            try LoopbackHeaderView(ByteReader([0x02, 0x00, 0x00, 0x00]), networkByteOrder: true)
        }
    }

    @Test func unknownFamilyIsMalformed() {
        #expect(throws: PacketError.malformed(.loopback, .unknownLoopbackFamily(7), at: 0)) {
            try LoopbackHeaderView(ByteReader([0x07, 0x00, 0x00, 0x00]), networkByteOrder: false)
        }
    }

    @Test func slicesNullThroughToTCP() {
        let packet = PacketSlicer.lax([0x02, 0x00, 0x00, 0x00] + PacketFixtures.ipv4TCPSyn, linkType: .null)
        #expect(packet.stopError == nil)
        guard case .tcp(let tcp) = packet.transport else {
            Issue.record("no TCP")
            return
        }
        #expect(tcp.offset == 24)
    }
}
