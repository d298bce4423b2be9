import CastLog
import CastWire
import Testing

@testable import CastInspect

/// The text report says what it saw in plain words: one PING is not a rate, a missing SYN is named as such, and a
/// malformed mDNS line has no double space.
@Suite struct ReportWordingTests {
    /// The text report of `packets` (time in seconds, bytes), connections section included.
    static func report(_ packets: [(Int64, [UInt8])]) -> String {
        var text = ""
        let report = InspectReport(json: false, quiet: false, only: []) { text += $0 }
        let inspector = Inspector(options: InspectOptions()) { report.handle($0) }
        for (index, packet) in packets.enumerated() {
            inspector.process(CapturedPacket(number: index + 1, time: LogTimestamp(seconds: packet.0, microseconds: 0),
                                             linkType: .ethernet, bytes: packet.1, originalLength: packet.1.count))
        }
        report.finish(summary: inspector.finish(), inspector: inspector)
        return text
    }

    static let ping = InspectorPacketTests.frame("sender-0", "receiver-0", InspectorPacketTests.heartbeat, #"{"type":"PING"}"#)
    static let pong = InspectorPacketTests.frame("receiver-0", "sender-0", InspectorPacketTests.heartbeat, #"{"type":"PONG"}"#)

    @Test func aSinglePingIsSaidAsOnePingNotAsAMedianInterval() {
        let text = Self.report([
            (1, InspectorPacketTests.segment(fromClient: true, sequence: 999, flags: 0x02)),
            (1, InspectorPacketTests.segment(fromClient: false, sequence: 4999, flags: 0x12)),
            (2, InspectorPacketTests.segment(fromClient: true, sequence: 1000, payload: Self.ping)),
            (2, InspectorPacketTests.segment(fromClient: false, sequence: 5000, payload: Self.pong)),
        ])
        #expect(text.contains("heartbeat: one PING and its answer"), "\(text)")
        #expect(!text.contains("heartbeat interval median"))
    }

    @Test func aConnectionWithoutItsSynSaysSoAndNothingMore() {
        let text = Self.report([
            (2, InspectorPacketTests.segment(fromClient: true, sequence: 1000, payload: Self.ping)),
            (2, InspectorPacketTests.segment(fromClient: false, sequence: 5000, payload: Self.pong)),
        ])
        #expect(text.contains("(no SYN in the capture)"), "\(text)")
        #expect(!text.contains("picked up mid-stream"))
    }

    @Test func aMalformedMDNSLineHasSingleSpacesBeforeItsError() {
        let query: [UInt8] = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x05]  // one question whose name runs off the end
        let udp = PcapBuilder.udp(sourcePort: 5353, destinationPort: 5353, payload: query)
        let packet = PcapBuilder.ipv4(source: [10, 0, 0, 1], destination: [224, 0, 0, 251], proto: 17, transport: udp)
        let text = Self.report([(1, packet)])
        let line = text.split(separator: "\n").first { $0.contains("[error:") }
        #expect(line != nil, "\(text)")
        #expect(line?.contains("  ") == false, "[\(line ?? "")]")
    }
}
