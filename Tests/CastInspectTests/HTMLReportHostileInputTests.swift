import CastJSON
import CastLog
import CastNet
import CastTestSupport
import CastWire
import Testing

@testable import CastInspect

/// Seeded random events whose every string is built from markup, script and comment fragments: the report keeps
/// exactly its own three script elements, opens no comment, and its JSON block parses back to the same strings.
@Suite struct HTMLReportHostileInputTests {
    static let pieces = ["<", ">", "</script", "<script>", "<!--", "-->", "\"", "'", "&amp;", "&", "\\", "/",
                         "\u{2028}", "\u{2029}", "\u{0}", "\u{1B}", "]]>", "<svg onload=alert(1)>", "`${x}`", "é",
                         "🎬", "\n", "</title>", "</text>", "<a href=javascript:alert(1)>", " ", "x"]

    static func hostile(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }

    /// The report of 200 random hostile events, and the Cast payloads among them in order.
    static func report(seed: UInt64) -> (html: String, payloads: [String]) {
        var random = SeededGenerator(seed: seed)
        let collector = ReportCollector()
        var payloads: [String] = []
        for index in 0..<200 {
            let time = LogTimestamp(seconds: 5_000 + Int64(index), microseconds: 0)
            let flow = "10.0.0.\(index % 3):1-" + Self.hostile(&random)
            switch index % 4 {
            case 0:
                var record = CastMessageRecord(
                    time: time, flow: flow, direction: index % 8 == 0 ? .c2s : .s2c, offset: 0,
                    message: CastMessage(sourceID: Self.hostile(&random), destinationID: Self.hostile(&random),
                                         namespace: Self.hostile(&random), json: Self.hostile(&random)))
                record.type = Self.hostile(&random)
                record.requestID = Int64(index)
                payloads.append(record.message.payloadUTF8 ?? "")
                collector.handle(.cast(record))
            case 1:
                collector.handle(.finding(Finding(.error, Self.hostile(&random), Self.hostile(&random),
                                                  detail: Self.hostile(&random), time: time, flow: flow)))
            case 2:
                let name = Self.hostile(&random) + "._googlecast._tcp.local."
                let message: JSONValue = ["questions": [["name": .string(name), "type": "SRV"]],
                                          "answers": [["name": .string(name), "type": "TXT", "ttl": 0,
                                                       "data": ["cast": ["fn": .string(Self.hostile(&random))]]]]]
                collector.handle(.mdns(MDNSEvent(
                    time: time, source: Self.hostile(&random), destination: Self.hostile(&random), message: message,
                    error: nil, legacyUnicast: false, isResponse: index % 8 == 2, summary: "")))
            default:
                collector.handle(.tls(TLSReportEvent(
                    event: "alert", time: time, flow: flow, session: nil,
                    details: [("direction", "s2c"), ("level", "fatal"), ("alert", Self.hostile(&random))])))
            }
        }
        var bytes: [UInt8] = []
        HTMLReportWriter.render(collector, title: Self.hostile(&random)) { bytes += $0 }
        return (String(decoding: bytes, as: UTF8.self), payloads)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomHostileStringsStayText(seed: UInt64) throws {
        let (html, payloads) = Self.report(seed: seed)
        let lower = html.lowercased()
        #expect(HTMLReportTests.count("<script", in: lower) == 3)
        #expect(HTMLReportTests.count("</script", in: lower) == 3)
        #expect(!html.contains("<!--"))
        #expect(!html.contains("<svg onload") && !html.contains("<a href=javascript"))
        #expect(!html.contains("\u{2028}") && !html.contains("\u{2029}") && !html.contains("\u{0}"))
        let rows = try #require(try HTMLReportTests.tableData(html)["rows"]?.arrayValue)
        let shown = rows.compactMap { row -> String? in
            guard let fields = row.arrayValue, fields[11].intValue.map({ $0 & 8 == 0 }) == true else { return nil }
            return fields.last?.stringValue
        }
        #expect(shown == payloads)
    }

    @Test func oversizedNamesAndFindingsStayBounded() async {
        // Seconds of work: on a thread of its own, so the two-thread task pool stays free for the other tests.
        let size = await BlockingWork.run { () -> Int in
            let huge = String(repeating: "<\u{301}", count: 30_000)  // 90 KB: markup and combining marks, one Character
            let collector = ReportCollector()
            for index in 0..<300 {
                var record = CastMessageRecord(
                    time: LogTimestamp(seconds: 6_000 + Int64(index), microseconds: 0), flow: "a:1-b:8009",
                    direction: index % 2 == 0 ? .c2s : .s2c, offset: 0,
                    message: CastMessage(sourceID: huge + "\(index)", destinationID: huge + "\(index)",
                                         namespace: huge + "\(index % 7)", json: "{}"))
                record.type = huge
                collector.handle(.cast(record))
                collector.handle(
                    .finding(Finding(.error, huge, huge, detail: huge, time: record.time, flow: "a:1-b:8009")))
            }
            var size = 0
            HTMLReportWriter.render(collector, title: huge) { size += $0.count }
            return size
        }
        // Unbounded, this would be 300 × 7 strings × 90 KB escaped four times over: over 700 MB.
        #expect(size < 12_000_000)
    }
}
