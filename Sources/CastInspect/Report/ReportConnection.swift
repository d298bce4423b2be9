import CastJSON
import CastWire

/// What the report draws for one Cast connection: its lifelines and a bounded list of arrows.
struct ReportConnection {
    /// One arrow (or note) of the sequence diagram.
    struct Arrow {
        var time: Double
        var from: Int
        var to: Int
        var label: String
        var tooltip: String
        var isError = false
        var isHeartbeat = false
        var isNote = false
        /// For a reply: the latency (seconds) and the index of the request's arrow, when it was drawn.
        var reply: (latency: Double, request: Int?)?
        /// The message's number in the table (0 for notes).
        var sequence: Int
    }

    let flow: String
    let number: Int
    var client: String
    var server: String
    var tls: String?
    /// The device-auth verdict of the device's last AuthResponse (clipped), when there was one.
    var deviceAuth: String?
    var firstTime: Double
    var lastTime: Double
    var messages = 0
    var heartbeats = 0
    var errors = 0
    /// Lifelines: 0 the sender, 1 the receiver platform, then app transports.
    var lifelines: [(id: String, label: String)] = [("sender", "sender"), ("receiver-0", "receiver")]
    var arrows: [Arrow] = []
    var arrowsLeftOut = 0
    var heartbeatArrows = 0
    var heartbeatTimes: [Double] = []
    /// Findings on this connection: their number and how many arrows were drawn before them.
    var findings: [(number: Int, arrowsBefore: Int)] = []
    private var requestArrow: [Int64: Int] = [:]
    private var transportNames: [String: String] = [:]

    init(flow: String, number: Int, time: Double) {
        self.flow = flow
        self.number = number
        let parts = flow.split(separator: "-", maxSplits: 1).map(String.init)
        client = parts.first ?? flow
        server = parts.count > 1 ? parts[1] : ""
        firstTime = time
        lastTime = time
        lifelines[0].label = "sender " + client
        lifelines[1].label = "receiver " + server
    }

    /// Adds a Cast message as an arrow (or a heartbeat dot).
    mutating func add(_ record: CastMessageRecord, time: Double, sequence: Int, limits: ReportLimits, isError: Bool) {
        firstTime = min(firstTime, time)
        lastTime = max(lastTime, time)
        messages += 1
        if isError { errors += 1 }
        let message = record.message
        let isHeartbeat = message.namespace == CastNamespace.heartbeat.rawValue
        if record.messageType == .receiverStatus { learnTransports(record) }
        if let auth = record.deviceAuth { deviceAuth = HTMLEscaper.clip(auth.text, maxBytes: 400) }
        if isHeartbeat {
            heartbeats += 1
            if heartbeatTimes.count < limits.heartbeatDots { heartbeatTimes.append(time) }
            guard heartbeatArrows < limits.diagramHeartbeats, arrows.count - heartbeatArrows < limits.diagramRows
            else { return }
            heartbeatArrows += 1
        } else if arrows.count - heartbeatArrows >= limits.diagramRows {
            // Past the diagram's limit only counts are kept: no strings are built for messages not drawn.
            arrowsLeftOut += 1
            return
        }
        let senderSide = record.direction == .c2s ? message.sourceID : message.destinationID
        let deviceSide = record.direction == .c2s ? message.destinationID : message.sourceID
        let device = lifeline(for: deviceSide, limits: limits)
        let (from, to) = record.direction == .c2s ? (0, device) : (device, 0)
        var label = Self.shortNamespace(message.namespace) + " "
        if let type = record.type {
            label += HTMLEscaper.clip(type, maxBytes: 64)
        } else if let binary = message.payloadBinary {
            label += "<\(binary.count) binary bytes>"
        } else {
            label += "(no type)"
        }
        var tooltip = "\(message.sourceID) → \(message.destinationID) \(message.namespace)"
        if let id = record.requestID { tooltip += " requestId \(id)" }
        if senderSide != "sender-0" && senderSide != "*" && record.direction == .c2s {
            tooltip += " (from \(senderSide))"
        }
        var arrow = Arrow(time: time, from: from, to: to, label: label,
                          tooltip: HTMLEscaper.clip(tooltip, maxBytes: 400), isError: isError,
                          isHeartbeat: isHeartbeat, sequence: sequence)
        if !isHeartbeat {
            if let reply = record.reply {
                let request = record.requestID.flatMap { requestArrow.removeValue(forKey: $0) }
                arrow.reply = (reply.latency, request)
            } else if record.direction == .c2s, let id = record.requestID, id > 0, requestArrow.count < 4096 {
                requestArrow[id] = arrows.count
            }
        }
        arrows.append(arrow)
    }

    /// Most media-host lanes drawn on one connection's diagram.
    static let maximumMediaLanes = 4

