import CastTestSupport
import CastLog
import CastWire
import Testing

@testable import CastInspect

@Suite struct HeldBytesLimitTests {
    // Seconds of CPU: run on a thread of its own so the cooperative pool stays free for the tests beside it.
    @Test func outOfOrderDataAcrossManyFlowsStaysUnderTheGlobalCap() async {
        await BlockingWork.run { Self.outOfOrderDataAcrossManyFlows() }
    }

    static func outOfOrderDataAcrossManyFlows() {
        var events: [InspectEvent] = []
        let inspector = Inspector(options: InspectOptions()) { events.append($0) }
        let payload = [UInt8](repeating: 0x17, count: 60_000)
        var number = 0
        var peak = 0
        func send(_ bytes: [UInt8]) {
            number += 1
            inspector.process(CapturedPacket(number: number, time: LogTimestamp(seconds: 1, microseconds: 0),
                                             linkType: .ethernet, bytes: bytes, originalLength: bytes.count))
            peak = max(peak, inspector.totalHeldBytes)
        }
        // Six flows, each missing byte 1 and holding just under the 16 MiB per-flow limit: 96 MiB in all.
        for flow in 0..<6 as Range<UInt16> {
            let port = 40_000 + flow
            send(PcapBuilder.ipv4(proto: 6, transport: PcapBuilder.tcp(sourcePort: port, destinationPort: 8009,
                                                                       sequence: 0, flags: 0x02)))
            var sequence: UInt32 = 2
            for _ in 0..<270 {
                send(PcapBuilder.ipv4(proto: 6, transport: PcapBuilder.tcp(sourcePort: port, destinationPort: 8009,
                                                                           sequence: sequence, payload: payload)))
                sequence &+= UInt32(payload.count)
            }
        }
        #expect(peak <= inspector.heldBytesLimit + payload.count)
        #expect(inspector.summary.gaps >= 1)
        _ = inspector.finish()
        #expect(inspector.totalHeldBytes == 0)
    }
}
