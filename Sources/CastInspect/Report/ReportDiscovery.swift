import CastJSON

/// The discovery timeline's lanes: one per `_googlecast` instance (plus one for service browse queries), each with
/// bounded marks for queries, first answers, TTL refreshes and goodbyes.
struct ReportDiscovery {
    /// What a mark shows.
    enum Kind: String {
        case query, answer, refresh, goodbye

        var rank: Int {
            switch self {
            case .query: 0
            case .refresh: 1
            case .answer: 2
            case .goodbye: 3
            }
        }
    }

    /// One mark on a lane.
    struct Mark {
        var time: Double
        var kind: Kind
        var text: String
        var sequence: Int
    }

    /// One lane.
    struct Lane {
        var key: String
        var instance: String
        var friendlyName: String?
        var model: String?
        var marks: [Mark] = []
        var marksLeftOut = 0
        var counts: [String: Int] = [:]
    }

    static let browseKey = ""
    static let service = "_googlecast._tcp.local."

    private(set) var lanes: [Lane] = []
    private var laneIndex: [String: Int] = [:]
    private var hostLanes: [String: Set<Int>] = [:]
    /// Records already seen (name, type and data), as 64-bit hashes: the data can be large and is the capture's.
    private var seenRecords: Set<Int> = []
    private(set) var lanesLeftOut: Set<String> = []
    private var totalMarks = 0
    private(set) var messages = 0
    /// First and last time of a message that put a mark on a lane (the timeline's range).
    private(set) var span: ClosedRange<Double>?
    /// Findings about discovery: their numbers and times.
    var findings: [(number: Int, time: Double?)] = []
    let limits: ReportLimits

    init(limits: ReportLimits) {
        self.limits = limits
    }

    /// Adds one mDNS message.
    mutating func add(_ event: MDNSEvent, time: Double, sequence: Int) {
        messages += 1
        var kinds: [Int: (kind: Kind, parts: [String])] = [:]
        func note(_ lane: Int?, _ kind: Kind, _ part: String) {
            guard let lane else { return }
            var entry = kinds[lane] ?? (kind, [])
            if kind.rank > entry.kind.rank { entry.kind = kind }
            if entry.parts.count < 8 { entry.parts.append(part) }
            kinds[lane] = entry
        }
        if !event.isResponse {
            for question in event.message["questions"]?.arrayValue ?? [] {
                let name = question["name"]?.stringValue ?? ""
                let type = question["type"]?.stringValue ?? "?"
                let lower = name.lowercased()
                if lower == Self.service || lower.hasSuffix("._sub." + Self.service) {
                    note(lane(for: Self.browseKey, create: true), .query, "query \(type) \(name)")
                } else if Self.isInstance(lower) {
                    note(lane(for: lower, instance: name, create: true), .query, "query \(type)")
                } else {
                    for index in hostLanes[lower] ?? [] { note(index, .query, "query \(type) \(name)") }
                }
            }
        } else {
            let records = (event.message["answers"]?.arrayValue ?? [])
                + (event.message["additionals"]?.arrayValue ?? [])
            for record in records { absorb(record, note: note) }
        }
        if !kinds.isEmpty { span = span.map { min($0.lowerBound, time)...max($0.upperBound, time) } ?? time...time }
        for (index, entry) in kinds.sorted(by: { $0.key < $1.key }) {
            lanes[index].counts[entry.kind.rawValue, default: 0] += 1
            guard lanes[index].marks.count < limits.marksPerLane, totalMarks < limits.marksInAllLanes else {
                lanes[index].marksLeftOut += 1
                continue
            }
            let text = "\(event.source) → \(event.destination): " + entry.parts.joined(separator: "; ")
            // Short titles: one answer can put a mark on every lane, and escaping can make each byte five.
            lanes[index].marks.append(Mark(time: time, kind: entry.kind, text: HTMLEscaper.clip(text, maxBytes: 120),
                                           sequence: sequence))
            totalMarks += 1
        }
    }

    private mutating func absorb(_ record: JSONValue, note: (Int?, Kind, String) -> Void) {
        let name = record["name"]?.stringValue ?? ""
        let lower = name.lowercased()
        let type = record["type"]?.stringValue ?? "?"
        let ttl = record["ttl"]?.intValue ?? 0
        let data = record["data"]
        var targets: [Int] = []
        switch type {
        case "PTR" where lower == Self.service:
            let instance = data?["target"]?.stringValue ?? ""
            if Self.isInstance(instance.lowercased()), let index = lane(for: instance.lowercased(), instance: instance,
                                                                        create: true) {
                targets = [index]
            }
        case "SRV" where Self.isInstance(lower), "TXT" where Self.isInstance(lower):
            guard let index = lane(for: lower, instance: name, create: true) else { return }
            targets = [index]
            if type == "SRV", let host = data?["target"]?.stringValue?.lowercased(),
               hostLanes[host] != nil || hostLanes.count < 4096 {
                hostLanes[host, default: []].insert(index)
            }
            if type == "TXT", let cast = data?["cast"] {
                if let name = cast["fn"]?.stringValue {
                    lanes[index].friendlyName = HTMLEscaper.clip(name, maxBytes: 96)
                }
                if let model = cast["md"]?.stringValue { lanes[index].model = HTMLEscaper.clip(model, maxBytes: 96) }
            }
        case "A", "AAAA":
            targets = (hostLanes[lower] ?? []).sorted()
        default:
            return
        }
        guard !targets.isEmpty else { return }
        var hasher = Hasher()
        hasher.combine(lower)
        hasher.combine(type)
        hasher.combine(data?.serialized() ?? "")
        let key = hasher.finalize()
        let kind: Kind
        if ttl == 0 {
            kind = .goodbye
        } else if seenRecords.contains(key) {
            kind = .refresh
        } else {
            kind = .answer
            if seenRecords.count < 20_000 { seenRecords.insert(key) }
        }
        // A group's SRV names its leader: the target and port show on the mark, so a leader move is visible.
        let part = type == "SRV"
            ? "SRV \(data?["target"]?.stringValue ?? "?"):\(data?["port"]?.intValue ?? 0) ttl \(ttl)" : "\(type) ttl \(ttl)"
        for index in targets { note(index, kind, part) }
    }

    private mutating func lane(for key: String, instance: String = "", create: Bool) -> Int? {
        if let index = laneIndex[key] { return index }
        guard create else { return nil }
        guard lanes.count < limits.lanes else {
            if lanesLeftOut.count < 10_000 { lanesLeftOut.insert(key) }
            return nil
        }
        lanes.append(Lane(key: key, instance: key == Self.browseKey ? "browse queries (\(Self.service))" : instance))
        laneIndex[key] = lanes.count - 1
        return lanes.count - 1
    }

    static func isInstance(_ lower: String) -> Bool {
        lower.hasSuffix("." + service) && !lower.contains("._sub.")
    }
}
