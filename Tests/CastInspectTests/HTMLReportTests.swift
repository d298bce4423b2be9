import CastJSON
import CastLog
import CastTestSupport
import CastWire
import Foundation
import Testing

@testable import CastInspect

@Suite struct HTMLReportTests {
    static let directory = PcapBuilder.capturesDirectory

    /// Runs the inspector over `files` and renders the report in memory.
    static func report(_ files: [String], keyLogs: [String] = [], limits: ReportLimits = ReportLimits())
        -> (html: String, collector: ReportCollector)
    {
        let run = InspectHarness(files: files, keyLogs: keyLogs)
        let collector = ReportCollector(limits: limits)
        run.events.forEach(collector.handle)
        collector.finish(summary: run.summary)
        var bytes: [UInt8] = []
        HTMLReportWriter.render(collector, title: files.map { String($0.split(separator: "/").last ?? "") }
            .joined(separator: ", ")) { bytes += $0 }
        return (String(decoding: bytes, as: UTF8.self), collector)
    }

    static var emulatorReport: (html: String, collector: ReportCollector) {
        report(["\(directory)/emulator-tls13.pcap", "\(directory)/mdns-zeroconf.pcap"],
               keyLogs: ["\(directory)/emulator-tls13.keys"])
    }

    /// The table's embedded JSON block, parsed.
    static func tableData(_ html: String) throws -> JSONValue {
        let open = #"<script type="application/json" id="report-data">"#
        let start = try #require(html.range(of: open))
        let end = try #require(html[start.upperBound...].range(of: "</script>"))
        return try JSONValue(parsing: String(html[start.upperBound..<end.lowerBound]))
    }

    static func count(_ needle: String, in html: String) -> Int { html.components(separatedBy: needle).count - 1 }

    @Test func emulatorSessionHasTimelineSequenceDiagramsAndEveryMessageInTheTable() throws {
        let (html, collector) = Self.emulatorReport
        #expect(Self.count(#"<svg class="diagram timeline""#, in: html) == 1)
        #expect(Self.count(#"<svg class="diagram sequence""#, in: html) == 2)
        #expect(html.contains(">media LOAD_FAILED · "))
        #expect(html.contains(">receiver RECEIVER_STATUS · "))
        #expect(html.contains("<g class=\"err\">"))
        #expect(html.contains("class=\"bracket\""))
        #expect(html.contains("Küche Lautsprecher"))
        let data = try Self.tableData(html)
        let rows = try #require(data["rows"]?.arrayValue)
        #expect(rows.count == collector.table.total)
        #expect(rows.count == 22 + collector.discovery.messages)
        #expect(!html.contains("Left out to keep this report small"))
    }

    @Test func discoveryLanesShowQueriesAnswersRefreshesAndTheGoodbye() throws {
        let (html, collector) = Self.report(["\(Self.directory)/mdns-zeroconf.pcap"])
        let lanes = collector.discovery.lanes
        #expect(lanes.count == 2)
        let browse = try #require(lanes.first { $0.key == ReportDiscovery.browseKey })
        #expect((browse.counts["query"] ?? 0) > 0)
        let device = try #require(lanes.first { $0.friendlyName == "Küche Lautsprecher" })
        #expect(device.counts["answer"] == 1)
        #expect((device.counts["refresh"] ?? 0) > 0)
        #expect(device.counts["goodbye"] == 1)
        #expect(device.model != nil)
        #expect(Self.count("<path class=\"g\" d=", in: html) == 2)  // the goodbye, and the legend's
        #expect(collector.discovery.findings.count == collector.findings.count)
    }

    @Test func discoveryMarksStopAtTheLimitForAllLanesTogether() {
        var limits = ReportLimits()
        limits.marksInAllLanes = 3
        let capped = Self.report(["\(Self.directory)/mdns-zeroconf.pcap"], limits: limits).collector
        let drawn = capped.discovery.lanes.reduce(0) { $0 + $1.marks.count }
        let leftOut = capped.discovery.lanes.reduce(0) { $0 + $1.marksLeftOut }
        #expect(drawn == 3)
        let full = Self.report(["\(Self.directory)/mdns-zeroconf.pcap"]).collector
        #expect(drawn + leftOut == full.discovery.lanes.reduce(0) { $0 + $1.marks.count })
    }

    @Test func everyFindingLinksToExactlyOnePlaceInThePage() {
        let (html, collector) = Self.emulatorReport
        #expect(!collector.findings.isEmpty)
        for item in collector.findings {
            #expect(Self.count("href=\"#place-\(item.number)\"", in: html) >= 1, "finding \(item.number) link")
            #expect(Self.count("id=\"place-\(item.number)\"", in: html) == 1, "finding \(item.number) place")
        }
        let loadFailed = collector.findings.first { $0.finding.code == "media.load-failed" }
        if case .connection(let index)? = loadFailed?.place { #expect(index == 0) } else {
            Issue.record("media.load-failed is not placed on its connection")
        }
    }

