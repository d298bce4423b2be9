import Testing
@testable import CastWire

@Suite struct IPv6HeaderViewTests {
    /// Fixed header with `next` and `payloadLength`, source ::1, destination fe80::1.
    static func fixed(next: UInt8, payloadLength: UInt16) -> [UInt8] {
        [
            // 0: version 6, traffic class 0x12, flow label 0x34567
            0x61, 0x23, 0x45, 0x67,
            // 4: payload length, next header, hop limit 64
            UInt8(payloadLength >> 8), UInt8(payloadLength & 0xFF), next, 0x40,
        ]
            // 8: source ::1
            + [UInt8](repeating: 0, count: 15) + [0x01]
            // 24: destination fe80::1
            + [0xFE, 0x80] + [UInt8](repeating: 0, count: 13) + [0x01]
    }

    static let extensionChain: [UInt8] = fixed(next: 0, payloadLength: 58) + [
        // 40: hop-by-hop, next 43 (routing), length 0 (8 bytes), PadN 4
        0x2B, 0x00, 0x01, 0x04, 0x00, 0x00, 0x00, 0x00,
        // 48: routing, next 60 (destination options), length 0, type 4, segments left 0
        0x3C, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00,
        // 56: destination options, next 51 (AH), length 0, PadN 4
        0x33, 0x00, 0x01, 0x04, 0x00, 0x00, 0x00, 0x00,
        // 64: AH, next 17 (UDP), payload length 4 → (4 + 2) × 4 = 24 bytes; reserved
        0x11, 0x04, 0x00, 0x00,
        // 68: SPI, sequence
        0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x01,
        // 76: ICV (12 bytes)
        0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA,
        // 88: UDP 5353 -> 5353, length 10, checksum 0
        0x14, 0xE9, 0x14, 0xE9, 0x00, 0x0A, 0x00, 0x00,
        // 96: payload
        0xC0, 0xDE,
    ]

    @Test func decodesFixedFields() throws {
        let view = try IPv6HeaderView(ByteReader(Self.extensionChain))
        #expect(view.trafficClass == 0x12)
        #expect(view.flowLabel == 0x34567)
        #expect(view.payloadLength == 58)
        #expect(view.hopLimit == 64)
        #expect(IPv6HeaderView.format(address: view.source) == "::1")
        #expect(IPv6HeaderView.format(address: view.destination) == "fe80::1")
    }

    @Test func skipsHopByHopRoutingDestinationAndAH() throws {
        let view = try IPv6HeaderView(ByteReader(Self.extensionChain))
        #expect(view.extensionHeaders.map(\.headerType) == [0, 43, 60, 51])
        #expect(view.extensionHeaders.map(\.offset) == [40, 48, 56, 64])
        #expect(view.extensionHeaders.map(\.length) == [8, 8, 8, 24])
        #expect(view.upperLayerProtocol == 17)
        #expect(view.extensionError == nil)
        #expect(view.payload.position == 88)
        let packet = PacketSlicer.lax(Self.extensionChain, linkType: .ipv6)
        guard case .udp(let udp) = packet.transport else {
            Issue.record("no UDP")
            return
        }
        #expect(udp.offset == 88)
        #expect(Array(udp.payload.remainingBytes) == [0xC0, 0xDE])
    }

    @Test func fragmentHeaderIsFlagged() throws {
        let bytes = Self.fixed(next: 44, payloadLength: 16) + [
            // 40: fragment header, next 17, reserved, offset 185 (1480 bytes) with M set, id 0xDEADBEEF
            0x11, 0x00, 0x05, 0xC9, 0xDE, 0xAD, 0xBE, 0xEF,
            // 48: 8 bytes of fragment data
            1, 2, 3, 4, 5, 6, 7, 8,
        ]
        let view = try IPv6HeaderView(ByteReader(bytes))
        #expect(view.fragment == IPv6FragmentInfo(fragmentOffset: 185, moreFragments: true,
                                                  identification: 0xDEAD_BEEF, offset: 40))
        #expect(view.isFragment)
        #expect(view.upperLayerProtocol == 17)
        let packet = PacketSlicer.lax(bytes, linkType: .raw)
        #expect(packet.transport == nil)
        #expect(packet.payload.position == 48)
        #expect(packet.stopError == nil)
    }

    @Test func atomicFragmentIsNotAFragment() throws {
        let bytes = Self.fixed(next: 44, payloadLength: 16) + [
            // 40: fragment header, next 17, offset 0, M clear
            0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
            // 48: UDP header, length 8
            0x00, 0x01, 0x00, 0x02, 0x00, 0x08, 0x00, 0x00,
        ]
        let packet = PacketSlicer.lax(bytes, linkType: .ipv6)
        guard case .udp = packet.transport else {
            Issue.record("atomic fragment should carry UDP")
            return
        }
    }

    @Test func truncatedExtensionHeaderNamesPayloadLength() throws {
        let bytes = Self.fixed(next: 0, payloadLength: 8) + [
            // 40: hop-by-hop, next 6, length 1 → 16 bytes, but the payload length allows 8
            0x06, 0x01, 0x01, 0x04, 0x00, 0x00, 0x00, 0x00,
            // 48: captured beyond the payload length
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        ]
        let view = try IPv6HeaderView(ByteReader(bytes))
        let expected = PacketError.truncated(.ipv6ExtensionHeader, need: 16, have: 8, at: 40,
                                             source: .ipv6PayloadLength)
        #expect(view.extensionError == expected)
        #expect(expected.description
            == "IPv6 extension header truncated at byte 40: need 16, have 8 (limited by IPv6 payload length)")
        let packet = PacketSlicer.lax(bytes, linkType: .ipv6)
        #expect(packet.network != nil)
        #expect(packet.stopError == expected)
        #expect(throws: expected) { try PacketSlicer.strict(bytes, linkType: .ipv6) }
    }

    @Test func shortFixedHeaderIsTruncated() {
        #expect(throws: PacketError.truncated(.ipv6Header, need: 40, have: 39, at: 0)) {
            try IPv6HeaderView(ByteReader(Array(Self.extensionChain.prefix(39))))
        }
    }

    @Test func formatsAddressesPerRFC5952() {
        func address(_ groups: [UInt16]) -> [UInt8] { groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        #expect(IPv6HeaderView.format(address: address([0x2001, 0xDB8, 0, 0, 1, 0, 0, 1])) == "2001:db8::1:0:0:1")
        #expect(IPv6HeaderView.format(address: address([0x2001, 0xDB8, 0, 1, 1, 1, 1, 1])) == "2001:db8:0:1:1:1:1:1")
        #expect(IPv6HeaderView.format(address: address([0, 0, 0, 0, 0, 0, 0, 0])) == "::")
        #expect(IPv6HeaderView.format(address: address([0xFF02, 0, 0, 0, 0, 0, 0, 0xFB])) == "ff02::fb")
    }
}
