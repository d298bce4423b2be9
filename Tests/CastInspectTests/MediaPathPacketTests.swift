@testable import CastInspect
import CastLog
import CastWire
import Testing

/// The media path from packets: a LOAD on a Cast connection, the device's DNS lookup of the media host (which
/// resolver, what answer) and its HTTP fetch from the address it got — or nothing, named after the wait.
@Suite struct MediaPathPacketTests {
    static let device: [UInt8] = [10, 0, 0, 2], media: [UInt8] = [10, 0, 0, 9], google: [UInt8] = [8, 8, 8, 8]

    private func load(_ url: String) -> [UInt8] {
        let frame = InspectorPacketTests.frame(
            "sender-0", "T", "urn:x-cast:com.google.cast.media",
            #"{"type":"LOAD","requestId":5,"media":{"contentId":"\#(url)","contentType":"video/mp4"}}"#)
        return InspectorPacketTests.segment(fromClient: true, sequence: 1, payload: frame)
    }

    private func dns(answer: [UInt8]?, rcode: UInt8 = 0, response: Bool) -> [UInt8] {
        let name = DNSName("media.example.lan") ?? DNSName.root
        var records: [DNSResourceRecord] = []
        if let answer {
            records.append(DNSResourceRecord(name: name, type: .a, ttl: 60,
                                             data: .a(DNSIPv4Address(answer[0], answer[1], answer[2], answer[3]))))
        }
        let message = DNSMessage(id: 7, flags: DNSFlags(qr: response, rd: true, ra: response, rcode: rcode),
                                 questions: [DNSQuestion(name: name, type: .a)], answers: records)
        let udp = PcapBuilder.udp(sourcePort: response ? 53 : 5000, destinationPort: response ? 5000 : 53,
                                  payload: DNSWriter.encode(message))
        return PcapBuilder.ipv4(source: response ? Self.google : Self.device,
                                destination: response ? Self.device : Self.google, proto: 17, transport: udp)
    }

    private func http(fromDevice: Bool, _ text: String) -> [UInt8] {
        let tcp = PcapBuilder.tcp(sourcePort: fromDevice ? 41000 : 80, destinationPort: fromDevice ? 80 : 41000,
                                  sequence: fromDevice ? 100 : 900, flags: 0x18, payload: Array(text.utf8))
        return PcapBuilder.ipv4(source: fromDevice ? Self.device : Self.media,
                                destination: fromDevice ? Self.media : Self.device, proto: 6, transport: tcp)
    }

    private func findings(_ events: [InspectEvent]) -> [Finding] {
        events.compactMap { if case .finding(let finding) = $0 { finding } else { nil } }
    }

    @Test func aNameThePublicResolverDoesNotKnowIsNamedWithTheResolver() {
        let run = InspectorPacketTests.inspect([
            (1, load("http://media.example.lan/a.mp4")),
            (2, dns(answer: nil, response: false)),
            (2, dns(answer: nil, rcode: 3, response: true)),
            (20, dns(answer: nil, response: false)),
        ])
        let found = findings(run.events)
        let failed = found.first { $0.code == "media.dns-failed" }
        #expect(failed?.summary == "the device's DNS query for media.example.lan to 8.8.8.8 got NXDOMAIN (no such name)")
        #expect(failed?.detail.contains("public resolver") == true)
        #expect(found.contains { $0.code == "media.no-fetch" })
    }

    @Test func aFetchFromTheResolvedAddressIsMatchedAndReported() {
        let run = InspectorPacketTests.inspect([
            (1, load("http://media.example.lan/a.mp4")),
            (2, dns(answer: nil, response: false)),
            (2, dns(answer: Self.media, response: true)),
            (3, http(fromDevice: true, "GET /a.mp4 HTTP/1.1\r\nHost: media.example.lan\r\nRange: bytes=0-\r\n\r\n")),
            (3, http(fromDevice: false, "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")),
        ])
        let fetches = run.events.compactMap { if case .mediaFetch(let fetch) = $0 { fetch } else { nil } }
        #expect(fetches.count == 1)
        #expect(fetches.first?.status == 403 && fetches.first?.range == "bytes=0-")
        #expect(fetches.first?.resolver == "8.8.8.8" && fetches.first?.addresses == ["10.0.0.9"])
        #expect(findings(run.events).contains { $0.code == "media.fetch-failed" && $0.summary.contains("403") })
        #expect(!findings(run.events).contains { $0.code == "media.no-fetch" || $0.code == "media.dns-failed" })
    }

    @Test func theHTMLDiagramDrawsTheFetchOnAMediaLaneAtItsTime() {
        let run = InspectorPacketTests.inspect([
            (1, load("http://media.example.lan/a.mp4")),
            (3, http(fromDevice: true, "GET /a.mp4 HTTP/1.1\r\nHost: media.example.lan\r\n\r\n")),
            (3, http(fromDevice: false, "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")),
        ])
        let collector = ReportCollector()
        run.events.forEach(collector.handle)
        collector.finish(summary: run.summary)
        let connection = collector.connections.first { $0.server.hasPrefix("10.0.0.2:") }
        #expect(connection?.lifelines.last?.label == "media media.example.lan")
        let fetch = connection?.arrows.first { $0.label.hasPrefix("GET /a.mp4") }
        #expect(fetch?.label == "GET /a.mp4 → 403" && fetch?.isError == true && fetch?.from == 1)
        // After the LOAD's arrow, in time order.
        #expect(connection?.arrows.firstIndex { $0.label.hasPrefix("GET") } ?? 0
                > connection?.arrows.firstIndex { $0.label.contains("LOAD") } ?? 0)
        var html: [UInt8] = []
        HTMLReportWriter.render(collector, title: "media") { html += $0 }
        #expect(String(decoding: html, as: UTF8.self).contains("media media.example.lan"))
    }
}