    @Test func hostileCaptureCannotInjectMarkupOrScript() throws {
        let path = PcapBuilder.temporaryFile(HostileCapture.pcap)
        let (html, collector) = Self.report([path])
        #expect(collector.table.total == 5)
        #expect(collector.connections.count == 1)
        #expect(collector.findings.contains { $0.finding.code == "cast.launch-error" })
        // Exactly the page's own three script elements (error hook, data block, table script).
        #expect(Self.count("<script", in: html.lowercased()) == 3)
        #expect(Self.count("</script", in: html.lowercased()) == 3)
        #expect(!html.contains("<i id=\"pwned\""))
        #expect(!html.contains("id=\"pwned\""))
        #expect(!html.contains("<b>model"))
        #expect(!html.contains("\u{2028}") && !html.contains("\u{2029}"))
        // The hostile strings arrive intact in the table data, as text.
        let data = try Self.tableData(html)
        let strings = (data["strings"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(strings.contains(HostileCapture.attribute))
        #expect(strings.contains("urn:x-cast:" + HostileCapture.markup))
        let payloads = (data["rows"]?.arrayValue ?? []).compactMap { $0.arrayValue?.last?.stringValue }
        #expect(payloads.contains(HostileCapture.markup + HostileCapture.lineBreaks))
    }

    @Test func repliesJoinTheirRequestsAndHeartbeatsFoldIntoALane() {
        let collector = ReportCollector()
        let flow = "10.0.0.1:40000-10.0.0.2:8009"
        func record(_ second: Int64, _ direction: FlowDirection, _ namespace: CastNamespace, _ type: String,
                    requestID: Int64? = nil, reply: (String, Double)? = nil) -> InspectEvent {
            let (source, destination) = direction == .c2s ? ("sender-0", "receiver-0") : ("receiver-0", "sender-0")
            var record = CastMessageRecord(
                time: LogTimestamp(seconds: 1_000 + second, microseconds: 0), flow: flow, direction: direction,
                offset: 0, message: CastMessage(sourceID: source, destinationID: destination,
                                                namespace: namespace.rawValue, json: #"{"type":"\#(type)"}"#))
            record.type = type
            record.requestID = requestID
            record.reply = reply.map { (requestType: $0.0, latency: $0.1) }
            return .cast(record)
        }
        collector.handle(record(0, .c2s, .receiver, "GET_STATUS", requestID: 1))
        collector.handle(record(1, .c2s, .heartbeat, "PING"))
        collector.handle(record(1, .s2c, .heartbeat, "PONG"))
        collector.handle(record(2, .s2c, .receiver, "RECEIVER_STATUS", requestID: 1, reply: ("GET_STATUS", 2)))
        let connection = collector.connections[0]
        #expect(connection.heartbeats == 2)
        #expect(connection.arrows.count == 4)
        #expect(connection.arrows[3].reply?.request == 0)
        var folded = HTMLOutput { _ in }
        SequenceDiagramSVG(connection: connection, earliest: 0, expanded: false, findingCodes: [:])
            .render(into: &folded)
        let foldedText = String(decoding: folded.bytes, as: UTF8.self)
        #expect(foldedText.contains("heartbeats (2)"))
        #expect(!foldedText.contains(">heartbeat PING<"))
        #expect(foldedText.contains(">2000 ms<"))
        var expanded = HTMLOutput { _ in }
        SequenceDiagramSVG(connection: connection, earliest: 0, expanded: true, findingCodes: [:])
            .render(into: &expanded)
        #expect(String(decoding: expanded.bytes, as: UTF8.self).contains(">heartbeat PING<"))
    }

    @Test func largeInputsKeepHeadTailAndErrorsAndSayWhatIsLeftOut() throws {
        var limits = ReportLimits()
        (limits.headRows, limits.tailRows, limits.pinnedRows, limits.payloadBudget) = (10, 5, 2, 200)
        limits.diagramRows = 20
        let collector = ReportCollector(limits: limits)
        for index in 0..<100 {
            let type = index == 50 || index == 60 || index == 70 ? "LOAD_FAILED" : "MEDIA_STATUS"
            let json = #"{"type":"\#(type)","pad":"\#(String(repeating: "x", count: 300))"}"#
            var record = CastMessageRecord(
                time: LogTimestamp(seconds: 2_000, microseconds: Int32(index)), flow: "a:1-b:8009", direction: .s2c,
                offset: 0, message: CastMessage(sourceID: "receiver-0", destinationID: "sender-0",
                                                namespace: CastNamespace.media.rawValue,
                                                json: json))
            record.type = type
            collector.handle(.cast(record))
        }
        var bytes: [UInt8] = []
        HTMLReportWriter.render(collector, title: "big") { bytes += $0 }
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(collector.table.keptCount == 17)
        #expect(html.contains("83 of 100 messages are not in the table"))
        #expect(html.contains("(1 error messages left out too)"))
        #expect(html.contains("80 messages are not drawn in sequence diagrams"))
        #expect(html.contains("payloads are shortened to 128 bytes"))
        let rows = try #require(try Self.tableData(html)["rows"]?.arrayValue)
        let sequences = rows.compactMap { $0.arrayValue?.first?.intValue }
        #expect(sequences == Array(1...10) + [51, 61] + Array(96...100))
    }

    /// Past head + tail rows the table keeps the same number of rows, so 250k messages make the same report size
    /// as a million (checked with a million in scripts/bench-inspect); the debug build takes ~10 s for this.
    @Test func aMillionMessagesMakeAReportUnderFiftyMegabytes() async {
        // Seconds of work: on a thread of its own, so the two-thread task pool stays free for the other tests.
        let (written, size, omitted, kept) = await BlockingWork.run { () -> (Int, Int, Int, Int) in
            let collector = ReportCollector()
            let payload = #"{"type":"MEDIA_STATUS","requestId":0,"status":[{"mediaSessionId":1,"#
                + #""playerState":"PLAYING","currentTime":12.5,"volume":{"level":1,"muted":false},"media":"#
                + #"{"contentId":"https://example.com/video.mp4","streamType":"BUFFERED"}}]}"#
            var record = CastMessageRecord(
                time: LogTimestamp(seconds: 3_000, microseconds: 0), flow: "a:1-b:8009", direction: .s2c, offset: 0,
                message: CastMessage(sourceID: "receiver-0", destinationID: "sender-0",
                                     namespace: CastNamespace.media.rawValue, json: payload))
            record.type = "MEDIA_STATUS"
            for index in 0..<250_000 {
                record.time = LogTimestamp(
                    seconds: 3_000 + Int64(index / 1000), microseconds: Int32(index % 1000) * 1000)
                collector.handle(.cast(record))
            }
            var size = 0
            let written = HTMLReportWriter.render(collector, title: "million") { size += $0.count }
            return (written, size, collector.table.omitted, collector.table.keptCount)
        }
        #expect(written == size)
        #expect(size < 50_000_000)
        #expect(omitted == 100_000)
        #expect(kept == 150_000)
    }

    @Test func extraTransportsShareOneLifelineAndTLSAlertsBecomeNotes() {
        let collector = ReportCollector()
        let flow = "10.0.0.1:40000-10.0.0.2:8009"
        for index in 0..<8 {
            var record = CastMessageRecord(
                time: LogTimestamp(seconds: 7_000, microseconds: Int32(index)), flow: flow, direction: .c2s, offset: 0,
                message: CastMessage(sourceID: "sender-0", destinationID: "transport-\(index)",
                                     namespace: CastNamespace.media.rawValue, json: #"{"type":"GET_STATUS"}"#))
            record.type = "GET_STATUS"
            collector.handle(.cast(record))
        }
        collector.handle(.tls(TLSReportEvent(event: "alert", time: LogTimestamp(seconds: 7_001, microseconds: 0),
                                             flow: flow, session: nil,
                                             details: [("direction", "s2c"), ("level", "fatal"),
                                                       ("alert", "bad_record_mac")])))
        let connection = collector.connections[0]
        #expect(connection.lifelines.map(\.label) == ["sender 10.0.0.1:40000", "receiver 10.0.0.2:8009"]
            + (0..<5).map { "app transport-\($0)" } + ["other apps"])
        #expect(connection.arrows.suffix(3).map(\.to) == [7, 7, 0])
        let note = connection.arrows.last
        #expect(note?.isNote == true && note?.isError == true && note?.label == "TLS alert bad_record_mac")
    }

    @Test func findingsOfConnectionsWithoutADiagramGoToOtherFindings() {
        var limits = ReportLimits()
        limits.diagramConnections = 1
        let collector = ReportCollector(limits: limits)
        for port in [40000, 40001] {
            let flow = "10.0.0.1:\(port)-10.0.0.2:8009"
            let time = LogTimestamp(seconds: 8_000, microseconds: 0)
            let handshake = TLSReportEvent(event: "handshake", time: time, flow: flow, session: nil, details: [])
            collector.handle(.tls(handshake))
            collector.handle(.finding(Finding(.warn, "tls.no-key", "no key", flow: flow)))
        }
        var bytes: [UInt8] = []
        HTMLReportWriter.render(collector, title: "two") { bytes += $0 }
        let html = String(decoding: bytes, as: UTF8.self)
        if case .connection(0) = collector.findings[0].place {} else {
            Issue.record("first finding not on its connection")
        }
        if case .general = collector.findings[1].place {} else {
            Issue.record("second finding not under other findings")
        }
        #expect(html.contains("1 connections beyond the first 1 have no sequence diagram"))
        let other = html.components(separatedBy: "<section id=\"other-findings\">").last ?? ""
        #expect(other.contains("id=\"place-2\"") && !other.contains("id=\"place-1\""))
    }
}
