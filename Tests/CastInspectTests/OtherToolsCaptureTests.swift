import CastLog
import CastWire
import Foundation
import Testing

@testable import CastInspect

/// Captures written by other tools (mergecap, editcap, hand-built pcapng and 802.11 files in captures/tls-suites,
/// see its README) read packet for packet as tshark reads them.
@Suite struct OtherToolsCaptureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("captures/tls-suites").path

    /// tshark's `frame.time_epoch interface_id encap_type section cap_len len` lines.
    static func tsharkFrames(_ name: String) throws -> [[String]] {
        try String(contentsOfFile: "\(directory)/\(name).tshark-frames.txt", encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Wireshark's encapsulation numbers (WTAP_ENCAP_*) for the LINKTYPEs these files hold.
    static let encapsulation: [UInt32: String] = [1: "1", 276: "210", 101: "7", 228: "7"]

    @Test(arguments: ["multi-interface", "multi-interface-nsres", "multi-section"])
    func everyPacketHasTsharksTimeLengthsAndLinkType(name: String) throws {
        let source = try PcapSource(path: "\(Self.directory)/\(name).pcapng")
        var packets: [CapturedPacket] = []
        while let packet = try source.next() { packets.append(packet) }
        let frames = try Self.tsharkFrames(name)
        #expect(packets.count == frames.count)
        #expect(Set(packets.map(\.linkType.rawValue)).count > 1, "the file mixes link types")
        for (packet, frame) in zip(packets, frames) {
            // tshark prints nanoseconds; castscope keeps microseconds, truncated as libpcap truncates them.
            let parts = frame[0].split(separator: ".")
            let expected = LogTimestamp(seconds: Int64(parts[0]) ?? -1, microseconds: Int32(parts[1].prefix(6)) ?? -1)
            #expect(packet.time == expected, "packet \(packet.number)")
            #expect(Self.encapsulation[packet.linkType.rawValue] == frame[2], "packet \(packet.number)")
            #expect(packet.bytes.count == Int(frame[4]), "packet \(packet.number)")
            #expect(packet.originalLength == Int(frame[5]), "packet \(packet.number)")
        }
    }

    @Test(arguments: ["wifi-80211", "wifi-radiotap"])
    func wifiDataFramesCarryTheirMDNSAndEncryptedOnesAreSaid(name: String) throws {
        let run = InspectHarness(files: ["\(Self.directory)/\(name).pcap"])
        #expect(run.error == nil)
        let frames = try Self.tsharkFrames(name)
        let mdns = run.events.compactMap { if case .mdns(let event) = $0 { event } else { nil } }
        #expect(mdns.count == frames.filter { $0.count > 2 && $0[2] == "5353" }.count)
        #expect(mdns.first?.summary.contains("_googlecast._tcp.local") == true)
        #expect(run.findingCodes.contains("capture.wifi-protected"))
        #expect(!run.findingCodes.contains("capture.link-type"))
    }

    @Test func aRadiotapFrameWithItsFCSHasTheFCSDropped() throws {
        let source = try PcapSource(path: "\(Self.directory)/wifi-radiotap.pcap")
        var sliced: [LaxPacket] = []
        while let packet = try source.next() { sliced.append(PacketSlicer.lax(packet.bytes, linkType: packet.linkType)) }
        let query = try #require(sliced.count > 2 ? sliced[2] : nil)
        guard case .ieee80211(let frame) = query.link, case .udp(let udp) = query.transport else {
            Issue.record("frame 3 is not 802.11 with UDP: \(String(describing: query.stopError))")
            return
        }
        #expect((frame.radiotap?.flags ?? 0) & RadiotapHeaderView.flagFCS != 0)
        #expect(udp.payload.remaining == Int(udp.length) - 8)  // the 4 FCS bytes are not in the datagram
        #expect(query.stopError == nil)
    }

    @Test(arguments: [("ajp-on-8009", "AJP13"), ("http-on-8009", "HTTP")])
    func anotherProtocolOnTheCastPortIsNamedNotDecrypted(name: String, protocolName: String) {
        let run = InspectHarness(files: ["\(Self.directory)/\(name).pcap"])
        let finding = run.events.compactMap { if case .finding(let finding) = $0 { finding } else { nil } }
            .first { $0.code == "tcp.not-cast" }
        #expect(finding?.summary.contains("speaks \(protocolName), not TLS or Cast") == true, "\(String(describing: finding))")
        #expect(!run.findingCodes.contains("tls.no-key") && !run.findingCodes.contains("tls.bad-record"))
        #expect(run.summary.castMessages == 0)
    }
}
