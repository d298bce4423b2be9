import CastLog
import CastWire
import Testing

@testable import CastInspect

/// The findings added for the captures/ library, on hand-made inputs: heartbeat loss, and which mDNS queries
/// `mdns.no-answer` waits for.
@Suite struct LibraryFindingTests {
    static func at(_ seconds: Int64, _ microseconds: Int32 = 0) -> LogTimestamp {
        LogTimestamp(seconds: 1_800_000_000 + seconds, microseconds: microseconds)
    }

    static func name(_ text: String) -> DNSName {
        DNSName(labels: text.split(separator: ".").map { Array($0.utf8) }) ?? .root
    }

    @Test func pingWithoutPongForThreeSecondsIsAHeartbeatLoss() {
        var watch = HeartbeatWatch()
        watch.note(type: .ping, direction: .c2s, time: Self.at(0))
        watch.note(type: .ping, direction: .c2s, time: Self.at(5))
        var findings: [Finding] = []
        watch.finish(end: Self.at(10), flow: "a-b", findings: &findings)
        #expect(findings.map(\.code) == ["cast.heartbeat-lost"])
        #expect(findings.first?.summary.contains("receiver stopped answering PINGs: 2 unanswered") == true)
        #expect(watch.lost(at: Self.at(10)))
    }

    @Test func answeredPingsAndAPingJustBeforeTheEndAreNotALoss() {
        var watch = HeartbeatWatch()
        watch.note(type: .ping, direction: .s2c, time: Self.at(0))
        watch.note(type: .pong, direction: .c2s, time: Self.at(0, 2000))
        watch.note(type: .ping, direction: .c2s, time: Self.at(5))
        var findings: [Finding] = []
        watch.finish(end: Self.at(6), flow: "a-b", findings: &findings)
        #expect(findings.isEmpty)
        #expect(!watch.lost(at: Self.at(6)))
    }

    /// `message` as the analyser sees it: encoded, then decoded in place.
    static func layout(_ message: DNSMessage) -> DNSMessageLayout {
        DNSMessageLayout.decodeLax(ByteReader(message.encoded()))
    }

    /// Awaited names as text: lower-cased key → the wire spelling.
    static func text(_ names: [DNSName.CaseInsensitiveKey: DNSName]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: names.map { ($0.key.name.description, $0.value.description) })
    }

    @Test func plainQueryForACastNameAwaitsAnAnswer() {
        let message = DNSMessage(questions: [
            DNSQuestion(name: Self.name("_googlecast._tcp.local"), type: .ptr),
            DNSQuestion(name: Self.name("host.local"), type: .ptr),
        ])
        #expect(Self.text(MDNSAnalyzer.awaitedNames(in: Self.layout(message))) == ["_googlecast._tcp.local.": "_googlecast._tcp.local."])
    }

    @Test func awaitedNamesKeepTheWireSpellingForFindings() {
        let wire = "_%9E5E7C8F47989526C9BCD95D24084F6F0B27C5ED._sub._googlecast._tcp.local"
        let message = DNSMessage(questions: [DNSQuestion(name: Self.name(wire), type: .ptr)])
        #expect(Self.text(MDNSAnalyzer.awaitedNames(in: Self.layout(message))) == [wire.lowercased() + ".": wire + "."])
    }

    @Test func knownAnswerQueryAndProbeAwaitNothing() {
        let service = Self.name("_googlecast._tcp.local")
        let instance = Self.name("Living Room._googlecast._tcp.local")
        let known = DNSMessage(
            questions: [DNSQuestion(name: service, type: .ptr)],
            answers: [DNSResourceRecord(name: service, type: .ptr, ttl: 4500, data: .ptr(instance))])
        #expect(MDNSAnalyzer.awaitedNames(in: Self.layout(known)).isEmpty)
        let probe = DNSMessage(
            questions: [DNSQuestion(name: instance, type: DNSType(rawValue: 255))],
            authorities: [DNSResourceRecord(name: instance, type: .ptr, ttl: 120, data: .ptr(instance))])
        #expect(MDNSAnalyzer.awaitedNames(in: Self.layout(probe)).isEmpty)
    }
}
