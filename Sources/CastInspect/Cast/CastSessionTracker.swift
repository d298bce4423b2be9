import CastJSON
import CastLog
import CastWire

/// Reconstructs what happened on one Cast connection from its two application byte streams.
///
/// Frames go through the same `CastFrameStream` the live channel uses. Requests (sender → receiver with a
/// requestId) are paired with replies; heartbeats, virtual connections, launches and media sessions are tracked.
struct CastSessionTracker: Sendable {
    let flow: String
    private var streams = PerDirection(CastFrameStream())
    private var streamBase = PerDirection(0)
    private var pending: [Int64: (time: LogTimestamp, type: String, namespace: String)] = [:]
    private var lastHeartbeat: LogTimestamp?
    private var announced: [String: Set<String>] = [:]
    private var reportedNamespaces: Set<String> = []
    private(set) var virtualConnections: [String] = []
    private(set) var launches: [String] = []
    private(set) var mediaSessions: [Int64: String] = [:]
    /// Every LOAD's requestId, contentId, contentType and time (at most 256): a failure names its content, and the
    /// media path (`MediaFetchWatch`) follows each to the device's fetches.
    private(set) var loads: [(requestID: Int64?, contentID: String, contentType: String?, time: LogTimestamp)] = []
    private(set) var heartbeats = 0
    private(set) var heartbeatIntervals: [Double] = []
    private(set) var messageCount = 0
    private(set) var latencies: [Double] = []
    private var heartbeatWatch = HeartbeatWatch()
    /// The device-auth exchange and the device's chain, checked at the capture's time.
    var deviceAuth = DeviceAuthWatch()
    /// The sender asked receiver-0 to STOP an app: the app's CLOSE that follows is the expected outcome.
    private var senderStoppedApp = false
    /// Virtual connections the sender closed itself (`sender → endpoint`): a CLOSE crossing it is no finding.
    private var closedBySender: Set<String> = []
    /// A group's members, as MULTIZONE_STATUS and DEVICE_ADDED/UPDATED/REMOVED left them (nil: none came).
    var groupMembers: [MultizoneDevice]? { members?.devices }
    private var members: MultizoneMembers?
    private var reportedMultizone = 0
    /// The previous message's namespace, as text and as read, so the next message of the same skips reading it.
    private var lastNamespace = (text: CastNamespace.connection.rawValue, value: CastNamespace.connection)

    /// Whether the messages are wanted (their events are printed or collected): `feed` then hands each record back
    /// with its JSON text. Without, records are analysed and counted only, and only the messages read in depth
    /// (`isParsed`, multizone) make a String of their text; the rest are peeked at in place.
    var keepsText = true

    /// Whether a message of `type` has its payload parsed into a tree (the rest are only peeked at).
    static func isParsed(_ type: CastMessageType) -> Bool {
        switch type {
        case .receiverStatus, .launchError, .loadFailed, .invalidRequest, .load, .error: true
        default: false
        }
    }

    /// Most latencies and heartbeat intervals kept per connection (for the summary's median and maximum).
    static let maximumKept = 4096

    /// Most requests remembered while waiting for replies.
    static let maximumPending = 4096

    init(flow: String) {
        self.flow = flow
    }

