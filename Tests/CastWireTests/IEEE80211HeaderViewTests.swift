import Testing

@testable import CastWire

/// 802.11 and radiotap link headers: which frames carry IP, where the payload starts in each header shape, and
/// the faults a forged radiotap header must give.
@Suite struct IEEE80211HeaderViewTests {
    static let snapIPv4: [UInt8] = [0xAA, 0xAA, 0x03, 0, 0, 0, 0x08, 0x00]
    static let addresses = [UInt8](repeating: 0x02, count: 18)

    /// A data frame: frame control, duration, addresses (3 or 4), sequence, QoS/HT control as asked.
    static func dataFrame(subtype: UInt8 = 0, flags: UInt8 = 0x01, fourAddresses: Bool = false, qosControl: [UInt8] = [],
                          htControl: [UInt8] = [], body: [UInt8]) -> [UInt8] {
        [0x08 | subtype << 4, flags, 0, 0] + addresses + [0, 0]
            + (fourAddresses ? [UInt8](repeating: 0x04, count: 6) : []) + qosControl + htControl + body
    }

    @Test func plainDataFrameCarriesIPv4ToTCP() throws {
        let packet = try PacketSlicer.strict(Self.dataFrame(body: Self.snapIPv4 + PacketFixtures.ipv4TCPSyn),
                                             linkType: .ieee80211)
        guard case .ieee80211(let frame) = packet.link else { Issue.record("no 802.11 header"); return }
        #expect(frame.kind == .data && frame.etherType == 0x0800)
        #expect(packet.transport != nil)
    }

    @Test func fourAddressQoSFrameWithHTControlFindsItsPayload() throws {
        let bytes = Self.dataFrame(subtype: 8, flags: 0x83, fourAddresses: true, qosControl: [0, 0],
                                   htControl: [0, 0, 0, 0], body: Self.snapIPv4 + PacketFixtures.ipv4TCPSyn)
        #expect(try PacketSlicer.strict(bytes, linkType: .ieee80211).transport != nil)
    }

    @Test func protectedNullAggregateAndControlFramesCarryNoIP() {
        func kind(_ bytes: [UInt8]) -> IEEE80211HeaderView.Kind? {
            let packet = PacketSlicer.lax(bytes, linkType: .ieee80211)
            #expect(packet.network == nil && packet.stopError == nil)
            if case .ieee80211(let frame) = packet.link { return frame.kind }
            return nil
        }
        #expect(kind(Self.dataFrame(flags: 0x41, body: [1, 2, 3, 4, 5, 6, 7, 8])) == .protectedData)
        #expect(kind(Self.dataFrame(subtype: 0x4, body: [])) == .nullData)
        #expect(kind(Self.dataFrame(subtype: 8, qosControl: [0x80, 0], body: Self.snapIPv4)) == .otherData)
        #expect(kind([0xD4, 0, 0, 0, 1, 2, 3, 4, 5, 6]) == .control)  // ACK: 10 bytes, not a truncated header
        #expect(kind([0x80, 0] + [UInt8](repeating: 0, count: 30)) == .management)  // beacon
    }

    @Test func aDataFrameCutInsideItsHeaderIsATruncation() {
        let packet = PacketSlicer.lax(Array(Self.dataFrame(body: []).prefix(20)), linkType: .ieee80211)
        #expect(packet.stopError == .truncated(.ieee80211, need: 24, have: 20, at: 0))
    }

    /// Radiotap: version 0, length, present words, then (TSFT aligned to 8) the Flags byte.
    static func radiotap(present: [UInt32], fields: [UInt8]) -> [UInt8] {
        let words = present.flatMap { [UInt8($0 & 0xff), UInt8($0 >> 8 & 0xff), UInt8($0 >> 16 & 0xff), UInt8($0 >> 24)] }
        let length = 4 + words.count + fields.count
        return [0, 0, UInt8(length & 0xff), UInt8(length >> 8)] + words + fields
    }

    @Test func radiotapWithTSFTAndAnExtendedBitmapFindsFlagsAndDropsTheFCS() throws {
        // Two present words (bit 31 chains), so TSFT is aligned from offset 12 to 16, and Flags follows at 24.
        let header = Self.radiotap(present: [0x8000_0003, 0], fields: [0, 0, 0, 0] + [UInt8](repeating: 9, count: 8)
                                       + [RadiotapHeaderView.flagFCS])
        let frame = Self.dataFrame(body: Self.snapIPv4 + PacketFixtures.ipv4TCPSyn)
        let packet = try PacketSlicer.strict(header + frame + [0xDE, 0xAD, 0xBE, 0xEF], linkType: .radiotap)
        guard case .ieee80211(let view) = packet.link else { Issue.record("no 802.11 header"); return }
        #expect(view.radiotap?.flags == RadiotapHeaderView.flagFCS)
        #expect(packet.payload.remaining == 0)  // the SYN carries no data: the 4 FCS bytes are not taken for some
    }

    @Test func radiotapFaultsAreNamed() {
        #expect(PacketSlicer.lax([1, 0, 8, 0, 0, 0, 0, 0], linkType: .radiotap).stopError
                    == .malformed(.radiotap, .unknownRadiotapVersion(1), at: 0))
        #expect(PacketSlicer.lax([0, 0, 40, 0, 0, 0, 0, 0], linkType: .radiotap).stopError
                    == .truncated(.radiotap, need: 40, have: 8, at: 0))
        // Every present word chains to another, past the header's 12 bytes.
        #expect(PacketSlicer.lax(Self.radiotap(present: [0x8000_0000, 0x8000_0000], fields: []), linkType: .radiotap)
                    .stopError == .malformed(.radiotap, .radiotapPresentBitmapOverrun, at: 0))
    }
}