    /// Adds a device's fetch of a LOAD's media: an arrow from the receiver to a lane of the media host, placed by its
    /// time among the arrows already there (fetches are reported at the end of the capture).
    mutating func add(fetch: MediaFetchEvent, time: Double, sequence: Int, limits: ReportLimits, failed: Bool) {
        guard arrows.count - heartbeatArrows < limits.diagramRows else {
            arrowsLeftOut += 1
            return
        }
        let host = fetch.serverName ?? fetch.flow
        let id = "media " + host
        var lane = lifelines.firstIndex { $0.id == id }
        if lane == nil, lifelines.filter({ $0.id.hasPrefix("media ") }).count < Self.maximumMediaLanes {
            lifelines.append((id, "media " + HTMLEscaper.clip(host, maxBytes: 60)))
            lane = lifelines.count - 1
        }
        guard let lane else { return }
        var label = fetch.scheme.uppercased()
        if let method = fetch.method { label = method + " " + HTMLEscaper.clip(fetch.target ?? "", maxBytes: 40) }
        if let status = fetch.status { label += " → \(status)" }
        if let tls = fetch.tls, tls != "trusted" { label += " (TLS \(HTMLEscaper.clip(tls, maxBytes: 40)))" }
        let tooltip = HTMLEscaper.clip("\(fetch.device) → \(host) after the LOAD of \(fetch.contentID)"
                                       + (fetch.range.map { " Range \($0)" } ?? ""), maxBytes: 400)
        let position = arrows.firstIndex { $0.time > time } ?? arrows.count
        arrows.insert(Arrow(time: time, from: 1, to: lane, label: label, tooltip: tooltip, isError: failed,
                            sequence: sequence), at: position)
        // Indices of later arrows moved up by one.
        for index in arrows.indices {
            if let request = arrows[index].reply?.request, request >= position {
                arrows[index].reply?.request = request + 1
            }
        }
        for (id, index) in requestArrow where index >= position { requestArrow[id] = index + 1 }
        for index in findings.indices where findings[index].arrowsBefore > position {
            findings[index].arrowsBefore += 1
        }
        lastTime = max(lastTime, time)
    }

    /// Adds a TLS fact worth a note on the diagram (alerts, decryption failures), and the session parameters.
    mutating func add(_ tls: TLSReportEvent, time: Double, limits: ReportLimits) {
        firstTime = min(firstTime, time)
        lastTime = max(lastTime, time)
        if let session = tls.session {
            self.tls = "\(session.version) \(session.cipher)"
                + (session.decryptable ? ", decrypted" : ", not decrypted")
        }
        guard tls.event == "alert" || tls.event == "decryptFailed",
              arrows.count - heartbeatArrows < limits.diagramRows else { return }
        let details = Dictionary(tls.details.map { ($0.0, HTMLEscaper.clip($0.1, maxBytes: 200)) },
                                 uniquingKeysWith: { first, _ in first })
        let fromServer = details["direction"] == FlowDirection.s2c.rawValue
        let label = tls.event == "alert" ? "TLS alert \(details["alert"] ?? "?")" : "TLS record failed to decrypt"
        let fatal = tls.event == "decryptFailed" || details["level"] == "fatal"
        arrows.append(Arrow(time: time, from: fromServer ? 1 : 0, to: fromServer ? 0 : 1, label: label,
                            tooltip: details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                                .joined(separator: " "),
                            isError: fatal, isNote: true, sequence: 0))
    }

    /// Notes a finding on this connection (drawn where it happened).
    /// Flags finding `number` where it happened: before the first arrow later than `time` (findings are often
    /// reported after the fact — an unanswered request at the end of the capture), or before `arrow`.
    mutating func add(finding number: Int, time: Double? = nil, beforeArrow arrow: Int? = nil) {
        var position = arrow ?? arrows.count
        if arrow == nil, let time, let later = arrows.firstIndex(where: { $0.time > time }) { position = later }
        findings.append((number, position))
    }

    private mutating func lifeline(for id: String, limits: ReportLimits) -> Int {
        if id == "receiver-0" { return 1 }
        if let index = lifelines.firstIndex(where: { $0.id == id }) { return index }
        if lifelines.count - 2 < limits.transportLifelines {
            lifelines.append((id, "app " + (transportNames[id] ?? Self.shortID(id))))
            return lifelines.count - 1
        }
        if let other = lifelines.firstIndex(where: { $0.id == "" }) { return other }
        lifelines.append(("", "other apps"))
        return lifelines.count - 1
    }

    private mutating func learnTransports(_ record: CastMessageRecord) {
        for app in record.payload?["status"]?["applications"]?.arrayValue ?? [] {
            guard let transport = app["transportId"]?.stringValue, transportNames.count < 64 else { continue }
            let name = app["displayName"]?.stringValue ?? app["appId"]?.stringValue ?? Self.shortID(transport)
            transportNames[transport] = HTMLEscaper.clip(name, maxBytes: 64)
            if let index = lifelines.firstIndex(where: { $0.id == transport }) {
                lifelines[index].label = "app " + name
            }
        }
    }

    /// `urn:x-cast:com.google.cast.tp.connection` → `connection`; other namespaces lose only `urn:x-cast:`.
    static func shortNamespace(_ namespace: String) -> String {
        var text = Substring(namespace)
        for prefix in ["urn:x-cast:", "com.google.cast.", "tp."] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        return HTMLEscaper.clip(String(text), maxBytes: 48)
    }

    static func shortID(_ id: String) -> String { id.utf8.count > 12 ? HTMLEscaper.clip(id, maxBytes: 11) : id }
}
