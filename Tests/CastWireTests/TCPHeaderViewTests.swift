import Testing
@testable import CastWire

@Suite struct TCPHeaderViewTests {
    static func tcp(_ bytes: [UInt8]) throws -> TCPHeaderView {
        try TCPHeaderView(ByteReader(bytes, range: 20..<bytes.count))
    }

    @Test func decodesFixedFields() throws {
        let view = try Self.tcp(PacketFixtures.ipv4TCPSyn)
        #expect(view.offset == 20)
        #expect(view.sourcePort == 54321)
        #expect(view.destinationPort == 443)
        #expect(view.sequenceNumber == 0x1122_3344)
        #expect(view.acknowledgmentNumber == 0)
        #expect(view.dataOffset == 10)
        #expect(view.headerLength == 40)
        #expect(view.flags == .syn)
        #expect(view.flags.description == "SYN")
        #expect(view.window == 65495)
        #expect(view.checksum == 0xFE30)
        #expect(view.urgentPointer == 0)
        #expect(view.payload.isAtEnd)
    }

    @Test func parsesSynOptions() throws {
        let header = try Self.tcp(PacketFixtures.ipv4TCPSyn).decoded
        #expect(header.options == [
            .maximumSegmentSize(65495), .sackPermitted, .timestamps(value: 0x0001_0203, echoReply: 0),
            .noOperation, .windowScale(7),
        ])
        #expect(header.maximumSegmentSize == 65495)
        #expect(header.windowScale == 7)
        #expect(header.sackPermitted)
        #expect(header.timestamps?.value == 0x0001_0203)
        #expect(header.optionsError == nil)
    }

    @Test func parsesSACKBlocksUnknownAndEndOfList() {
        let options: [UInt8] = [
            // 0: NOP, NOP, SACK with two blocks (18 bytes)
            0x01, 0x01, 0x05, 0x12,
            0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x20,
            0x00, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00, 0x40,
            // 20: unknown kind 30 (MPTCP), length 4
            0x1E, 0x04, 0xAB, 0xCD,
            // 24: end of list, then padding that must be ignored
            0x00, 0xFF, 0xFF, 0xFF,
        ]
        let result = TCPOption.parse(options, range: 0..<options.count)
        #expect(result.error == nil)
        #expect(result.options == [
            .noOperation, .noOperation,
            .sack([TCPSACKBlock(left: 0x10, right: 0x20), TCPSACKBlock(left: 0x30, right: 0x40)]),
            .unknown(kind: 30, data: [0xAB, 0xCD]), .endOfList,
        ])
    }

    @Test func badOptionLengthKeepsEarlierOptions() throws {
        var bytes = PacketFixtures.ipv4TCPSyn
        bytes[47] = 0x09  // 46: timestamps option claims length 9
        let view = try Self.tcp(bytes)
        let result = view.parsedOptions
        #expect(result.options == [.maximumSegmentSize(65495), .sackPermitted])
        #expect(result.error == .malformed(.tcpOptions, .tcpOptionLength(kind: 8, length: 9), at: 46))
        #expect(throws: PacketError.malformed(.tcpOptions, .tcpOptionLength(kind: 8, length: 9), at: 46)) {
            try view.options()
        }
        // Lax slicing keeps the TCP header and reports the option fault.
        let packet = PacketSlicer.lax(bytes, linkType: .ipv4)
        #expect(packet.transport != nil)
        #expect(packet.stopLayer == .tcpOptions)
    }

    @Test func optionRunningPastHeaderIsMalformed() {
        let options: [UInt8] = [0x02, 0x04, 0x05]  // MSS says 4 bytes, 3 left
        let result = TCPOption.parse(options, range: 0..<3)
        #expect(result.error == .malformed(.tcpOptions, .tcpOptionLength(kind: 2, length: 4), at: 0))
        let lone: [UInt8] = [0x01, 0x02]  // NOP then a kind without its length byte
        #expect(TCPOption.parse(lone, range: 0..<2).error == .truncated(.tcpOptions, need: 2, have: 1, at: 1))
    }

    @Test func theFaultCheckAgreesWithTheParserOnEveryCutAndCorruption() {
        // MSS, SACK-permitted, timestamps, window scale, SACK, an unknown kind, end of list.
        let options: [UInt8] = [
            0x02, 0x04, 0x05, 0xB4, 0x04, 0x02, 0x08, 0x0A, 0, 0, 0, 1, 0, 0, 0, 2, 0x03, 0x03, 0x07,
            0x05, 0x0A, 0, 0, 0, 1, 0, 0, 0, 2, 0x1E, 0x03, 0xAB, 0x00,
        ]
        var variants: [[UInt8]] = (0...options.count).map { Array(options[..<$0]) }
        for index in options.indices {
            for value: UInt8 in [0x00, 0x01, 0x02, 0x05, 0x08, 0x09, 0xFF] {
                var corrupted = options
                corrupted[index] = value
                variants.append(corrupted)
            }
        }
        var faults = 0
        for bytes in variants {
            let parsed = TCPOption.parse(bytes, range: 0..<bytes.count).error
            #expect(TCPOption.firstFault(bytes, range: 0..<bytes.count) == parsed, "\(bytes)")
            if parsed != nil { faults += 1 }
        }
        #expect(faults > 20)  // the variants do exercise the faults, not only the clean paths
    }

    @Test func dataOffsetBelowFiveIsMalformed() {
        var bytes = PacketFixtures.ipv4TCPSyn
        bytes[32] = 0x40
        #expect(throws: PacketError.malformed(.tcpHeader, .tcpDataOffsetTooSmall(4), at: 20)) {
            try Self.tcp(bytes)
        }
    }

    @Test func headerCutByTotalLengthSaysSo() {
        // Ethernet (14) + IPv4 whose total length 32 leaves 12 bytes of a 40-byte TCP header.
        var ip = PacketFixtures.ipv4TCPSyn
        ip[3] = 32
        let packet = PacketSlicer.lax(PacketFixtures.ethernetIPv4Header + ip, linkType: .ethernet)
        #expect(packet.stopError?.description
            == "TCP header truncated at byte 34: need 20, have 12 (limited by IPv4 total length)")
    }

    @Test func headerCutBySnaplenSaysNeedAndHave() {
        let bytes = Array((PacketFixtures.ethernetIPv4Header + PacketFixtures.ipv4TCPSyn).prefix(46))
        let packet = PacketSlicer.lax(bytes, linkType: .ethernet)
        #expect(packet.stopError?.description == "TCP header truncated at byte 34: need 20, have 12")
        // Options cut: 20 bytes present of 40.
        let longer = Array((PacketFixtures.ethernetIPv4Header + PacketFixtures.ipv4TCPSyn).prefix(54))
        #expect(PacketSlicer.lax(longer, linkType: .ethernet).stopError
            == .truncated(.tcpHeader, need: 40, have: 20, at: 34))
    }

    @Test func flagsDescribeInWiresharkOrder() {
        #expect(TCPFlags([.syn, .ack]).description == "ACK,SYN")
        #expect(TCPFlags([.fin, .psh, .ack, .ece, .cwr, .ns, .urg, .rst]).description
            == "NS,CWR,ECE,URG,ACK,PSH,RST,FIN")
    }
}
