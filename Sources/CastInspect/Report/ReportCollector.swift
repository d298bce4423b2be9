import CastJSON
import CastLog
import CastWire

/// Gathers what the HTML report shows from inspector events, in bounded memory (`ReportLimits`): totals, findings,
/// the discovery timeline, per-connection sequence diagrams and the message table.
///
/// Feed it every event (`handle`) and the totals (`finish`); then `HTMLReportWriter` renders it.
public final class ReportCollector {
    /// Where a finding is shown in the page.
    enum Place {
        case connection(Int)
        case discovery
        case general
    }

    /// A finding with its number (its anchor) and place.
    struct Numbered {
        var number: Int
        var finding: Finding
        var time: Double?
        var place: Place
    }

    let limits: ReportLimits
    /// Capture time all report times are relative to (the first event's).
    private(set) var origin: LogTimestamp?
    private(set) var earliest = 0.0
    private(set) var latest = 0.0
    private(set) var summary: InspectSummary?
    private(set) var findings: [Numbered] = []
    private(set) var findingsLeftOut = 0
    private(set) var severityCounts: [Finding.Severity: Int] = [:]
    private(set) var connections: [ReportConnection] = []
    private var connectionIndex: [String: Int] = [:]
    private(set) var connectionsLeftOut: Set<String> = []
    private(set) var discovery: ReportDiscovery
    private(set) var table: ReportMessageTable
    private(set) var tlsEvents = 0
    private var findingNumber = 0

    /// Message types drawn and listed as errors.
    static let errorTypes: Set<CastMessageType> = [
        .launchError, .loadFailed, .loadCancelled, .invalidRequest, .invalidPlayerState, .error, .other("NOT_ALLOWED"),
        .other("CANCELLED"),
    ]

    /// Whether payloads, log records and findings are redacted as logs are (`inspect --html --redact`): launch
    /// credentials, tokens in URLs, `Authorization` values.
    public let redacts: Bool

    /// A collector keeping at most what `limits` allows, redacting secrets when `redacts` is set.
    public init(limits: ReportLimits = ReportLimits(), redacts: Bool = false) {
        self.limits = limits
        self.redacts = redacts
        discovery = ReportDiscovery(limits: limits)
        table = ReportMessageTable(limits: limits)
    }

    /// Takes one inspector event.
    public func handle(_ event: InspectEvent) {
        switch event {
        case .mdns(let mdns):
            let time = relative(mdns.time)
            let row = ReportMessageTable.Row(
                time: micros(time), flow: nil, direction: mdns.isResponse ? 1 : 0, source: mdns.source,
                destination: mdns.destination, namespace: "mDNS", type: mdns.isResponse ? "response" : "query",
                requestID: nil, latency: mdns.responseTime.map(micros), replyTo: nil,
                flags: ReportMessageTable.Flag.mdns | (mdns.error == nil ? 0 : ReportMessageTable.Flag.error),
                payload: mdns.message.serialized())
            let sequence = table.add(row)
            discovery.add(mdns, time: time, sequence: sequence)
        case .tls(let tls):
            tlsEvents += 1
            let time = relative(tls.time)
            if let index = connection(for: tls.flow, time: time) {
                connections[index].add(tls, time: time, limits: limits)
            }
        case .cast(let cast):
            let time = relative(cast.time)
            let message = cast.message
            let isError = cast.messageType.map { Self.errorTypes.contains($0) } ?? false
            var flags = isError ? ReportMessageTable.Flag.error : 0
            if message.payloadBinary != nil { flags |= ReportMessageTable.Flag.binary }
            if message.namespace == CastNamespace.heartbeat.rawValue { flags |= ReportMessageTable.Flag.heartbeat }
            let text = message.payloadUTF8.map { redacts ? Redactor.redactText($0) : $0 }
            let payload = text ?? message.payloadBinary.map(Self.hexPreview) ?? ""
            let row = ReportMessageTable.Row(
                time: micros(time), flow: cast.flow, direction: cast.direction == .c2s ? 0 : 1,
                source: message.sourceID, destination: message.destinationID, namespace: message.namespace,
                type: cast.type, requestID: cast.requestID, latency: cast.reply.map { micros($0.latency) },
                replyTo: cast.reply?.requestType, flags: flags, payload: payload)
            let sequence = table.add(row)
            if let index = connection(for: cast.flow, time: time) {
                connections[index].add(cast, time: time, sequence: sequence, limits: limits, isError: isError)
            }
        case .finding(let finding):
            add(finding)
        case .log(let log):
            // castscope's own log records (`--log`) become table rows of namespace "log", next to the frames
            // they are linked to; the row's payload is the record and its links as the JSON output has them.
            let time = relative(log.time)
            var log = log
            if redacts { Redactor.redact(&log.record) }
            let record = log.record
            let row = ReportMessageTable.Row(
                time: micros(time), flow: log.links.first?.flow, direction: 0,
                source: HTMLEscaper.clip(record.className, maxBytes: 200), destination: "\(log.file):\(log.line)",
                namespace: "log", type: record.level.name, requestID: log.requestID, latency: nil, replyTo: nil,
                flags: record.level >= .error ? ReportMessageTable.Flag.error : 0,
                payload: InspectJSON.json(for: .log(log)).serialized())
            _ = table.add(row)
        case .mediaFetch(let fetch):
            // The device's fetch of the media: a row of its own lane (namespace "media-fetch") beside the frames.
            let failed = fetch.status.map { $0 >= 400 } ?? false || (fetch.tls.map { $0 != "trusted" } ?? false)
            let row = ReportMessageTable.Row(
                time: micros(relative(fetch.time)), flow: fetch.flow, direction: 0, source: fetch.device,
                destination: fetch.serverName ?? fetch.flow, namespace: "media-fetch",
                type: [fetch.method, fetch.status.map(String.init)].compactMap { $0 }.joined(separator: " "),
                requestID: nil, latency: nil, replyTo: nil, flags: failed ? ReportMessageTable.Flag.error : 0,
                payload: InspectJSON.json(for: event).serialized())
            let sequence = table.add(row)
            // Drawn on the Cast connection that carried the LOAD: the device's lifeline to a media-host lane.
            let loadTime = relative(fetch.loadTime)
            let candidates = connections.indices.filter { connections[$0].server.hasPrefix(fetch.device + ":") }
            if let index = candidates.last(where: { connections[$0].firstTime <= loadTime }) ?? candidates.last {
                connections[index].add(fetch: fetch, time: relative(fetch.time),
                                       sequence: sequence, limits: limits, failed: failed)
            }
        }
    }

