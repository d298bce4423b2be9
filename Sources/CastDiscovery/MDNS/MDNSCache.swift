import CastNet
import CastWire

/// The querier's record cache (RFC 6762 §5.2, §10), bounded per interface and per name.
///
/// Keys ignore ASCII case. A record that would pass a cap is dropped and counted, never cached: a hostile sender can
/// fill its share of the cache but not grow it.
struct MDNSCache: Sendable {
    /// Where one record lives.
    struct Key: Hashable, Sendable {
        var name: DNSName
        var type: DNSType
        var interfaceIndex: UInt32
    }

    /// What `insert` did.
    enum InsertOutcome: Sendable, Equatable {
        case added, refreshed, goodbye, ignoredGoodbye, rejectedInterfaceCap, rejectedNameCap
    }

    private(set) var entries: [Key: [MDNSCachedRecord]] = [:]
    /// Bumped whenever a record is added or removed, so callers can skip work when a packet changed nothing.
    private(set) var generation = 0
    /// Instances (lower-cased names) named by a cached PTR: the name as received, its interface, how many PTRs.
    private(set) var ptrInstances: [DNSName: (name: DNSName, interfaceIndex: UInt32, count: Int)] = [:]
    /// What changed since `takeChanges`: instance names (PTR targets, SRV/TXT owners) and hosts (A/AAAA owners).
    private var changedInstances: Set<DNSName> = []
    private var changedHosts: Set<DNSName> = []
    private var everythingChanged = false
    /// Lower-cased SRV targets with how many cached SRV records name them: the hosts whose addresses are kept.
    private(set) var srvTargets: [DNSName: Int] = [:]
    /// Lower bounds of the next expiry and the next refresh point, so the per-packet scans run only when due.
    private var earliestExpiry: MonotonicInstant?
    private var earliestRefresh: MonotonicInstant?
    private var countPerInterface: [UInt32: Int] = [:]
    private var countPerName: [NameKey: Int] = [:]
    let maximumRecordsPerInterface: Int
    let maximumRecordsPerName: Int
    /// Largest random addition to a refresh point, as a fraction of the TTL (RFC 6762 §5.2: 2 %).
    let refreshJitter: Double
    /// Draws the refresh jitter.
    private var random: MDNSRandom

    private struct NameKey: Hashable, Sendable {
        var name: DNSName
        var interfaceIndex: UInt32
    }

    /// Names exempt from the per-name cap (the browsed service type: one PTR per device lives there), still
    /// bounded by the per-interface cap.
    let uncappedNames: Set<DNSName>

    init(
        maximumRecordsPerInterface: Int, maximumRecordsPerName: Int, uncappedNames: Set<DNSName> = [],
        refreshJitter: Double = 0, random: MDNSRandom = MDNSRandom(seed: 0)
    ) {
        self.maximumRecordsPerInterface = maximumRecordsPerInterface
        self.maximumRecordsPerName = maximumRecordsPerName
        self.refreshJitter = refreshJitter
        self.random = random
        self.uncappedNames = Set(uncappedNames.map(\.lowercased))
    }

    /// Records cached in all.
    var count: Int { countPerInterface.values.reduce(0, +) }

    /// Records cached for one interface.
    func count(onInterface index: UInt32) -> Int { countPerInterface[index] ?? 0 }

