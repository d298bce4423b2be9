import CastLog
import CastWire

/// Decodes every mDNS message, assembles `_googlecast` instances across packets, pairs queries with answers.
public struct MDNSAnalyzer: Sendable {
    /// Instances in first-seen order; `positions` finds one by its lower-cased name (bytes, not text).
    private var records: [CastDeviceRecord] = []
    private var positions: [DNSName.CaseInsensitiveKey: Int] = [:]
    /// The instance `update` found last, by its stored key.
    private var lastPosition: (key: DNSName.CaseInsensitiveKey, position: Int)?
    /// Instances by lowercased instance name.
    public var devices: [String: CastDeviceRecord] {
        Dictionary(records.map { ($0.instance.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }
    /// Instance keys (lowercased instance names) in first-seen order.
    public var order: [String] { records.map { $0.instance.lowercased() } }
    /// The instances in first-seen order (one per lower-cased instance name; `devices` keyed by it).
    public var instances: [CastDeviceRecord] { records }
    /// Addresses by lower-cased host name, kept as bytes (formatted once, at the end).
    private var hosts: [DNSName.CaseInsensitiveKey: (v4: Set<DNSIPv4Address>, v6: Set<DNSIPv6Address>)] = [:]
    /// Queries still waiting for an answer, found by name.
    private var pending = PendingQueries()
    private var reportedTXT: Set<String> = []
    /// Decoded Cast TXT records by RDATA (at most `maximumCachedTXT`, then started afresh).
    private var txtCache: [BytesKey: CastTXTRecord] = [:]
    static let maximumCachedTXT = 1024
    /// `_googlezone._tcp` instances in first-seen order, found by lower-cased name.
    public private(set) var zones: [GoogleZoneSighting] = []
    private var zonePositions: [DNSName.CaseInsensitiveKey: Int] = [:]
    /// Messages decoded.
    public private(set) var messages = 0

    /// Most instances tracked, and most queries awaiting answers.
    static let maximumDevices = 1024, maximumPending = 1024, maximumHosts = 4096
    /// The labels of `_googlecast._tcp.local.`.
    static let serviceLabels: [[UInt8]] = [Array("_googlecast".utf8), Array("_tcp".utf8), Array("local".utf8)]
    /// The labels of `_googlezone._tcp.local.`.
    static let zoneLabels: [[UInt8]] = [Array("_googlezone".utf8), Array("_tcp".utf8), Array("local".utf8)]

    /// An empty analyser.
    public init() {}

    /// Analyses one UDP payload to or from port 5353, read in place (its names keep pointing into the packet), and
    /// returns its event; `makingEvent` false skips making it (nothing would read it: `--quiet`), not the analysis.
    mutating func add(payload: ByteReader, time: LogTimestamp, source: FlowEndpoint, destination: FlowEndpoint,
                      findings: inout [Finding], makingEvent: Bool = true) -> MDNSEvent? {
        expire(before: time, findings: &findings)
        messages += 1
        // Decoded as places in the packet: names are built only for the records the analysis keeps.
        let layout = DNSMessageLayout.decodeLax(payload)
        let isResponse = layout.flags.qr
        let legacy = source.port != 5353 || destination.port != 5353
        if let error = layout.error {
            findings.append(Finding(.warn, "mdns.malformed", "malformed mDNS message from \(source.label)",
                                    detail: error.description, time: time))
        }
        var responseTime: Double?
        if isResponse {
            responseTime = pending.answer(layout, at: time)
            let multicast = destination.ip == .mdnsIPv4 || destination.ip == .mdnsIPv6
            if !multicast, !legacy {
                findings.append(Finding(
                    .info, "mdns.unicast-response", "unicast mDNS response \(source.label) → \(destination.label)",
                    detail: "answered directly (QU question or a responder that unicasts); clients bound only to the "
                        + "multicast group miss it", time: time))
            }
            for index in 0..<layout.recordCount { absorb(layout, index, time: time, findings: &findings) }
        } else if pending.count < Self.maximumPending {
            let names = Self.awaitedNames(in: layout)
            if !names.isEmpty { pending.add(time: time, names: names, source: source) }
        }
        guard makingEvent else { return nil }
        var event = MDNSEvent(time: time, source: source, destination: destination, layout: layout,
                              error: layout.error?.description, legacyUnicast: legacy, isResponse: isResponse)
        event.responseTime = responseTime
        return event
    }

    /// At the end of the capture: unanswered queries, incomplete instances, AAAA-only devices.
    public mutating func finish(findings: inout [Finding]) {
        expire(before: nil, findings: &findings)
        for position in zones.indices {
            if let host = zones[position].host.flatMap(DNSName.init), let addresses = hosts[.init(host)] {
                zones[position].ipv4.formUnion(addresses.v4.map { $0.description })
            }
        }
        for position in records.indices {
            if let host = records[position].host.flatMap(DNSName.init), let addresses = hosts[.init(host)] {
                records[position].ipv4.formUnion(addresses.v4.map { $0.description })
                records[position].ipv6.formUnion(addresses.v6.map { $0.description })
            }
            if records[position].isGroup { noteLeaderMoves(records[position], findings: &findings) }
            let device = records[position]
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

    /// True for the service name and every name under it (instances, subtypes), any case.
    static func isCast(_ name: DNSName) -> Bool { name.hasSuffix(ignoringCase: serviceLabels) }

    /// True for `_googlezone._tcp.local.` and every name under it, any case.
    static func isZone(_ name: DNSName) -> Bool { name.hasSuffix(ignoringCase: zoneLabels) }

    /// Which service a record's name is under: one walk over its labels for both.
    enum NameFamily { case cast, zone, other }

    /// The suffixes `family(ofRecord:in:)` looks for, in `NameFamily` order.
    private static let familyLabels = [serviceLabels, zoneLabels]

    /// The family of record `index`'s owner name: Cast (`isCast`), zone (`isZone`) or neither, read in the packet.
    static func family(ofRecord index: Int, in layout: DNSMessageLayout) -> NameFamily {
        switch layout.recordName(at: index, matchingSuffix: familyLabels) {
        case 0?: .cast
        case 1?: .zone
        default: .other
        }
    }

    /// Applies `body` to the zone instance `name`, made on first sight (within `maximumDevices`).
    private mutating func zone(_ name: DNSName, time: LogTimestamp, _ body: (inout GoogleZoneSighting) -> Void) {
        let key = DNSName.CaseInsensitiveKey(name)
        if let known = zonePositions[key] {
            body(&zones[known])
        } else if zones.count < Self.maximumDevices {
            zonePositions[key.stored] = zones.count
            var sighting = GoogleZoneSighting(instance: name.description, firstSeen: time)
            body(&sighting)
            zones.append(sighting)
        }
    }

    /// `group.leader-moved` for each change of a group's SRV target or port: the group's instance runs on its
    /// leader, so a new target is a new leader, and a sender holding the old address fails.
    private func noteLeaderMoves(_ group: CastDeviceRecord, findings: inout [Finding]) {
        let name = group.txt?.friendlyName ?? group.instance
        for (old, new) in zip(group.endpoints, group.endpoints.dropFirst()) {
            findings.append(Finding(
                .warn, "group.leader-moved",
                "group \(name) moved from \(place(old.host, old.port)) to \(place(new.host, new.port))",
                detail: "its leader changed (an election, or the leading speaker left): a sender holding the old "
                    + "address fails until it looks the group up again", time: new.time))
        }
    }

    /// The addresses the capture gave for `host`, IPv4 first.
    func addresses(ofHost host: String) -> [String] {
        DNSName(host).flatMap { hosts[.init($0)] }.map { entry in
            entry.v4.map(\.description).sorted() + entry.v6.map(\.description).sorted()
        } ?? []
    }

    /// `host:port (addresses)` with the host's addresses as the capture gave them.
    func place(_ host: String, _ port: UInt16) -> String {
        let addresses = self.addresses(ofHost: host)
        return "\(host):\(port)" + (addresses.isEmpty ? "" : " (\(addresses.joined(separator: ", ")))")
    }

    private mutating func expire(before time: LogTimestamp?, findings: inout [Finding]) {
        guard !pending.isEmpty else { return }
        pending.expire(before: time) { query in
            findings.append(Finding(
                .warn, "mdns.no-answer",
                "query for \(query.names.map(\.description).sorted().joined(separator: ", ")) got no answer within 1 s",
                detail: "sent by \(query.source.label); no responder answered (device off, multicast filtered, or another "
                    + "network)", time: query.time))
        }
    }

    /// Absorbs record `index` of `layout` when it is one the model keeps: built only then (most records of a busy
    /// network are other services').
    private mutating func absorb(_ layout: DNSMessageLayout, _ index: Int, time: LogTimestamp,
                                 findings: inout [Finding]) {
        let family: NameFamily
        switch layout.recordType(at: index) {
        case .ptr, .srv, .txt:
            family = Self.family(ofRecord: index, in: layout)
            guard family != .other else { return }
        case .a, .aaaa: family = .other
        default: return
        }
        absorb(layout.record(at: index), family: family, time: time, findings: &findings)
    }

    private mutating func absorb(_ record: DNSResourceRecord, family: NameFamily, time: LogTimestamp,
                                 findings: inout [Finding]) {
        // Names become text only for the _googlecast records the device model keeps; addresses stay bytes.
        switch record.data {
        case .ptr(let target) where family == .cast:
            guard Self.isCast(target), !target.containsLabel(afterFirst: Self.subtypeLabel) else { return }
            update(target, time: time, record: record, findings: &findings) { device in
                device.seenPTR = true
                device.note(time, record.ttl == 0 ? "PTR goodbye" : "PTR ttl \(record.ttl)")
            }
        case .srv(let srv) where family == .cast:
            update(record.name, time: time, record: record, findings: &findings) { device in
                // The target as text only when it changed (a repeated SRV is the common case).
                // Only a live SRV says where the instance runs: a goodbye for an old place (a group's former
                // leader, late) changes nothing. The target becomes text only when it changed.
                let target = DNSName.CaseInsensitiveKey(srv.target)
                let changed = device.host == nil || device.port != srv.port || device.srvTarget != target
                if changed, record.ttl > 0 || device.host == nil {
                    device.host = srv.target.description
                    device.srvTarget = target.stored
                    device.port = srv.port
                }
                if record.ttl > 0, changed || device.endpoints.isEmpty,
                    device.endpoints.count < CastDeviceRecord.maximumEndpoints {
                    device.endpoints.append((time, device.host ?? "", srv.port))
                }
                device.note(time, "SRV \(srv.target):\(srv.port) ttl \(record.ttl)")
            }
        case .txt(let txt) where family == .cast:
            var fresh: CastTXTRecord?
            // The cache leaves `self` while `update` holds it (moved out and back, not copied).
            var cache = txtCache
            txtCache = [:]
            defer { txtCache = cache }
            update(record.name, time: time, record: record, findings: &findings) { device in
                // A repeated announcement carries the same strings: decoded once per change.
                if device.txt == nil || (device.txtRDATA ?? [])[...] != txt.rdata {
                    device.txt = Self.decodedTXT(txt, cache: &cache)
                    device.txtRDATA = Array(txt.rdata)
                    fresh = device.txt
                }
                let cast = device.txt
                device.note(time, "TXT fn=\(cast?.friendlyName ?? "?") id=\(cast?.id ?? "?") ttl \(record.ttl)")
            }
            guard let cast = fresh else { return }
            let name = record.name.description
            let bad = cast.diagnostics.filter { $0.kind == .invalidID || ($0.kind == .missingKey && $0.key == "fn") }
            if !bad.isEmpty, reportedTXT.count < Self.maximumDevices, reportedTXT.insert(name.lowercased()).inserted {
                findings.append(Finding(
                    .warn, "mdns.bad-txt", "TXT of \(name): \(bad.map(\.description).joined(separator: "; "))",
                    detail: "pychromecast ignores devices whose id is not 32 hex digits; fn is the name senders show",
                    time: time))
            }
        case .ptr(let target) where family == .zone:
            guard Self.isZone(target), !target.containsLabel(afterFirst: Self.subtypeLabel) else { return }
            zone(target, time: time) { if record.ttl == 0 { $0.goodbye = true } }
        case .srv(let srv) where family == .zone:
            zone(record.name, time: time) { zone in
                zone.host = srv.target.description
                zone.port = srv.port
            }
        case .txt(let txt) where family == .zone:
            zone(record.name, time: time) { zone in
                let fields = GoogleZoneTXTRecord(strings: txt.strings)
                zone.id = fields.id
                zone.commonTime = fields.commonTime
            }
        case .a(let address):
            noteAddress(of: record.name) { if $0.v4.count < 64 { $0.v4.insert(address) } }
        case .aaaa(let address):
            noteAddress(of: record.name) { if $0.v6.count < 64 { $0.v6.insert(address) } }
        default:
            break
        }
    }

    /// The Cast TXT model of `txt`, decoded once per distinct RDATA: an instance whose TXT alternates (two
    /// responders, or a device changing its status back and forth) is not decoded again each time.
    private static func decodedTXT(_ txt: DNSTXT, cache: inout [BytesKey: CastTXTRecord]) -> CastTXTRecord {
        if let known = cache[BytesKey(txt.rdata)] { return known }
        let decoded = CastTXTRecord(txt: txt)
        if cache.count >= maximumCachedTXT { cache.removeAll(keepingCapacity: true) }
        // Owned bytes: the RDATA slice points into its packet.
        cache[BytesKey(txt.rdata).stored] = decoded
        return decoded
    }

    /// Adds to the addresses of host `name` with one look-up (new hosts within `maximumHosts`).
    private mutating func noteAddress(of name: DNSName,
                                      _ body: (inout (v4: Set<DNSIPv4Address>, v6: Set<DNSIPv6Address>)) -> Void) {
        let key = DNSName.CaseInsensitiveKey(name)
        if let index = hosts.index(forKey: key) {
            body(&hosts.values[index])
        } else if hosts.count < Self.maximumHosts {
            var entry: (v4: Set<DNSIPv4Address>, v6: Set<DNSIPv6Address>) = ([], [])
            body(&entry)
            hosts[key.stored] = entry
        }
    }

    /// The label that marks a subtype PTR target (`_printer._sub._googlecast…`).
    static let subtypeLabel = Array("_sub".utf8)

    /// Applies `body` to the instance `name` (created on first sight, within `maximumDevices`), in place, then
    /// notes the record's TTL and cache-flush bit and a goodbye.
    private mutating func update(_ name: DNSName, time: LogTimestamp, record: DNSResourceRecord,
                                 findings: inout [Finding], _ body: (inout CastDeviceRecord) -> Void) {
        let key = DNSName.CaseInsensitiveKey(name)
        let position: Int
        // The records of one answer mostly name the same instance (PTR target, SRV, TXT): the last one found is
        // tried before the table.
        if let last = lastPosition, last.key == key {
            position = last.position
        } else if let index = positions.index(forKey: key) {
            position = positions.values[index]
            lastPosition = (positions.keys[index], position)
        } else {
            guard records.count < Self.maximumDevices else { return }
            position = records.count
            let stored = key.stored
            positions[stored] = position
            lastPosition = (stored, position)
            records.append(CastDeviceRecord(instance: name.description, firstSeen: time, lastSeen: time))
        }
        body(&records[position])
        records[position].ttls = records[position].ttls.map {
            min($0.lowerBound, record.ttl)...max($0.upperBound, record.ttl)
        } ?? record.ttl...record.ttl
        if record.cacheFlush { records[position].cacheFlush = true }
        if record.ttl == 0, !records[position].goodbye {
            records[position].goodbye = true
            findings.append(Finding(.info, "mdns.goodbye", "goodbye (TTL 0) for \(records[position].instance)",
                                    detail: "the device announced it is leaving; senders drop it", time: time))
        }
    }

    /// The one-line form of a message for the readable report.
    static func summarise(_ message: DNSMessage, isResponse: Bool) -> String {
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
