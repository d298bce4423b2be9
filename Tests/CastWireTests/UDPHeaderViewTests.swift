import Testing
@testable import CastWire

@Suite struct UDPHeaderViewTests {
    @Test func lengthFieldLimitsPayload() throws {
        let packet = PacketSlicer.lax(PacketFixtures.ipv4UDPPadded, linkType: .ipv4)
        guard case .udp(let udp) = packet.transport else {
            Issue.record("no UDP")
            return
        }
        #expect(udp.sourcePort == 12345)
        #expect(udp.destinationPort == 53)
        #expect(udp.length == 12)
        #expect(udp.checksum == 0)
        #expect(Array(udp.payload.remainingBytes) == Array("ping".utf8))
        #expect(!udp.isPayloadTruncated)
    }

    @Test func udpLengthBeyondCaptureIsFlaggedAndStrictThrows() throws {
        // 0: UDP 1 -> 2, length 20, but only 4 payload bytes follow
        let bytes: [UInt8] = [0x00, 0x01, 0x00, 0x02, 0x00, 0x14, 0x00, 0x00, 1, 2, 3, 4]
        let view = try UDPHeaderView(ByteReader(bytes))
        #expect(view.isPayloadTruncated)
        #expect(view.payload.remaining == 4)
        // Inside IPv4 (total length 32), a UDP length of 20 overruns: lax flags it, strict throws.
        var ip = PacketFixtures.ipv4UDPPadded
        ip[25] = 20
        #expect(PacketSlicer.lax(ip, linkType: .ipv4).isTruncated)
        #expect(throws: PacketError.truncated(.udpPayload, need: 12, have: 4, at: 28, source: .ipv4TotalLength)) {
            try PacketSlicer.strict(ip, linkType: .ipv4)
        }
    }

    @Test func lengthBelowEightIsMalformed() {
        let bytes: [UInt8] = [0x00, 0x01, 0x00, 0x02, 0x00, 0x04, 0x00, 0x00]
        #expect(throws: PacketError.malformed(.udpHeader, .udpLengthTooSmall(4), at: 0)) {
            try UDPHeaderView(ByteReader(bytes))
        }
    }

    @Test func truncatedHeaderKeepsOffsetAndSource() {
        var bytes = PacketFixtures.ipv4UDPPadded
        bytes[3] = 24  // 0: total length 24 leaves 4 bytes for UDP
        let packet = PacketSlicer.lax(bytes, linkType: .ipv4)
        let expected = PacketError.truncated(.udpHeader, need: 8, have: 4, at: 20, source: .ipv4TotalLength)
        #expect(packet.stopError == expected)
        #expect(expected.description
            == "UDP header truncated at byte 20: need 8, have 4 (limited by IPv4 total length)")
    }
}
