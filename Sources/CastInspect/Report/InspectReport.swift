import CastJSON
import CastLog
import CastWire

/// Renders inspector events as the readable report or JSON lines, honouring `--only` and `--quiet`.
///
/// Text: a transcript as events arrive (mDNS lines, TLS facts, Cast messages with direction arrows), then the
/// per-device discovery summary, the per-connection summary, the findings and the totals.
public final class InspectReport {
    /// Event families `--only` selects.
    public enum Family: String, Sendable, CaseIterable {
        /// mDNS messages.
        case mdns
        /// Cast messages.
        case cast
        /// TLS facts.
        case tls
        /// Log records merged with `--log`.
        case log
    }

    private let json: Bool
    private let quiet: Bool
    private let only: Set<Family>
    private let writeBytes: (UnsafeBufferPointer<UInt8>) -> Void
    /// The line being built (kept, so its storage is reused line after line).
    private var scratch = OutputBuffer(capacity: 1 << 14)
    /// Cast TXT records rendered once each for the mDNS JSON lines.
    private let txtCache = CastTXTJSONCache()
    /// The date-and-time text of the last second an mDNS line was written in.
    private var timestamps = TimestampCache()
    /// With `renderAhead`, the thread rendering JSON lines (started by the first mDNS event).
    private var renderer: JSONLineRenderer?
    /// Render JSON lines on a thread of their own, written in batches (not for a live capture: each line would
    /// wait for its batch).
    public var renderAhead = false
    private var findings: [Finding] = []

    /// Most findings kept for the text report's closing section.
    static let maximumFindings = 10_000

    /// A report writing lines (each ending in a newline) to `write`.
    public init(json: Bool, quiet: Bool, only: Set<Family>, write: @escaping (String) -> Void) {
        self.json = json
        self.quiet = quiet
        self.only = only
        writeBytes = { write(String(decoding: $0, as: UTF8.self)) }
    }

    /// A report writing lines as UTF-8 bytes to `writeBytes`, lent for the call (JSON lines of mDNS messages are
    /// rendered straight into them, without a JSON tree or a String per line).
    public init(json: Bool, quiet: Bool, only: Set<Family>,
                writeBytes: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.json = json
        self.quiet = quiet
        self.only = only
        self.writeBytes = writeBytes
    }

    private func wants(_ family: Family) -> Bool { !quiet && (only.isEmpty || only.contains(family)) }

    /// Whether mDNS events are printed (not with `--quiet`, nor with an `--only` that leaves them out).
    public var printsMDNS: Bool { wants(.mdns) }

    /// Whether Cast message events are printed (not with `--quiet`, nor with an `--only` that leaves them out).
    public var printsCast: Bool { wants(.cast) }

    /// Handles one event.
    public func handle(_ event: InspectEvent) {
        switch event {
        case .mdns(let mdns):
            guard wants(.mdns) else { return }
            if json {
                if renderAhead {
                    if renderer == nil { renderer = JSONLineRenderer(txtCache: txtCache, write: writeBytes) }
                    renderer?.add(.mdns(mdns))
                    return
                }
                scratch.removeAll()
                InspectJSON.append(mdns, to: &scratch, txtCache: txtCache, timestamps: &timestamps)
                scratch.appendByte(UInt8(ascii: "\n"))
                return scratch.withBytes(writeBytes)
            }
            let timing = mdns.responseTime.map { " (answer after \(CastSessionTracker.format($0)) s)" } ?? ""
            // A malformed message has no summary: the parts are joined so no double space is left in its place.
            let parts = ["\(mdns.time.rfc3339) mDNS \(mdns.source) → \(mdns.destination)", mdns.summary + timing,
                         mdns.legacyUnicast ? "[legacy unicast]" : "", mdns.error.map { "[error: \($0)]" } ?? ""]
            line(parts.filter { !$0.isEmpty }.joined(separator: " "))
        case .tls(let tls):
            guard wants(.tls) else { return }
            if json { return line(InspectJSON.json(for: event).serialized()) }
            var text = "\(tls.time.rfc3339) TLS  \(tls.flow) \(tls.event)"
            if tls.event == "handshake", let session = tls.session {
                text += " \(session.version) \(session.cipher) " + (session.decryptable ? "(decrypting)" : "(no key)")
            }
            let shown = tls.details.filter { $0.0 != "clientRandom" && $0.0 != "serverRandom" }
            if !shown.isEmpty { text += " " + shown.map { "\($0.0)=\($0.1)" }.joined(separator: " ") }
            line(text)
        case .cast(let cast):
            guard wants(.cast) else { return }
            if json { return line(InspectJSON.json(for: event).serialized()) }
            let m = cast.message
            let namespace = m.namespace.replacingPrefix("urn:x-cast:com.google.cast.", with: "")
            var text = "\(cast.time.rfc3339) CAST \(cast.flow) \(cast.direction.arrow) \(m.sourceID) → "
                + "\(m.destinationID) [\(namespace)] "
            if let payload = m.payloadUTF8 {
                text += payload.count > 300 ? String(payload.prefix(300)) + "…" : payload
            } else {
                text += "<\(m.payloadBinary?.count ?? 0) binary bytes>"
            }
            if let reply = cast.reply {
                text += "  (reply to \(reply.requestType) after \(Int((reply.latency * 1000).rounded())) ms)"
            }
            if let deviceAuth = cast.deviceAuth { text += "  (device auth: \(deviceAuth.text))" }
            line(text)
        case .finding(let finding):
            if json { return line(InspectJSON.json(for: event).serialized()) }
            if findings.count < Self.maximumFindings { findings.append(finding) }
        case .log(let log):
            guard wants(.log) else { return }
            if json { return line(InspectJSON.json(for: event).serialized()) }
            line(Self.text(for: log))
        case .mediaFetch(let fetch):
            guard wants(.cast) else { return }
            if json { return line(InspectJSON.json(for: event).serialized()) }
            line(Self.text(for: fetch))
        }
    }