    /// The speaker groups the capture shows (given at the end; nil when not assembled).
    private(set) var groups: InspectGroups?

    /// Takes the run's totals (after `Inspector.finish`) and the speaker groups assembled from it.
    public func finish(summary: InspectSummary, groups: InspectGroups? = nil) {
        self.summary = summary
        self.groups = groups
        // A finding can come just before its connection's first message (a reconnect is reported as the new
        // connection opens): place it with that connection, ahead of its first arrow.
        for index in findings.indices {
            guard case .general = findings[index].place, let flow = findings[index].finding.flow,
                  let connection = connectionIndex[flow] else { continue }
            findings[index].place = .connection(connection)
            connections[connection].add(finding: findings[index].number, beforeArrow: 0)
        }
    }

    private func add(_ finding: Finding) {
        severityCounts[finding.severity, default: 0] += 1
        // Summaries and details can quote payloads: keep what a reader needs, bounded.
        var finding = finding
        if redacts {
            finding.summary = Redactor.redactText(finding.summary)
            finding.detail = Redactor.redactText(finding.detail)
        }
        finding.code = HTMLEscaper.clip(finding.code, maxBytes: 100)
        finding.summary = HTMLEscaper.clip(finding.summary, maxBytes: 400)
        finding.detail = HTMLEscaper.clip(finding.detail, maxBytes: 2000)
        let time = finding.time.map(relative)
        guard findings.count < limits.findings else {
            findingsLeftOut += 1
            return
        }
        findingNumber += 1
        var place = Place.general
        if let flow = finding.flow, let index = connectionIndex[flow] {
            place = .connection(index)
            connections[index].add(finding: findingNumber, time: time)
        } else if finding.code.hasPrefix("mdns.") {
            place = .discovery
            discovery.findings.append((findingNumber, time))
        }
        findings.append(Numbered(number: findingNumber, finding: finding, time: time, place: place))
    }

    private func connection(for flow: String, time: Double) -> Int? {
        if let index = connectionIndex[flow] { return index }
        guard connections.count < limits.diagramConnections else {
            if connectionsLeftOut.count < 100_000 { connectionsLeftOut.insert(flow) }
            return nil
        }
        connections.append(ReportConnection(flow: flow, number: connections.count + 1, time: time))
        connectionIndex[flow] = connections.count - 1
        return connections.count - 1
    }

    /// Seconds since the first event; spans stay in Double because capture timestamps are untrusted.
    private func relative(_ time: LogTimestamp) -> Double {
        guard let origin else {
            origin = time
            return 0
        }
        let seconds = CastSessionTracker.seconds(from: origin, to: time)
        guard seconds.isFinite else { return 0 }
        earliest = min(earliest, seconds)
        latest = max(latest, seconds)
        return seconds
    }

    /// The RFC 3339 time `seconds` after the origin (nil without events or for forged, far-off times).
    func absolute(_ seconds: Double) -> String? {
        guard let origin, seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        let micros = Int64((seconds * 1_000_000).rounded()) + Int64(origin.microseconds)
        let whole = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
        let (total, overflow) = origin.seconds.addingReportingOverflow(whole)
        guard !overflow else { return nil }
        return LogTimestamp(seconds: total, microseconds: Int32(micros - whole * 1_000_000)).rfc3339
    }

    private func micros(_ seconds: Double) -> Int64 {
        let value = (seconds * 1_000_000).rounded()
        guard value.isFinite else { return 0 }
        return value >= 9e15 ? 9_000_000_000_000_000 : value <= -9e15 ? -9_000_000_000_000_000 : Int64(value)
    }

    static func hexPreview(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = "<\(bytes.count) binary bytes> "
        for byte in bytes.prefix(256) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return bytes.count > 256 ? text + "…" : text
    }
}
