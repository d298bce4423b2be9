import CastLog
import CastWire
import Foundation
import Testing

@testable import CastInspect

/// `capture --keylog` embeds only the key-log lines of sessions whose ClientHello it captured.
@Suite struct KeyLogSelectorTests {
    static func random(_ byte: UInt8) -> [UInt8] { [UInt8](repeating: byte, count: 32) }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// A packet whose TCP payload starts with a ClientHello carrying `random`.
    static func clientHello(_ random: [UInt8]) -> CapturedPacket {
        let hello: [UInt8] = [0x16, 0x03, 0x01, 0x00, 0x40, 0x01, 0x00, 0x00, 0x3c, 0x03, 0x03] + random
            + [UInt8](repeating: 0, count: 30)
        let tcp = PcapBuilder.tcp(sourcePort: 40000, destinationPort: 8009, sequence: 1, flags: 0x18, payload: hello)
        let bytes = PcapBuilder.ipv4(proto: 6, transport: tcp)
        return CapturedPacket(number: 1, time: LogTimestamp(seconds: 1_796_000_000, microseconds: 0),
                              linkType: .ethernet, bytes: bytes, originalLength: bytes.count)
    }

    static func line(_ label: String, _ random: [UInt8]) -> String { "\(label) \(hex(random)) \(hex(Self.random(9)))\n" }

    @Test func onlyKeyLogLinesOfCapturedClientHellosAreEmbedded() {
        var selector = KeyLogSelector()
        let captured = Self.random(0xAA), browsing = Self.random(0xBB)
        selector.note(Self.clientHello(captured))
        let text = "# SSL/TLS secrets log file\n" + Self.line("CLIENT_RANDOM", browsing)
            + Self.line("CLIENT_HANDSHAKE_TRAFFIC_SECRET", captured) + Self.line("CLIENT_TRAFFIC_SECRET_0", captured)
        let taken = String(decoding: selector.take(Array(text.utf8)), as: UTF8.self)
        #expect(taken == Self.line("CLIENT_HANDSHAKE_TRAFFIC_SECRET", captured)
            + Self.line("CLIENT_TRAFFIC_SECRET_0", captured))
        #expect(selector.pendingCount == 1)
    }

    @Test func lineLoggedBeforeItsClientHelloIsCapturedWaitsForIt() {
        var selector = KeyLogSelector()
        let later = Self.random(0xCC)
        #expect(selector.take(Array(Self.line("CLIENT_RANDOM", later).utf8)).isEmpty)
        #expect(selector.take([]).isEmpty)
        selector.note(Self.clientHello(later))
        #expect(String(decoding: selector.take([]), as: UTF8.self) == Self.line("CLIENT_RANDOM", later))
        #expect(selector.pendingCount == 0)
    }

    @Test func waitingLinesAreBoundedOldestFirst() {
        var selector = KeyLogSelector(maximumPending: 3)
        var text = ""
        for byte in UInt8(1)...10 { text += Self.line("CLIENT_RANDOM", Self.random(byte)) }
        _ = selector.take(Array(text.utf8))
        #expect(selector.pendingCount == 3)
        selector.note(Self.clientHello(Self.random(1)))
        selector.note(Self.clientHello(Self.random(10)))
        #expect(String(decoding: selector.take([]), as: UTF8.self) == Self.line("CLIENT_RANDOM", Self.random(10)))
    }
}