    /// `TIME MEDIA device → host GET /a.mp4 Range=… → 206 video/mp4 CORS=* (after the LOAD of …)`.
    public static func text(for fetch: MediaFetchEvent) -> String {
        var text = "\(fetch.time.rfc3339) MEDIA \(fetch.device) → \(fetch.serverName ?? fetch.flow) \(fetch.scheme)"
        if let method = fetch.method { text += " \(method) \(fetch.target ?? "")" }
        if let range = fetch.range { text += " Range=\(range)" }
        if let status = fetch.status { text += " → \(status) \(fetch.contentType ?? "")" }
        if let allow = fetch.allowOrigin { text += " CORS=\(allow)" }
        if let tls = fetch.tls { text += " TLS \(tls)" }
        if let alert = fetch.alert { text += " alert \(alert)" }
        return text + " (after the LOAD of \(fetch.contentID))"
    }

    /// The readable line of a merged log record: `TIME LOG  LEVEL CLASS message → req 7: LOAD → +2 ms, …`.
    public static func text(for log: LogRecordEvent) -> String {
        let record = log.record
        var text = "\(log.time.rfc3339) LOG  \(record.level.name.uppercased()) \(record.className) "
        if !record.function.isEmpty { text += "-[\(record.functionBaseName)] " }
        text += record.message.count > 300 ? String(record.message.prefix(300)) + "…" : record.message
        let keys = record.metadata.filter { $0.key.hasPrefix("cast.") }
        if !keys.isEmpty { text += " " + keys.map { "\($0.key)=\($0.value.text)" }.joined(separator: " ") }
        return text + linkText(log)
    }

    /// ` → req 7: LOAD → +2 ms, MEDIA_STATUS ← +40 ms` (times relative to the record), or "" without links.
    public static func linkText(_ log: LogRecordEvent) -> String {
        guard !log.links.isEmpty else { return "" }
        let at = log.time.timeIntervalSince1970
        let parts = log.links.map { link in
            let label = link.type ?? link.namespace.replacingPrefix("urn:x-cast:com.google.cast.", with: "")
            let milliseconds = Int(((link.time.timeIntervalSince1970 - at) * 1000).rounded())
            return "\(label) \(link.direction.arrow) \(milliseconds >= 0 ? "+" : "")\(milliseconds) ms"
        }
        let ids = Set(log.links.compactMap(\.requestID))
        let head = ids.count == 1 && log.requestID == ids.first ? " → req \(ids.first ?? 0): " : " → "
        return head + parts.joined(separator: ", ")
    }

    /// Writes the closing sections.
    public func finish(summary: InspectSummary, inspector: Inspector) {
        let groups = only.isEmpty || only.contains(.mdns) || only.contains(.cast)
            ? InspectGroups(mdns: inspector.mdns, connections: inspector.connections) : nil
        if json {
            for group in groups?.jsonValues ?? [] { line(group.serialized()) }
            line(InspectJSON.json(for: summary).serialized())
            renderer?.finish()
            return
        }
        if !quiet { discovery(inspector.mdns) }
        if !quiet { for text in groups?.lines ?? [] { line(text) } }
        if !quiet { connectionSection(inspector.connections) }
        line("")
        line("Findings (\(summary.findings)):")
        if findings.isEmpty { line("  none") }
        for finding in findings.sorted(by: { $0.severity > $1.severity }) {
            let place = [finding.time?.rfc3339, finding.flow].compactMap { $0 }.joined(separator: " ")
            line("  \(finding.severity.rawValue.uppercased()) \(finding.code): \(finding.summary)"
                 + (place.isEmpty ? "" : " [\(place)]"))
            if !finding.detail.isEmpty { line("    \(finding.detail)") }
        }
        line("")
        line("Totals: \(summary.packets) packets, \(summary.bytes) bytes, \(summary.flows) TCP flows, "
             + "\(summary.mdnsMessages) mDNS messages, \(summary.castMessages) Cast messages, "
             + "\(summary.decryptedRecords) TLS records decrypted, \(summary.undecryptedRecords) not, "
             + "\(summary.truncatedPackets) truncated packets, \(summary.gaps) gaps")
        if summary.logFiles > 0 {
            line("Logs: \(summary.logRecords) records from \(summary.logFiles) file\(summary.logFiles == 1 ? "" : "s"), \(summary.linkedLogRecords) "
                 + "linked to Cast messages, \(summary.badLogLines) lines that were not records skipped")
        }
    }