    /// Adds or refreshes a record. A TTL of 0 (goodbye) makes a cached copy expire one second later (RFC 6762 §10.1);
    /// the cache-flush bit makes other records of that name and type older than one second do the same (§10.2).
    ///
    /// `viaOneShot`: the record came in a unicast answer to a one-shot query, whose TTL the responder capped at
    /// 10 s (RFC 6762 §6.7): it never shortens a cached copy's life, and the caller passes no goodbyes or flushes.
    mutating func insert(
        name: DNSName, value: MDNSRecordValue, ttl: UInt32, cacheFlush: Bool, interfaceIndex: UInt32,
        at now: MonotonicInstant, viaOneShot: Bool = false
    ) -> InsertOutcome {
        let key = Key(name: name.lowercased, type: value.type, interfaceIndex: interfaceIndex)
        var list = entries[key] ?? []
        let existing = list.firstIndex { $0.value == value }
        if viaOneShot, let existing, list[existing].expiresAt >= now + .seconds(Int64(ttl)) {
            return .refreshed
        }
        if ttl == 0 {
            guard let existing else { return .ignoredGoodbye }
            list[existing].ttl = 1
            list[existing].refreshesSent = MDNSCachedRecord.refreshFractions.count
            list[existing].expiresAt = min(list[existing].expiresAt, now + .seconds(1))
            noteTimes(list[existing])
            entries[key] = list
            return .goodbye
        }
        if cacheFlush {
            for index in list.indices where index != existing && now - list[index].receivedAt > .seconds(1) {
                list[index].expiresAt = min(list[index].expiresAt, now + .seconds(1))
                list[index].refreshesSent = MDNSCachedRecord.refreshFractions.count
                noteTimes(list[index])
            }
        }
        let expiry = now + .seconds(Int64(ttl))
        if let existing {
            list[existing].name = name
            list[existing].ttl = ttl
            list[existing].receivedAt = now
            list[existing].expiresAt = expiry
            list[existing].refreshesSent = 0
            list[existing].refreshJitter = random.fraction(upTo: refreshJitter)
            list[existing].viaOneShot = viaOneShot
            noteTimes(list[existing])
            entries[key] = list
            return .refreshed
        }
        let nameKey = NameKey(name: key.name, interfaceIndex: interfaceIndex)
        guard count(onInterface: interfaceIndex) < maximumRecordsPerInterface else { return .rejectedInterfaceCap }
        guard (countPerName[nameKey] ?? 0) < maximumRecordsPerName || uncappedNames.contains(key.name) else {
            return .rejectedNameCap
        }
        generation += 1
        noteChange(name: key.name, value: value, interfaceIndex: interfaceIndex, added: true, originalName: name)
        list.append(
            MDNSCachedRecord(
                name: name, value: value, interfaceIndex: interfaceIndex, ttl: ttl, receivedAt: now,
                expiresAt: expiry, refreshJitter: random.fraction(upTo: refreshJitter), viaOneShot: viaOneShot))
        entries[key] = list
        if let last = list.last { noteTimes(last) }
        countPerInterface[interfaceIndex, default: 0] += 1
        countPerName[nameKey, default: 0] += 1
        return .added
    }

    /// Removes every record whose time is up and returns them.
    mutating func removeExpired(at now: MonotonicInstant) -> [MDNSCachedRecord] {
        guard let due = earliestExpiry, due <= now else { return [] }
        var removed: [MDNSCachedRecord] = []
        for (key, list) in entries where list.contains(where: { $0.expiresAt <= now }) {
            let kept = list.filter { $0.expiresAt > now }
            for record in list where record.expiresAt <= now {
                removed.append(record)
                generation += 1
                noteChange(
                    name: key.name, value: record.value, interfaceIndex: key.interfaceIndex, added: false,
                    originalName: record.name)
                countPerInterface[key.interfaceIndex, default: 1] -= 1
                let nameKey = NameKey(name: key.name, interfaceIndex: key.interfaceIndex)
                countPerName[nameKey, default: 1] -= 1
                if countPerName[nameKey] == 0 { countPerName[nameKey] = nil }
            }
            entries[key] = kept.isEmpty ? nil : kept
        }
        earliestExpiry = entries.values.lazy.flatMap { $0 }.map(\.expiresAt).min()
        return removed
    }

    /// Drops everything cached for an interface (it went away).
    mutating func removeInterface(_ index: UInt32) {
        generation += 1
        everythingChanged = true
        for (key, list) in entries where key.interfaceIndex == index && key.type == .ptr {
            for record in list {
                noteChange(
                    name: key.name, value: record.value, interfaceIndex: index, added: false, originalName: record.name)
            }
        }
        for key in entries.keys where key.interfaceIndex == index { entries[key] = nil }
        countPerInterface[index] = nil
        for key in countPerName.keys where key.interfaceIndex == index { countPerName[key] = nil }
    }

