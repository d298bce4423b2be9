public import CastLog
import CastWire

/// Decodes every mDNS message, assembles `_googlecast` instances across packets, pairs queries with answers.
public struct MDNSAnalyzer: Sendable {
    /// Instances by lowercased instance name, in first-seen order.
    public private(set) var devices: [String: CastDeviceRecord] = [:]
    /// Instance keys in first-seen order.
    public private(set) var order: [String] = []
    private var hosts: [String: (v4: Set<String>, v6: Set<String>)] = [:]
    /// Queries still waiting: lower-cased name → the name as the query spelled it.
    private var pending: [(time: LogTimestamp, names: [String: String], source: String)] = []
    private var reportedTXT: Set<String> = []
    /// Messages decoded.
    public private(set) var messages = 0

    /// Most instances tracked, and most queries awaiting answers.
    static let maximumDevices = 1024, maximumPending = 1024, maximumHosts = 4096
    static let serviceSuffix = "_googlecast._tcp.local."

    /// An empty analyser.
    public init() {}

    /// Analyses one UDP payload to or from port 5353.
    public mutating func add(payload: [UInt8], time: LogTimestamp, source: (ip: String, port: UInt16),
                             destination: (ip: String, port: UInt16), findings: inout [Finding]) -> MDNSEvent {
        expire(before: time, findings: &findings)
        messages += 1
        let result = DNSMessage.decodeLax(payload)
        let message = result.message
        let isResponse = message.flags.qr
        let legacy = source.port != 5353 || destination.port != 5353
        var event = MDNSEvent(
            time: time, source: "\(source.ip):\(source.port)", destination: "\(destination.ip):\(destination.port)",
            message: DNSMessageDump.jsonValue(for: message), error: result.error?.description, legacyUnicast: legacy,
            isResponse: isResponse, summary: "")
        if let error = result.error {
            findings.append(Finding(.warn, "mdns.malformed", "malformed mDNS message from \(event.source)",
                                    detail: error.description, time: time))
        }
        if isResponse {
            event.responseTime = pairAnswers(message, time: time)
            let multicast = destination.ip == "224.0.0.251" || destination.ip.lowercased() == "ff02::fb"
            if !multicast, !legacy {
                findings.append(Finding(
                    .info, "mdns.unicast-response", "unicast mDNS response \(event.source) → \(event.destination)",
                    detail: "answered directly (QU question or a responder that unicasts); clients bound only to the "
                        + "multicast group miss it", time: time))
            }
            for record in message.records { absorb(record, time: time, findings: &findings) }
        } else if pending.count < Self.maximumPending {
            let names = Self.awaitedNames(in: message)
            if !names.isEmpty { pending.append((time, names, event.source)) }
        }
        event.summary = Self.summarise(message, isResponse: isResponse)
        return event
    }

    /// At the end of the capture: unanswered queries, incomplete instances, AAAA-only devices.
    public mutating func finish(findings: inout [Finding]) {
        expire(before: nil, findings: &findings)
        for key in order {
            guard var device = devices[key] else { continue }
            if let addresses = hosts[device.host?.lowercased() ?? ""] {
                device.ipv4.formUnion(addresses.v4)
                device.ipv6.formUnion(addresses.v6)
                devices[key] = device
            }
            var missing: [String] = []
            if device.host == nil { missing.append("SRV") }
            if device.txt == nil { missing.append("TXT") }
            if device.ipv4.isEmpty && device.ipv6.isEmpty { missing.append("A/AAAA") }
            if !missing.isEmpty, !device.goodbye {
                findings.append(Finding(
                    .warn, "mdns.incomplete-instance", "\(device.instance) lacks \(missing.joined(separator: ", "))",
                    detail: "a sender needs PTR, SRV, TXT and an address to connect; the responder did not send them "
                        + "all (or they were not captured)", time: device.lastSeen))
            }
            if device.ipv4.isEmpty, !device.ipv6.isEmpty {
                findings.append(Finding(
                    .warn, "mdns.aaaa-only", "\(device.instance) has only IPv6 addresses",
                    detail: "several senders (pychromecast, go-chromecast) connect over IPv4 only", time: device.lastSeen))
            }
        }
    }

    static func isCast(_ name: String) -> Bool { name.hasSuffix(serviceSuffix) }

    private mutating func pairAnswers(_ message: DNSMessage, time: LogTimestamp) -> Double? {
        let names = Set(message.answers.map { $0.name.description.lowercased() })
        var best: Double?
        pending.removeAll { query in
            guard query.names.keys.contains(where: names.contains) else { return false }
            let elapsed = CastSessionTracker.seconds(from: query.time, to: time)
            best = max(best ?? 0, elapsed)
            return true
        }
        return best
    }