    private func discovery(_ mdns: MDNSAnalyzer) {
        let instances = mdns.instances
        guard only.isEmpty || only.contains(.mdns), !instances.isEmpty else { return }
        line("")
        line("Cast devices seen by mDNS (\(instances.count)):")
        for device in instances {
            let addresses = (device.ipv4.sorted() + device.ipv6.sorted()).joined(separator: ", ")
            line("  \(device.instance)")
            line("    name \(device.txt?.friendlyName ?? "?"), model \(device.txt?.model ?? "?"), id "
                 + "\(device.txt?.id ?? "?"), host \(device.host ?? "?"):\(device.port.map(String.init) ?? "?"), "
                 + "addresses \(addresses.isEmpty ? "none" : addresses)")
            let ttl = device.ttls.map { "TTL \($0.lowerBound)–\($0.upperBound) s" } ?? "no TTL"
            line("    \(ttl)\(device.cacheFlush ? ", cache-flush" : "")\(device.goodbye ? ", goodbye seen" : ""); "
                 + "first \(device.firstSeen.rfc3339), last \(device.lastSeen.rfc3339)")
            for entry in device.timeline.prefix(20) { line("      \(entry.time.rfc3339) \(entry.text)") }
            if device.timeline.count > 20 { line("      … \(device.timeline.count - 20) more") }
        }
    }

    private func connectionSection(_ connections: [ConnectionSummary]) {
        guard only.isEmpty || only.contains(.cast) || only.contains(.tls), !connections.isEmpty else { return }
        line("")
        line("Connections (\(connections.count)):")
        for c in connections {
            var head = "  \(c.flow) \(c.kind)"
            if let session = c.session {
                head += " \(session.version) \(session.cipher) \(session.decryptable ? "decrypted" : "not decrypted")"
            }
            line(head + (c.midStream ? " (no SYN in the capture)" : ""))
            line("    \(CastSessionTracker.format(c.duration)) s, \(c.castMessages) Cast messages, \(c.heartbeats) "
                 + "heartbeats, bytes c2s \(c.bytes[.c2s] ?? 0) s2c \(c.bytes[.s2c] ?? 0), \(c.retransmissions) "
                 + "retransmissions, \(c.gaps) gaps")
            if !c.encryptedRecords.isEmpty {
                line("    encrypted records: c2s \(c.encryptedRecords[.c2s] ?? 0) (\(c.encryptedBytes[.c2s] ?? 0) bytes), "
                     + "s2c \(c.encryptedRecords[.s2c] ?? 0) (\(c.encryptedBytes[.s2c] ?? 0) bytes)")
            }
            if c.heartbeats == 1 || (c.heartbeats == 2 && c.heartbeatIntervals.count <= 1) {
                // A median of one interval (PING to its PONG) says nothing about the heartbeat rate.
                line("    heartbeat: one PING" + (c.heartbeats == 2 ? " and its answer" : ""))
            } else if !c.heartbeatIntervals.isEmpty {
                let sorted = c.heartbeatIntervals.sorted()
                line("    heartbeat interval median \(CastSessionTracker.format(sorted[sorted.count / 2])) s, max "
                     + "\(CastSessionTracker.format(sorted.last ?? 0)) s")
            }
            if !c.virtualConnections.isEmpty {
                line("    virtual connections: \(c.virtualConnections.joined(separator: ", "))")
            }
            if let deviceAuth = c.deviceAuth { line("    device auth: \(deviceAuth.text)") }
            if !c.launches.isEmpty { line("    apps: \(c.launches.joined(separator: ", "))") }
            if !c.mediaSessions.isEmpty {
                line("    media sessions: " + c.mediaSessions.sorted { $0.key < $1.key }
                    .map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
            if !c.latencies.isEmpty {
                let sorted = c.latencies.sorted()
                line("    replies: \(sorted.count), latency median \(Int((sorted[sorted.count / 2] * 1000).rounded())) ms, "
                     + "max \(Int(((sorted.last ?? 0) * 1000).rounded())) ms")
            }
        }
    }

    /// Writes one line; a text report's line passes `TerminalText` (payloads, names and TXT values come from the
    /// network), a JSON line is already escaped by its serializer.
    private func line(_ text: String) {
        let bytes = Array(((json ? text : TerminalText.escaped(text)) + "\n").utf8)
        if let renderer { return renderer.add(.bytes(bytes)) }
        bytes.withUnsafeBufferPointer(writeBytes)
    }
}

extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
