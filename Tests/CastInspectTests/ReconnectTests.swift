import CastLog
import CastWire
import Testing

@testable import CastInspect

/// `cast.reconnect` and `cast.heartbeat-lost` when the receiver died: only the sender's FIN (or nothing) ends the old
/// connection in the capture.
@Suite struct ReconnectTests {
    static let client: [UInt8] = [10, 0, 0, 1], server: [UInt8] = [10, 0, 0, 2]
    static let heartbeat = "urn:x-cast:com.google.cast.tp.heartbeat"

    static func ping() -> [UInt8] {
        (try? CastFrameEncoder.encode(CastMessage(sourceID: "sender-0", destinationID: "receiver-0",
                                                  namespace: heartbeat, json: #"{"type":"PING"}"#))) ?? []
    }

    static func pong() -> [UInt8] {
        (try? CastFrameEncoder.encode(CastMessage(sourceID: "receiver-0", destinationID: "sender-0",
                                                  namespace: heartbeat, json: #"{"type":"PONG"}"#))) ?? []
    }

    /// A segment of the connection from client port `port` to 8009 (plaintext Cast).
    static func segment(port: UInt16, fromClient: Bool = true, sequence: UInt32, flags: UInt8 = 0x18,
                        payload: [UInt8] = []) -> [UInt8] {
        let tcp = PcapBuilder.tcp(sourcePort: fromClient ? port : 8009, destinationPort: fromClient ? 8009 : port,
                                  sequence: sequence, flags: flags, payload: payload)
        return PcapBuilder.ipv4(source: fromClient ? client : server, destination: fromClient ? server : client,
                                proto: 6, transport: tcp)
    }

    static func findings(_ packets: [(Int64, [UInt8])]) -> [Finding] {
        var events: [InspectEvent] = []
        let inspector = Inspector(options: InspectOptions()) { events.append($0) }
        for (index, packet) in packets.enumerated() {
            inspector.process(CapturedPacket(number: index + 1, time: LogTimestamp(seconds: packet.0, microseconds: 0),
                                             linkType: .ethernet, bytes: packet.1, originalLength: packet.1.count))
        }
        _ = inspector.finish()
        return events.compactMap { if case .finding(let finding) = $0 { finding } else { nil } }
    }

    /// The old connection: two PINGs at 100 and 105 s that nobody answers, then (optionally) the sender's FIN at 110.
    static func deadReceiverConnection(fin: Bool) -> [(Int64, [UInt8])] {
        let ping = Self.ping()
        var packets: [(Int64, [UInt8])] = [
            (99, segment(port: 40000, sequence: 0, flags: 0x02)),
            (99, segment(port: 40000, fromClient: false, sequence: 0, flags: 0x12)),
            (100, segment(port: 40000, sequence: 1, payload: ping)),
            (105, segment(port: 40000, sequence: 1 + UInt32(ping.count), payload: ping)),
        ]
        if fin { packets.append((110, segment(port: 40000, sequence: 1 + 2 * UInt32(ping.count), flags: 0x11))) }
        return packets
    }

    static let newConnection: [(Int64, [UInt8])] = [
        (111, segment(port: 40001, sequence: 0, flags: 0x02)),
        (111, segment(port: 40001, fromClient: false, sequence: 0, flags: 0x12)),
    ]

    @Test func reconnectAfterOnlyTheSendersFINIsReported() {
        let findings = Self.findings(Self.deadReceiverConnection(fin: true) + Self.newConnection
                                     + [(200, Self.segment(port: 40001, sequence: 1, payload: []))])
        let codes = findings.map(\.code)
        #expect(codes.filter { $0 == "cast.reconnect" }.count == 1)
        let reconnect = findings.first { $0.code == "cast.reconnect" }
        // Measured from the sender's FIN at 110 s, not from the end of the capture.
        #expect(reconnect?.summary.contains("1.000 s after") == true)
        let lost = findings.first { $0.code == "cast.heartbeat-lost" }
        #expect(lost?.summary.contains("2 unanswered over 10.000 s") == true)
    }

    @Test func reconnectWhileTheOldConnectionIsStillOpenIsReportedOnce() {
        let findings = Self.findings(Self.deadReceiverConnection(fin: false) + Self.newConnection)
        #expect(findings.map(\.code).filter { $0 == "cast.reconnect" }.count == 1)
        #expect(findings.map(\.code).contains("cast.heartbeat-lost"))
    }

    @Test func secondConnectionBesideAHealthyOneIsNoReconnect() {
        let ping = Self.ping()
        let findings = Self.findings([
            (99, Self.segment(port: 40000, sequence: 0, flags: 0x02)),
            (99, Self.segment(port: 40000, fromClient: false, sequence: 0, flags: 0x12)),
            (100, Self.segment(port: 40000, sequence: 1, payload: ping)),
            (100, Self.segment(port: 40000, fromClient: false, sequence: 1, payload: Self.pong())),
        ] + Self.newConnection)
        #expect(!findings.map(\.code).contains("cast.reconnect"))
    }
}