    /// Adds application bytes of one direction; returns how many messages they completed, adding them to `messages`
    /// (when `keepsText`) and any findings to `findings`.
    mutating func feed(_ bytes: [UInt8], direction: FlowDirection, time: LogTimestamp,
                       messages: inout [CastMessageRecord], findings: inout [Finding]) -> Int {
        var completed = 0
        var stream = CastFrameStream()  // moved out and back, so it stays uniquely referenced while it is mutated
        swap(&stream, &streams[direction])
        defer { swap(&stream, &streams[direction]) }
        stream.append(bytes)
        while true {
            let offset = stream.nextFrameOffset
            do throws(FramingError) {
                guard let frame = try stream.nextDeferringText() else { break }
                var record = CastMessageRecord(time: time, flow: flow, direction: direction,
                                               offset: offset + streamBase[direction], message: frame.message)
                var peek: CastPayloadPeek?
                var type: CastMessageType?
                let namespace = namespace(of: frame.message)
                if let text = frame.text {
                    let found = CastPayloadPeek(utf8: text)
                    (record.type, record.requestID, peek) = (found.type, found.requestID, found)
                    type = found.type.map(CastMessageType.init(rawValue:))
                    let parsed = type.map(Self.isParsed) ?? false
                    if keepsText || parsed || namespace == .multizone {
                        record.message.payloadUTF8 = frame.textString
                    }
                    if parsed, let json = record.message.payloadUTF8 { record.payload = try? JSONValue(parsing: json) }
                }
                analyse(&record, namespace: namespace, type: type, peek: peek, findings: &findings)
                messageCount += 1
                completed += 1
                if keepsText { messages.append(record) }
            } catch {
                let tooLarge: Bool
                if case .bodyTooLarge = error.kind { tooLarge = true } else { tooLarge = false }
                findings.append(Finding(
                    .error, tooLarge ? "cast.frame-too-large" : "cast.malformed-frame",
                    tooLarge ? "Cast frame over 64 KiB (\(direction.rawValue))" : "malformed Cast frame (\(direction.rawValue))",
                    detail: error.description, time: time, flow: flow))
                // Every byte after the faulty frame's start is kept and searched for the next frame header.
                stream.resynchronize()
            }
        }
        return completed
    }

    /// The message's namespace as a `CastNamespace`, remembered from the message before when it is the same (the
    /// decoder hands a connection's repeated namespaces out as one String, so the check is mostly an identity test).
    private mutating func namespace(of message: CastMessage) -> CastNamespace {
        if message.namespace == lastNamespace.text { return lastNamespace.value }
        let namespace = CastNamespace(rawValue: message.namespace)
        lastNamespace = (message.namespace, namespace)
        return namespace
    }

    /// Bytes were lost in one direction: a new frame stream starts there, looking for a frame header first.
    mutating func gap(direction: FlowDirection, size: Int) {
        let stream = streams[direction]
        streamBase[direction] += stream.nextFrameOffset + stream.bufferedByteCount + size
        streams[direction] = CastFrameStream(searching: true)
    }

