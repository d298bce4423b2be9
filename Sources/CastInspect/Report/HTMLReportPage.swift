import CastLog
import CastWire

/// The report page's layout: head, header with counts and findings, the sections, the scripts.
struct HTMLReportPage {
    let collector: ReportCollector
    let title: String

    /// Findings listed in the header before the rest go behind a "more" toggle.
    static let headerFindings = 20

    func render(into out: inout HTMLOutput) {
        out.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                + "<meta http-equiv=\"Content-Security-Policy\" "
                + "content=\"\(HTMLReportWriter.contentSecurityPolicy)\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>castscope report — ")
        out.text(title)
        out.raw("</title>\n<script>\(HTMLReportScript.errorHook)</script>\n<style>\(HTMLReportStyle.css)</style>\n"
                + "</head>\n<body>\n")
        header(into: &out)
        out.raw("<main>\n")
        omissions(into: &out)
        discovery(into: &out)
        connections(into: &out)
        otherFindings(into: &out)
        out.raw("<section id=\"messages\"><h2>Messages</h2>\n<p class=\"facts\">Every decoded Cast and mDNS message "
                + "in capture order; click a row for its full payload. Filters are kept in the address (#filter:…), "
                + "so a filtered view can be linked.</p>\n")
        MessageTableHTML(table: collector.table, earliest: collector.earliest).render(into: &out)
        out.raw("</section>\n</main>\n<script>\(HTMLReportScript.main)</script>\n</body></html>\n")
    }

    private func header(into out: inout HTMLOutput) {
        let span = collector.latest - collector.earliest
        out.raw("<header><h1>castscope report — ")
        out.text(title)
        out.raw("</h1>\n<div class=\"span\">")
        if let start = collector.absolute(collector.earliest), let end = collector.absolute(collector.latest) {
            out.raw("capture from \(start) to \(end), span \(CastSessionTracker.format(span)) s; times below are "
                    + "seconds since its start")
        } else {
            out.raw("no events in the capture")
        }
        out.raw("</div>\n<div class=\"counts\">")
        let summary = collector.summary ?? InspectSummary()
        let counts: [(String, Int)] = [
            ("packets", summary.packets), ("bytes", summary.bytes), ("TCP flows", summary.flows),
            ("mDNS messages", summary.mdnsMessages), ("Cast messages", summary.castMessages),
            ("TLS records decrypted", summary.decryptedRecords), ("not decrypted", summary.undecryptedRecords),
            ("gaps", summary.gaps), ("truncated packets", summary.truncatedPackets),
        ]
        for (name, value) in counts { out.raw("<span class=\"count\"><b>\(value)</b> \(name)</span>") }
        out.raw("</div>\n<div class=\"counts\">")
        for severity in [Finding.Severity.error, .warn, .info] {
            out.raw("<span class=\"count\"><span class=\"sev sev-\(severity.rawValue)\">\(severity.rawValue)</span> "
                    + "<b>\(collector.severityCounts[severity] ?? 0)</b></span>")
        }
        out.raw("</div>\n")
        let sorted = collector.findings.sorted {
            $0.finding.severity != $1.finding.severity
                ? $0.finding.severity > $1.finding.severity : $0.number < $1.number
        }
        if sorted.isEmpty {
            out.raw("<p>No findings.</p>\n")
        } else {
            out.raw("<ul class=\"findings\">")
            for item in sorted.prefix(Self.headerFindings) { findingLink(item, into: &out) }
            out.raw("</ul>\n")
            if sorted.count > Self.headerFindings {
                out.raw("<details><summary>\(sorted.count - Self.headerFindings) more findings</summary>"
                        + "<ul class=\"findings\">")
                for item in sorted.dropFirst(Self.headerFindings) { findingLink(item, into: &out) }
                out.raw("</ul></details>\n")
            }
        }
        out.raw("<nav><a href=\"#discovery\">Discovery</a><a href=\"#connections\">Connections "
                + "(\(collector.connections.count))</a><a href=\"#other-findings\">Other findings</a>"
                + "<a href=\"#messages\">Messages</a></nav></header>\n")
    }

    private func findingLink(_ item: ReportCollector.Numbered, into out: inout HTMLOutput) {
        let severity = item.finding.severity.rawValue
        out.raw("<li><a href=\"#place-\(item.number)\"><span class=\"sev sev-\(severity)\">\(severity)</span> ")
        out.text(item.finding.code)
        out.raw("</a> ")
        out.text(DiscoveryTimelineSVG.truncate(item.finding.summary, 140))
        out.raw("</li>")
    }

    /// A finding where it happened: its anchor, code, summary, detail and time.
    private func findingPlace(_ item: ReportCollector.Numbered, into out: inout HTMLOutput) {
        let severity = item.finding.severity.rawValue
        out.raw("<li id=\"place-\(item.number)\"><span class=\"sev sev-\(severity)\">\(severity)</span> <b>")
        out.text(item.finding.code)
        out.raw("</b> ")
        out.text(item.finding.summary)
        if let time = item.time {
            out.raw(" <span class=\"facts\">at +\(CastSessionTracker.format(time - collector.earliest)) s</span>")
        }
        if let flow = item.finding.flow, case .general = item.place {
            out.raw(" <span class=\"facts mono\">")
            out.text(flow)
            out.raw("</span>")
        }
        if !item.finding.detail.isEmpty {
            out.raw("<div class=\"finding-detail\">")
            out.text(item.finding.detail)
            out.raw("</div>")
        }
        out.raw("</li>\n")
    }

    private func omissions(into out: inout HTMLOutput) {
        var notes: [String] = []
        let table = collector.table
        if table.omitted > 0 {
            notes.append("\(table.omitted) of \(table.total) messages are not in the table: it keeps the first "
                         + "\(collector.limits.headRows), the last \(collector.limits.tailRows) and up to "
                         + "\(collector.limits.pinnedRows) error messages from between"
                         + (table.omittedErrors > 0 ? " (\(table.omittedErrors) error messages left out too)" : "")
                         + ". All messages are in `castscope inspect --json`.")
        }
        if table.shortened > 0 {
            notes.append("\(table.shortened) payloads are shortened to \(collector.limits.shortPayloadBytes) bytes "
                         + "(the table keeps \(collector.limits.payloadBudget >> 20) MiB of payloads in full).")
        }
        if table.stringsOverflowed > 0 {
            notes.append("\(table.stringsOverflowed) IDs or names beyond the first \(collector.limits.distinctStrings) "
                         + "distinct ones are shown as a placeholder.")
        }
        if collector.findingsLeftOut > 0 {
            notes.append("\(collector.findingsLeftOut) findings beyond the first \(collector.limits.findings) are "
                         + "counted in the header but not listed.")
        }
        if !collector.connectionsLeftOut.isEmpty {
            notes.append("\(collector.connectionsLeftOut.count) connections beyond the first "
                         + "\(collector.limits.diagramConnections) have no sequence diagram (their messages are in "
                         + "the table).")
        }
        let arrowsLeftOut = collector.connections.reduce(0) { $0 + $1.arrowsLeftOut }
        if arrowsLeftOut > 0 {
            notes.append("\(arrowsLeftOut) messages are not drawn in sequence diagrams (each draws its first "
                         + "\(collector.limits.diagramRows)); they are in the table.")
        }
        if !collector.discovery.lanesLeftOut.isEmpty {
            notes.append("\(collector.discovery.lanesLeftOut.count) mDNS instances beyond the first "
                         + "\(collector.limits.lanes) have no timeline lane.")
        }
        let marksLeftOut = collector.discovery.lanes.reduce(0) { $0 + $1.marksLeftOut }
        if marksLeftOut > 0 {
            notes.append("\(marksLeftOut) timeline marks beyond \(collector.limits.marksPerLane) per lane are not "
                         + "drawn.")
        }
        guard !notes.isEmpty else { return }
        out.raw("<section id=\"left-out\" class=\"omitted\"><b>Left out to keep this report small</b><ul>")
        for note in notes { out.raw("<li>"); out.text(note); out.raw("</li>") }
        out.raw("</ul></section>\n")
    }

    private func discovery(into out: inout HTMLOutput) {
        let discovery = collector.discovery
        out.raw("<section id=\"discovery\"><h2>Discovery (mDNS)</h2>\n<p class=\"facts\">\(discovery.messages) mDNS "
                + "messages, \(discovery.lanes.count) lanes. One lane per <span class=\"mono\">_googlecast</span> "
                + "instance; hover a mark for its records, click it for the message.</p>\n")
        if discovery.lanes.isEmpty {
            out.raw("<p>No <span class=\"mono\">_googlecast</span> queries or instances in the capture.</p>\n")
        } else {
            out.raw("<div class=\"scroll\">")
            DiscoveryTimelineSVG(discovery: discovery, earliest: collector.earliest)
                .render(into: &out)
            out.raw("</div>\n")
        }
        speakerGroups(into: &out)
        places(collector.findings.filter { if case .discovery = $0.place { true } else { false } }, into: &out)
        out.raw("</section>\n")
    }

    /// Each speaker group: where it ran over time and who led, its members, the speakers' zone instances.
    private func speakerGroups(into out: inout HTMLOutput) {
        guard let groups = collector.groups, !groups.groups.isEmpty || !groups.zones.isEmpty else { return }
        out.raw("<h3>Speaker groups</h3>\n<ul>")
        for group in groups.groups.prefix(64) {
            out.raw("<li><b>")
            out.text(HTMLEscaper.clip(group.name, maxBytes: 96))
            out.raw("</b> <span class=\"mono\">")
            out.text(group.id ?? "?")
            out.raw("</span><ul>")
            for stay in group.stays {
                out.raw("<li>")
                out.text("\(stay.time.rfc3339) on \(stay.place)" + (stay.leader.map { ", leader \($0)" } ?? ""))
                out.raw("</li>")
            }
            if let members = group.members {
                out.raw("<li>members: ")
                out.text(HTMLEscaper.clip(members.map { $0.name ?? $0.canonicalID }.joined(separator: ", "),
                                          maxBytes: 2000))
                out.raw("</li>")
            }
            out.raw("</ul></li>")
        }
        out.raw("</ul>\n")
        if !groups.zones.isEmpty {
            let named = groups.zones.prefix(256).map { $0.speaker ?? $0.zone.id ?? $0.zone.instance }
            out.raw("<p class=\"facts\"><span class=\"mono\">_googlezone._tcp</span> (\(groups.zones.count)): ")
            out.text(HTMLEscaper.clip(named.joined(separator: ", "), maxBytes: 2000))
            out.raw("</p>\n")
        }
    }

    private func connections(into out: inout HTMLOutput) {
        out.raw("<section id=\"connections\"><h2>Cast connections</h2>\n")
        if collector.connections.isEmpty { out.raw("<p>No Cast connections in the capture.</p>\n") }
        let codes = Dictionary(collector.findings.map { ($0.number, $0.finding.code) }, uniquingKeysWith: { a, _ in a })
        for (index, connection) in collector.connections.enumerated() {
            out.raw("<h3 id=\"conn-\(connection.number)\">Connection \(connection.number): <span class=\"mono\">")
            out.text(connection.flow)
            out.raw("</span></h3>\n<p class=\"facts\">")
            out.text(connection.tls ?? "no TLS handshake seen")
            if let deviceAuth = connection.deviceAuth { out.text(" · device auth: " + deviceAuth) }
            out.raw(" · \(connection.messages) Cast messages, \(connection.heartbeats) heartbeats, "
                    + "\(connection.errors) errors · "
                    + "+\(CastSessionTracker.format(connection.firstTime - collector.earliest)) s "
                    + "to +\(CastSessionTracker.format(connection.lastTime - collector.earliest)) s · "
                    + "<a href=\"#filter:q=\(Self.urlComponent(connection.flow))\">its messages</a></p>\n")
            if connection.arrows.isEmpty {
                out.raw("<p>No decrypted Cast messages on this connection.</p>\n")
            } else {
                out.raw("<div class=\"scroll\">")
                SequenceDiagramSVG(connection: connection, earliest: collector.earliest, expanded: false,
                                   findingCodes: codes)
                    .render(into: &out)
                out.raw("</div>\n")
                if connection.heartbeatArrows > 0 {
                    out.raw("<details><summary>with heartbeats as arrows</summary><div class=\"scroll\">")
                    SequenceDiagramSVG(connection: connection, earliest: collector.earliest, expanded: true,
                                       findingCodes: codes)
                        .render(into: &out)
                    out.raw("</div></details>\n")
                }
            }
            places(collector.findings.filter { if case .connection(let i) = $0.place { i == index } else { false } },
                   into: &out)
        }
        out.raw("</section>\n")
    }

    private func otherFindings(into out: inout HTMLOutput) {
        let general = collector.findings.filter { if case .general = $0.place { true } else { false } }
        out.raw("<section id=\"other-findings\"><h2>Other findings</h2>\n")
        if general.isEmpty {
            out.raw("<p>None: every finding is shown with its connection or the discovery timeline.</p>\n")
        }
        places(general, into: &out)
        out.raw("</section>\n")
    }

    private func places(_ findings: [ReportCollector.Numbered], into out: inout HTMLOutput) {
        guard !findings.isEmpty else { return }
        out.raw("<ul class=\"findings\">")
        for item in findings { findingPlace(item, into: &out) }
        out.raw("</ul>\n")
    }

    /// Percent-encodes everything but unreserved characters (for the `#filter:q=` link).
    static func urlComponent(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }
}