    private mutating func expire(before time: LogTimestamp?, findings: inout [Finding]) {
        pending.removeAll { query in
            if let time, CastSessionTracker.seconds(from: query.time, to: time) <= 1 { return false }
            findings.append(Finding(
                .warn, "mdns.no-answer", "query for \(query.names.values.sorted().joined(separator: ", ")) got no answer within 1 s",
                detail: "sent by \(query.source); no responder answered (device off, multicast filtered, or another "
                    + "network)", time: query.time))
            return true
        }
    }

    private mutating func absorb(_ record: DNSResourceRecord, time: LogTimestamp, findings: inout [Finding]) {
        let name = record.name.description
        switch record.data {
        case .ptr(let target) where Self.isCast(name.lowercased()):
            let instance = target.description
            guard Self.isCast(instance.lowercased()), !instance.lowercased().contains("._sub.") else { return }
            update(instance, time: time) { device in
                device.seenPTR = true
                device.note(time, record.ttl == 0 ? "PTR goodbye" : "PTR ttl \(record.ttl)")
            }
            noteTTL(instance, record, time: time, findings: &findings)
        case .srv(let srv) where Self.isCast(name.lowercased()):
            update(name, time: time) { device in
                device.host = srv.target.description
                device.port = srv.port
                device.note(time, "SRV \(srv.target):\(srv.port) ttl \(record.ttl)")
            }
            noteTTL(name, record, time: time, findings: &findings)
        case .txt(let txt) where Self.isCast(name.lowercased()):
            let cast = CastTXTRecord(txt: txt)
            update(name, time: time) { device in
                device.txt = cast
                device.note(time, "TXT fn=\(cast.friendlyName ?? "?") id=\(cast.id ?? "?") ttl \(record.ttl)")
            }
            noteTTL(name, record, time: time, findings: &findings)
            let bad = cast.diagnostics.filter { $0.kind == .invalidID || ($0.kind == .missingKey && $0.key == "fn") }
            if !bad.isEmpty, reportedTXT.count < Self.maximumDevices, reportedTXT.insert(name.lowercased()).inserted {
                findings.append(Finding(
                    .warn, "mdns.bad-txt", "TXT of \(name): \(bad.map(\.description).joined(separator: "; "))",
                    detail: "pychromecast ignores devices whose id is not 32 hex digits; fn is the name senders show",
                    time: time))
            }
        case .a(let address):
            let key = name.lowercased()
            if hosts[key] != nil || hosts.count < Self.maximumHosts, (hosts[key]?.v4.count ?? 0) < 64 {
                hosts[key, default: ([], [])].v4.insert(address.description)
            }
        case .aaaa(let address):
            let key = name.lowercased()
            if hosts[key] != nil || hosts.count < Self.maximumHosts, (hosts[key]?.v6.count ?? 0) < 64 {
                hosts[key, default: ([], [])].v6.insert(address.description)
            }
        default:
            break
        }
    }

    private mutating func noteTTL(_ instance: String, _ record: DNSResourceRecord, time: LogTimestamp,
                                  findings: inout [Finding]) {
        let key = instance.lowercased()
        guard var device = devices[key] else { return }
        device.ttls = device.ttls.map { min($0.lowerBound, record.ttl)...max($0.upperBound, record.ttl) }
            ?? record.ttl...record.ttl
        if record.cacheFlush { device.cacheFlush = true }
        if record.ttl == 0, !device.goodbye {
            device.goodbye = true
            findings.append(Finding(.info, "mdns.goodbye", "goodbye (TTL 0) for \(instance)",
                                    detail: "the device announced it is leaving; senders drop it", time: time))
        }
        devices[key] = device
    }

    private mutating func update(_ instance: String, time: LogTimestamp, _ body: (inout CastDeviceRecord) -> Void) {
        let key = instance.lowercased()
        if devices[key] == nil {
            guard devices.count < Self.maximumDevices else { return }
            devices[key] = CastDeviceRecord(instance: instance, firstSeen: time, lastSeen: time)
            order.append(key)
        }
        if var device = devices[key] {
            body(&device)
            devices[key] = device
        }
    }

    private static func summarise(_ message: DNSMessage, isResponse: Bool) -> String {
        // A message cut off before its first question or answer has nothing after the word: no trailing space.
        if !isResponse {
            let questions = message.questions.map { "\($0.name) \($0.type)\($0.unicastResponse ? " QU" : "")" }
            return (["query"] + (questions.isEmpty ? [] : [questions.joined(separator: ", ")])).joined(separator: " ")
        }
        let parts = message.answers.prefix(6).map { "\($0.name) \($0.type) ttl \($0.ttl)" }
        let more = message.answers.count > 6 ? " +\(message.answers.count - 6)" : ""
        return (["response"] + (parts.isEmpty ? [] : [parts.joined(separator: ", ")])).joined(separator: " ") + more
            + (message.additionals.isEmpty ? "" : " (+\(message.additionals.count) additional)")
    }
}
