import Testing
@testable import CastWire

@Suite struct IPv4HeaderViewTests {
    @Test func decodesEveryField() throws {
        let view = try IPv4HeaderView(ByteReader(PacketFixtures.ipv4TCPSyn))
        #expect(view.headerLength == 20)
        #expect(view.totalLength == 60)
        #expect(view.identification == 0x1C46)
        #expect(view.dontFragment)
        #expect(!view.moreFragments)
        #expect(view.fragmentOffset == 0)
        #expect(!view.isFragment)
        #expect(view.ttl == 64)
        #expect(view.protocolNumber == 6)
        #expect(view.headerChecksum == 0x2074)
        #expect(view.isHeaderChecksumValid)
        #expect(IPv4HeaderView.format(address: view.source) == "127.0.0.1")
        #expect(view.options.isEmpty)
        #expect(view.payload.position == 20)
        #expect(view.payload.remaining == 40)
        #expect(view.payloadLengthSource == .ipv4TotalLength)
        #expect(!view.isPayloadTruncated)
    }

    @Test func badChecksumIsReportedNotEnforced() throws {
        var bytes = PacketFixtures.ipv4TCPSyn
        bytes[11] = 0x75  // 8: checksum 0x2075, one off
        let view = try IPv4HeaderView(ByteReader(bytes))
        #expect(!view.isHeaderChecksumValid)
        #expect(view.computedHeaderChecksum == 0x2074)
    }

    @Test func optionsAreKeptRawAndFragmentsFlagged() throws {
        let view = try IPv4HeaderView(ByteReader(PacketFixtures.ipv4UDPFragmentWithOption))
        #expect(view.headerLength == 24)
        #expect(Array(view.options) == [0x01, 0x01, 0x01, 0x00])
        #expect(view.isHeaderChecksumValid)
        #expect(view.moreFragments)
        #expect(view.isFragment)
        let packet = PacketSlicer.lax(PacketFixtures.ipv4UDPFragmentWithOption, linkType: .ipv4)
        #expect(packet.network?.isFragment == true)
        #expect(packet.transport == nil)  // fragments carry no decodable transport header
        #expect(packet.stopError == nil)
        #expect(packet.payload.position == 24)
    }

    @Test func totalLengthLimitsPayloadBelowPadding() throws {
        let view = try IPv4HeaderView(ByteReader(PacketFixtures.ipv4UDPPadded))
        #expect(view.payload.remaining == 12)
        #expect(!view.isHeaderChecksumValid)
    }

    @Test func snaplenCutPayloadIsFlagged() throws {
        let view = try IPv4HeaderView(ByteReader(Array(PacketFixtures.ipv4TCPSyn.prefix(30))))
        #expect(view.isPayloadTruncated)
        #expect(view.payloadLengthSource == .captured)
        #expect(view.payload.remaining == 10)
    }

    @Test func zeroTotalLengthFallsBackToCapture() throws {
        var bytes = PacketFixtures.ipv4TCPSyn
        bytes[2] = 0
        bytes[3] = 0
        let view = try IPv4HeaderView(ByteReader(bytes))
        #expect(view.totalLengthAssumedFromCapture)
        #expect(view.payload.remaining == 40)
    }

    @Test func shortHeaderIsTruncated() {
        #expect(throws: PacketError.truncated(.ipv4Header, need: 20, have: 19, at: 0)) {
            try IPv4HeaderView(ByteReader(Array(PacketFixtures.ipv4TCPSyn.prefix(19))))
        }
        // IHL 6 announces 24 bytes; only 22 present.
        #expect(throws: PacketError.truncated(.ipv4Header, need: 24, have: 22, at: 0)) {
            try IPv4HeaderView(ByteReader(Array(PacketFixtures.ipv4UDPFragmentWithOption.prefix(22))))
        }
    }

    @Test func smallIHLAndTotalLengthAreMalformed() {
        var bytes = PacketFixtures.ipv4TCPSyn
        bytes[0] = 0x44
        #expect(throws: PacketError.malformed(.ipv4Header, .ipv4HeaderLengthTooSmall(ihl: 4), at: 0)) {
            try IPv4HeaderView(ByteReader(bytes))
        }
        bytes = PacketFixtures.ipv4TCPSyn
        bytes[3] = 0x10
        let error = PacketError.malformed(.ipv4Header, .ipv4TotalLengthTooSmall(totalLength: 16, headerLength: 20),
                                          at: 0)
        #expect(throws: error) { try IPv4HeaderView(ByteReader(bytes)) }
        #expect(error.description == "IPv4 header malformed at byte 0: total length 16 is below the header length 20")
    }

    @Test func wrongVersionIsMalformed() {
        var bytes = PacketFixtures.ipv4TCPSyn
        bytes[0] = 0x65
        #expect(throws: PacketError.malformed(.ipv4Header, .ipVersionMismatch(expected: 4, found: 6), at: 0)) {
            try IPv4HeaderView(ByteReader(bytes))
        }
    }
}
