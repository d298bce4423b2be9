import CastJSON
import CastWire
import Testing

@testable import CastInspect

/// The mDNS JSON line written straight into bytes is the serialized JSON tree, byte for byte, for real captures and
/// for names and TXT strings that need escaping or repair.
@Suite struct MDNSJSONLineTests {
    static func events(_ file: String) -> [MDNSEvent] {
        InspectHarness(files: [file]).events.compactMap { if case .mdns(let event) = $0 { event } else { nil } }
    }

    @Test(arguments: ["mdns-zeroconf.pcap", "discovery-healthy.pcapng", "discovery-bad-txt-id.pcapng",
                      "discovery-ptr-only.pcapng"])
    func directLinesEqualTheTreeSerialised(name: String) {
        let events = Self.events(PcapBuilder.capturesDirectory + "/" + name)
        #expect(!events.isEmpty)
        for event in events {
            let bytes = InspectJSON.bytes(event)
            #expect(String(decoding: bytes, as: UTF8.self) == InspectJSON.json(for: .mdns(event)).serialized())
        }
    }

    @Test func namesAndStringsNeedingEscapesOrRepairAreWrittenAsTheTreeWritesThem() throws {
        let odd = try #require(DNSName(labels: [Array("a\"b\\c\u{1}".utf8), [0xC3, 0x28, 0x41], Array("_googlecast".utf8),
                                                Array("_tcp".utf8), Array("local".utf8)]))
        let message = DNSMessage(
            id: 7, flags: DNSFlags(qr: true), questions: [DNSQuestion(name: odd, type: .txt)],
            answers: [DNSResourceRecord(name: odd, type: .txt, ttl: 120,
                                        data: .txt(DNSTXT(strings: [Array("fn=Living \"Room\"".utf8), [0xFF, 0x0A]])))])
        var out = JSONByteEmitter()
        DNSMessageDump.emit(message, into: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == DNSMessageDump.jsonValue(for: message).serialized())
    }
}