    private mutating func analyse(_ record: inout CastMessageRecord, namespace: CastNamespace,
                                  type messageType: CastMessageType?, peek: CastPayloadPeek?,
                                  findings: inout [Finding]) {
        let type = record.type ?? ""
        let time = record.time
        if namespace == .deviceAuth {
            deviceAuth.note(&record, flow: flow, findings: &findings)
            return
        }
        if namespace == .multizone {
            noteMultizone(&record, type: messageType, findings: &findings)
        }
        if namespace == .heartbeat {
            heartbeats += 1
            heartbeatWatch.note(type: messageType, direction: record.direction, time: time)
            if let last = lastHeartbeat, heartbeatIntervals.count < Self.maximumKept {
                heartbeatIntervals.append(Self.seconds(from: last, to: time))
            }
            if let last = lastHeartbeat, Self.seconds(from: last, to: time) > 10 {
                findings.append(Finding(
                    .warn, "cast.heartbeat-gap", "no PING/PONG for \(Self.format(Self.seconds(from: last, to: time))) s",
                    detail: "senders and receivers expect a heartbeat at least every 5–10 s; a gap this long "
                        + "usually ends in a timeout and reconnect", time: time, flow: flow))
            }
            lastHeartbeat = time
            return
        }
        if let id = record.requestID, id > 0 {
            if record.direction == .c2s {
                if pending.count < Self.maximumPending { pending[id] = (time, type, record.message.namespace) }
            } else if let request = pending.removeValue(forKey: id) {
                let latency = Self.seconds(from: request.time, to: time)
                record.reply = (request.type, latency)
                if latencies.count < Self.maximumKept { latencies.append(latency) }
            }
        }
        if record.direction == .c2s {
            checkAnnounced(record, namespace: namespace, findings: &findings)
        }
        switch messageType ?? .other("") {
        case .connect where record.direction == .c2s && virtualConnections.count < 256:
            virtualConnections.append("\(record.message.sourceID) → \(record.message.destinationID)")
        case .stop where record.direction == .c2s && namespace == .receiver:
            senderStoppedApp = true
        case .close where record.direction == .c2s:
            if closedBySender.count < 256 {
                closedBySender.insert("\(record.message.sourceID) → \(record.message.destinationID)")
            }
        case .close where record.direction == .s2c
            && !(senderStoppedApp && record.message.sourceID != CastEndpointID.platformReceiver)
            && !closedBySender.contains("\(record.message.destinationID) → \(record.message.sourceID)"):
            findings.append(Finding(
                .warn, "cast.receiver-close",
                "receiver closed virtual connection \(record.message.sourceID) → \(record.message.destinationID)",
                detail: "the app or the receiver ended the connection; the sender must reconnect (CONNECT) to continue",
                time: time, flow: flow))
        case .launchError:
            let reason = record.payload?["reason"]?.stringValue ?? "no reason given"
            findings.append(Finding(.error, "cast.launch-error", "LAUNCH_ERROR: \(reason)",
                                    detail: record.message.payloadUTF8 ?? "", time: time, flow: flow))
        case .load where record.direction == .c2s:
            if let media = record.payload?["media"],
               let content = media["contentUrl"]?.stringValue ?? media["contentId"]?.stringValue {
                if loads.count < 256 {
                    loads.append((record.requestID, content, media["contentType"]?.stringValue, time))
                }
            }
        case .loadFailed:
            findings.append(mediaFailure(record, type: .loadFailed, time: time))
        case .error where namespace == .media:
            findings.append(mediaFailure(record, type: .error, time: time))
        case .mediaStatus where peek?.playerState == "IDLE" && peek?.idleReason == "ERROR":
            findings.append(Finding(
                .error, "media.idle-error", "the media stopped with an error (MEDIA_STATUS IDLE, idleReason ERROR)",
                detail: "the device gave up on media it had loaded: a segment or range it could not fetch or "
                    + "decode mid-stream; an ERROR message with a detailedErrorCode usually comes with it",
                time: time, flow: flow))
            noteMediaSession(peek)
        case .invalidRequest:
            let reason = record.payload?["reason"]?.stringValue ?? "no reason given"
            findings.append(Finding(.error, "cast.invalid-request", "INVALID_REQUEST: \(reason)",
                                    detail: record.message.payloadUTF8 ?? "", time: time, flow: flow))
        case .receiverStatus:
            noteApplications(record)
        case .mediaStatus:
            noteMediaSession(peek)
        default:
            break
        }
    }

    private mutating func noteMediaSession(_ peek: CastPayloadPeek?) {
        if let id = peek?.mediaSessionID, mediaSessions[id] != nil || mediaSessions.count < 1024 {
            mediaSessions[id] = peek?.playerState ?? mediaSessions[id] ?? "?"
        }
    }

    /// `media.load-failed` (LOAD_FAILED) or `media.error` (an ERROR on the media namespace): the detailed error
    /// code with its name, meaning and fix, and the contentId of the LOAD it answers.
    private mutating func mediaFailure(_ record: CastMessageRecord, type: CastMessageType, time: LogTimestamp)
        -> Finding {
        var name = "no detailedErrorCode"
        var detail = record.message.payloadUTF8 ?? ""
        if let number = record.payload?["detailedErrorCode"]?.intValue {
            let code = MediaDetailedErrorCode(rawValue: number)
            name = "detailedErrorCode \(number) \(code.name ?? "unknown")"
            if let (meaning, fix) = code.meaning { detail = "\(meaning); check: \(fix). " + detail }
        }
        if let id = record.requestID, id != 0, let load = loads.last(where: { $0.requestID == id }) {
            name += " for \(load.contentID)"
        }
        let failed = type == .loadFailed
        return Finding(.error, failed ? "media.load-failed" : "media.error",
                       (failed ? "LOAD_FAILED: " : "ERROR: ") + name, detail: detail, time: time, flow: flow)
    }

    /// Most unreadable multizone messages reported per connection.
    static let maximumMultizoneFindings = 8

