import CastWire
import Testing

@testable import CastInspect

/// Records decoded straight from the captured segment give exactly the events of the queued path, however the
/// stream is cut into segments and wherever a fault sits.
@Suite struct TLSInPlaceDecodingTests {
    static let stream: [UInt8] = [
        21, 3, 3, 0, 2, 1, 0,  // alert: warning close_notify
        23, 3, 3, 0, 3, 9, 9, 9,  // application data before any handshake: undecrypted
        0x99, 3, 3, 0, 1, 0,  // unknown content type: a parse fault, then resynchronisation
        21, 3, 3, 0, 2, 2, 40,  // alert: fatal handshake_failure
        23, 3, 3, 0, 5, 1, 2, 3, 4, 5,
    ]

    private func events(cuts: [Int], inPlace: Bool) -> [String] {
        var decoder = TLSConnectionDecoder(keyLog: TLSKeyLog())
        var events: [TLSConnectionEvent] = []
        var start = 0
        for end in cuts + [Self.stream.count] where end > start {
            // Each segment is a packet with a few header bytes before the payload, as the inspector sees it.
            let packet = [UInt8](repeating: 0xEE, count: 3) + Self.stream[start..<end]
            let payload = packet[3...]
            decoder.feed(payload, segment: inPlace ? packet : nil, direction: .s2c, into: &events)
            start = end
        }
        return events.map { String(describing: $0) }
    }

    @Test func everySplitGivesTheQueuedPathsEvents() {
        let expected = events(cuts: [], inPlace: false)
        #expect(expected.count >= 4)
        #expect(expected.contains { $0.hasPrefix("parseError") })
        #expect(events(cuts: [], inPlace: true) == expected)
        for cut in 1..<Self.stream.count {
            #expect(events(cuts: [cut], inPlace: true) == expected, "cut at \(cut)")
            #expect(events(cuts: [cut], inPlace: false) == expected, "cut at \(cut)")
        }
        for first in stride(from: 1, to: Self.stream.count, by: 3) {
            for second in (first + 1)..<Self.stream.count {
                #expect(events(cuts: [first, second], inPlace: true) == expected, "cuts at \(first), \(second)")
            }
        }
    }
}
