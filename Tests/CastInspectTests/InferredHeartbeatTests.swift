import CastLog
import CastWire
import Testing

@testable import CastInspect

/// A Cast connection without keys: PING/PONG told from record sizes and timing, and a silence flagged.
@Suite struct InferredHeartbeatTests {
    static func record(_ length: Int) -> [UInt8] {
        [0x17, 0x03, 0x03, UInt8(length >> 8), UInt8(length & 0xff)] + [UInt8](repeating: 0x5C, count: length)
    }

    /// An encrypted Cast session: SYN, SYN-ACK, then `exchanges` (time, c2s record length, s2c record length).
    static func session(_ exchanges: [(Int64, Int, Int)]) -> [(Int64, [UInt8])] {
        var packets: [(Int64, [UInt8])] = [
            (0, InspectorPacketTests.segment(fromClient: true, sequence: 999, flags: 0x02)),
            (0, InspectorPacketTests.segment(fromClient: false, sequence: 4999, flags: 0x12)),
        ]
        var clientSequence: UInt32 = 1000, serverSequence: UInt32 = 5000
        for (time, up, down) in exchanges {
            let ping = record(up), pong = record(down)
            packets.append((time, InspectorPacketTests.segment(fromClient: true, sequence: clientSequence, payload: ping)))
            packets.append((time, InspectorPacketTests.segment(fromClient: false, sequence: serverSequence, payload: pong)))
            clientSequence += UInt32(ping.count)
            serverSequence += UInt32(pong.count)
        }
        return packets
    }

    static func findings(_ run: (events: [InspectEvent], summary: InspectSummary)) -> [Finding] {
        run.events.compactMap { if case .finding(let finding) = $0 { finding } else { nil } }
    }

    @Test func steadySameSizeExchangesAreAnInferredHeartbeatWithItsCadence() {
        let run = InspectorPacketTests.inspect(Self.session((1...8).map { (Int64($0) * 5, 105, 105) }))
        let inferred = Self.findings(run).filter { $0.code == "cast.heartbeat-inferred" }
        #expect(inferred.count == 1)
        #expect(inferred.first?.summary.contains("the sender PINGs every 5.000 s (8 rounds of 105-byte records)")
                    == true, "\(inferred)")
        #expect(!Self.findings(run).contains { $0.code == "cast.heartbeat-gap" })
    }

    @Test func aSilenceOfSeveralCadencesIsAGap() {
        let times: [Int64] = [5, 10, 15, 20, 60, 65, 70]
        let run = InspectorPacketTests.inspect(Self.session(times.map { ($0, 110, 110) }))
        let gaps = Self.findings(run).filter { $0.code == "cast.heartbeat-gap" }
        #expect(gaps.count == 1)
        #expect(gaps.first?.summary.contains("for 40.000 s (cadence 5.000 s)") == true, "\(gaps)")
        #expect(gaps.first?.time == LogTimestamp(seconds: 20, microseconds: 0))
    }

    @Test func requestsAndRepliesOfDifferentSizesAreNotAHeartbeat() {
        let run = InspectorPacketTests.inspect(Self.session((1...8).map { (Int64($0) * 5, 140, 900) }))
        #expect(!Self.findings(run).contains { $0.code == "cast.heartbeat-inferred" })
    }

    @Test func burstsAtNoSteadyCadenceAreNotAHeartbeat() {
        let times: [Int64] = [1, 2, 30, 31, 90, 91, 92]
        let run = InspectorPacketTests.inspect(Self.session(times.map { ($0, 105, 105) }))
        #expect(!Self.findings(run).contains { $0.code == "cast.heartbeat-inferred" })
    }

    @Test func theEmulatorAndSenderHeartbeatIsInferredFromARealCaptureWithoutKeys() {
        let run = InspectHarness(files: [OtherToolsCaptureTests.directory + "/emulator-heartbeat-no-keys.pcap"],
                                 ports: [18555])
        let inferred = run.events.compactMap { if case .finding(let finding) = $0 { finding } else { nil } }
            .filter { $0.code == "cast.heartbeat-inferred" }
        #expect(inferred.count == 1)
        #expect(inferred.first?.summary.contains("the sender and the device PING every 5.0") == true, "\(inferred)")
        #expect(!run.findingCodes.contains("cast.heartbeat-gap"))
    }
}