    /// A multizone message: read into the typed model (its JSON kept for the report), members updated; one that
    /// does not read is a finding naming where it failed.
    private mutating func noteMultizone(_ record: inout CastMessageRecord, type: CastMessageType?,
                                        findings: inout [Finding]) {
        guard let text = record.message.payloadUTF8 else { return }
        let message: MultizoneMessage
        do throws(CastPayloadError) {
            message = try MultizoneMessage(jsonText: text)
        } catch {
            if CastErrorResponse.types.contains(type ?? .other("")) { return }
            guard reportedMultizone < Self.maximumMultizoneFindings else { return }
            reportedMultizone += 1
            findings.append(Finding(.warn, "cast.bad-multizone", "unreadable multizone message",
                                    detail: error.description, time: record.time, flow: flow))
            return
        }
        record.payload = message.json
        var list = members ?? MultizoneMembers()
        if list.apply(message) { members = list }
    }

    private mutating func noteApplications(_ record: CastMessageRecord) {
        for app in record.payload?["status"]?["applications"]?.arrayValue ?? [] {
            guard let transport = app["transportId"]?.stringValue else { continue }
            let names = (app["namespaces"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue ?? $0.stringValue }
            if announced[transport] == nil, launches.count < 256 {
                let label = "\(app["appId"]?.stringValue ?? "?") \(app["displayName"]?.stringValue ?? "")"
                launches.append("\(label.trimmingSpaces) session \(app["sessionId"]?.stringValue ?? "?")")
            }
            if announced[transport] != nil || announced.count < 256 { announced[transport] = Set(names) }
        }
    }

    private mutating func checkAnnounced(_ record: CastMessageRecord, namespace: CastNamespace,
                                         findings: inout [Finding]) {
        let destination = record.message.destinationID
        guard let names = announced[destination], !namespace.isTransport,
              !names.contains(record.message.namespace) else { return }
        let key = destination + " " + record.message.namespace
        guard reportedNamespaces.count < 256, reportedNamespaces.insert(key).inserted else { return }
        findings.append(Finding(
            .warn, "cast.unannounced-namespace",
            "message on \(record.message.namespace), which app \(destination) did not announce",
            detail: "the app's RECEIVER_STATUS lists \(names.sorted().joined(separator: ", "))",
            time: record.time, flow: flow))
    }

    /// At the end of the capture: requests still waiting (to `end`) and heartbeats lost (to `heartbeatEnd`, which
    /// is earlier when the connection was half closed).
    func finish(end: LogTimestamp, heartbeatEnd: LogTimestamp? = nil, findings: inout [Finding]) {
        for (id, request) in pending.sorted(by: { $0.key < $1.key }) {
            let waited = Self.seconds(from: request.time, to: end)
            findings.append(Finding(
                .warn, "cast.no-reply", "\(request.type.isEmpty ? "request" : request.type) \(id) got no reply",
                detail: "waited \(Self.format(waited)) s until the end of the capture on \(request.namespace)",
                time: request.time, flow: flow))
        }
        heartbeatWatch.finish(end: heartbeatEnd ?? end, flow: flow, findings: &findings)
    }

    /// True when a side's PINGs were left unanswered (see `HeartbeatWatch`) by `end`.
    func heartbeatLost(at end: LogTimestamp) -> Bool { heartbeatWatch.lost(at: end) }

    /// `b - a` in seconds; done in Double because capture timestamps are untrusted and may be anywhere in Int64.
    static func seconds(from a: LogTimestamp, to b: LogTimestamp) -> Double {
        (Double(b.seconds) - Double(a.seconds)) + Double(b.microseconds - a.microseconds) / 1_000_000
    }

    static func format(_ seconds: Double) -> String {
        // Spans from forged timestamps can be astronomically large: print them without an Int conversion.
        guard seconds.isFinite, abs(seconds) < 1e12 else { return seconds.isFinite ? "\(seconds.rounded())" : "?" }
        let millis = Int((seconds * 1000).rounded())
        let fraction = abs(millis % 1000)
        return "\(millis / 1000).\(fraction < 10 ? "00" : fraction < 100 ? "0" : "")\(fraction)"
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
