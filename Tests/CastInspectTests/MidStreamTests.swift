import CastLog
import CastWire
import Testing

@testable import CastInspect

@Suite struct MidStreamTests {
    @Test func aTLSStreamPickedUpMidWayResynchronisesInsteadOfFailing() throws {
        let source = try PcapSource(path: PcapBuilder.capturesDirectory + "/cast-tls13-chacha.pcap")
        var packets: [CapturedPacket] = []
        while let packet = try source.next() { packets.append(packet) }
        var events: [InspectEvent] = []
        // Leave out the handshake and the first data: the capture starts in the middle of the session, inside a
        // record, with port 18013 unknown to the inspector (--port).
        var options = InspectOptions()
        options.castPorts.insert(18013)
        let withPort = Inspector(options: options) { events.append($0) }
        for packet in packets.dropFirst(12) { withPort.process(packet) }
        let summary = withPort.finish()
        let malformed = events.filter { if case .finding(let f) = $0 { f.code == "tls.malformed" } else { false } }
        #expect(malformed.count <= 2)
        #expect(summary.undecryptedRecords > 5)
        #expect(summary.castMessages == 0)
        let noKey = events.filter { if case .finding(let f) = $0 { f.code == "tls.no-key" } else { false } }
        #expect(noKey.count == 1)
    }
}