    /// Records what an added or removed record may change, and keeps `ptrInstances` current.
    private mutating func noteChange(
        name: DNSName, value: MDNSRecordValue, interfaceIndex: UInt32, added: Bool, originalName: DNSName
    ) {
        switch value {
        case .ptr(let instance):
            let key = instance.lowercased
            changedInstances.insert(key)
            if added {
                if let entry = ptrInstances[key] {
                    ptrInstances[key] = (entry.name, entry.interfaceIndex, entry.count + 1)
                } else {
                    ptrInstances[key] = (instance, interfaceIndex, 1)
                }
            } else if let entry = ptrInstances[key] {
                ptrInstances[key] = entry.count > 1 ? (entry.name, entry.interfaceIndex, entry.count - 1) : nil
            }
        case .srv(_, _, _, let target):
            changedInstances.insert(name)
            let host = target.lowercased
            let count = (srvTargets[host] ?? 0) + (added ? 1 : -1)
            srvTargets[host] = count > 0 ? count : nil
        case .txt: changedInstances.insert(name)
        case .a, .aaaa: changedHosts.insert(name)
        }
    }

    /// What changed since the last call: instance names, host names, and whether everything must be re-derived.
    mutating func takeChanges() -> (instances: Set<DNSName>, hosts: Set<DNSName>, everything: Bool) {
        defer {
            changedInstances = []
            changedHosts = []
            everythingChanged = false
        }
        return (changedInstances, changedHosts, everythingChanged)
    }

    /// Records of `name` and `type` on every interface.
    func records(named name: DNSName, type: DNSType) -> [MDNSCachedRecord] {
        let lower = name.lowercased
        var result: [MDNSCachedRecord] = []
        for index in countPerInterface.keys {
            if let list = entries[Key(name: lower, type: type, interfaceIndex: index)] { result += list }
        }
        return result
    }

    /// Marks the due refresh points of every record as sent and returns the (name, type, interface) to query,
    /// each with whether to ask with a one-shot query (some due record came from one).
    mutating func takeDueRefreshes(at now: MonotonicInstant) -> [(key: Key, oneShot: Bool)] {
        guard let first = earliestRefresh, first <= now else { return [] }
        var due: [(key: Key, oneShot: Bool)] = []
        for (key, list) in entries {
            var updated = list
            var isDue = false
            var oneShot = false
            for index in updated.indices {
                while let refresh = updated[index].nextRefresh, refresh <= now {
                    updated[index].refreshesSent += 1
                    // Each refresh point gets its own variation.
                    updated[index].refreshJitter = random.fraction(upTo: refreshJitter)
                    isDue = true
                    oneShot = oneShot || updated[index].viaOneShot
                }
            }
            if isDue {
                entries[key] = updated
                due.append((Key(name: list[0].name, type: key.type, interfaceIndex: key.interfaceIndex), oneShot))
            }
        }
        earliestRefresh = entries.values.lazy.flatMap { $0 }.compactMap(\.nextRefresh).min()
        return due
    }

    /// The earliest expiry or refresh point (a lower bound: it may come early once, never late).
    var nextDeadline: MonotonicInstant? {
        switch (earliestExpiry, earliestRefresh) {
        case (nil, nil): nil
        case (let expiry?, nil): expiry
        case (nil, let refresh?): refresh
        case (let expiry?, let refresh?): min(expiry, refresh)
        }
    }

    private mutating func noteTimes(_ record: MDNSCachedRecord) {
        earliestExpiry = min(earliestExpiry ?? record.expiresAt, record.expiresAt)
        if let refresh = record.nextRefresh { earliestRefresh = min(earliestRefresh ?? refresh, refresh) }
    }
}
