import CastNet
import CastWire

extension MDNSQuerier {
    /// Every instance named by a cached PTR, with what the cache knows about it.
    func instancesFromCache() -> [DNSName: MDNSServiceInstance] {
        var result: [DNSName: MDNSServiceInstance] = [:]
        for key in cache.ptrInstances.keys {
            if let instance = instance(for: key) { result[key] = instance }
        }
        return result
    }

    /// The instance with this lower-cased name as the cache knows it; nil when no PTR names it.
    func instance(for key: DNSName) -> MDNSServiceInstance? {
        guard let ptr = cache.ptrInstances[key] else { return nil }
        var instance = MDNSServiceInstance(name: ptr.name, interfaceIndex: ptr.interfaceIndex)
        if let srv = cache.records(named: key, type: .srv).max(by: { $0.receivedAt < $1.receivedAt }),
            case .srv(_, _, let port, let target) = srv.value
        {
            instance.host = target
            instance.port = port
            instance.ipv4Addresses = Set(
                cache.records(named: target, type: .a).compactMap { record in
                    if case .a(let address) = record.value { return address } else { return nil }
                }
            ).sorted()
            instance.ipv6Addresses = Set(
                cache.records(named: target, type: .aaaa).compactMap { record in
                    if case .aaaa(let address) = record.value { return address } else { return nil }
                }
            ).sorted()
        }
        if let txt = cache.records(named: key, type: .txt).max(by: { $0.receivedAt < $1.receivedAt }),
            case .txt(let strings) = txt.value
        {
            instance.txt = strings
        }
        return instance
    }

    /// Expires records, then re-derives the instances the cache changes touch, compares them with what was
    /// reported and says what changed.
    mutating func reconcile(at now: MonotonicInstant, removalReason: MDNSRemovalReason) -> [MDNSQuerierAction] {
        _ = cache.removeExpired(at: now)
        guard cache.generation != reconciledGeneration else { return [] }
        reconciledGeneration = cache.generation
        let changes = cache.takeChanges()
        var names = changes.instances
        // SRV owners tell which instances a host's addresses belong to.
        for name in names {
            for srv in cache.records(named: name, type: .srv) {
                if case .srv(_, _, _, let target) = srv.value { hostIndex[target.lowercased, default: []].insert(name) }
            }
        }
        for host in changes.hosts { names.formUnion(hostIndex[host] ?? []) }
        if changes.everything { names.formUnion(reported.keys) }
        var actions: [MDNSQuerierAction] = []
        for key in names.map({ (text: $0.description, key: $0) }).sorted(by: { $0.text < $1.text }).map(\.key) {
            guard let instance = instance(for: key) else {
                if let old = reported.removeValue(forKey: key) {
                    let reason: MDNSRemovalReason =
                        pendingGoodbyes.contains(key)
                        ? .goodbye : (removalReason == .interfaceGone ? .interfaceGone : .expired)
                    actions.append(.instanceRemoved(old, reason: reason))
                }
                pendingGoodbyes.remove(key)
                // Forget the host links once no SRV remains (an SRV outliving its PTR keeps them).
                if cache.records(named: key, type: .srv).isEmpty {
                    for host in hostIndex.keys {
                        hostIndex[host]?.remove(key)
                        if hostIndex[host]?.isEmpty == true { hostIndex[host] = nil }
                    }
                }
                continue
            }
            if let old = reported[key] {
                // Keep reporting the last complete view while a part is being re-resolved.
                if instance.isResolved && instance != old {
                    reported[key] = instance
                    actions.append(.instanceUpdated(instance))
                } else if !instance.isResolved {
                    noteMissing(instance, at: now)
                }
            } else if instance.isResolved {
                reported[key] = instance
                actions.append(.instanceAdded(instance))
            } else {
                noteMissing(instance, at: now)
            }
        }
        return actions
    }

    /// Registers follow-up questions for what an unresolved instance lacks (RFC 6763 §12 says they should have
    /// come as additionals; some responders omit them).
    private mutating func noteMissing(_ instance: MDNSServiceInstance, at now: MonotonicInstant) {
        // Keys are lower-cased; questions keep the name as the responder spelled it.
        var wanted: [(FollowUpKey, DNSName)] = []
        if instance.host == nil { wanted.append((FollowUpKey(name: instance.name.lowercased, type: .srv), instance.name)) }
        if instance.txt == nil { wanted.append((FollowUpKey(name: instance.name.lowercased, type: .txt), instance.name)) }
        if let host = instance.host, instance.ipv4Addresses.isEmpty, instance.ipv6Addresses.isEmpty {
            wanted.append((FollowUpKey(name: host.lowercased, type: .a), host))
            wanted.append((FollowUpKey(name: host.lowercased, type: .aaaa), host))
        }
        for (key, name) in wanted where followUps[key] == nil {
            followUps[key] = FollowUpState(attempts: 0, nextAllowed: now, name: name)
        }
    }

    /// Follow-up questions whose time has come, each on every interface browsed; backs off 1, 2, 4… seconds.
    ///
    /// The first attempt is an ordinary multicast question, whose answer fills every cache on the link. Retries are
    /// one-shot (`oneShot` true): a responder that saw another querier on this host send the record as a known
    /// answer suppresses its answers to this host's address for a while (avahi does, for 700 ms), and a local
    /// avahi-daemon resolving the same instance re-asks in step with us, so a multicast retry could be suppressed
    /// every time. A one-shot query is answered by unicast to its own port, which nothing suppresses.
    mutating func dueFollowUps(at now: MonotonicInstant) -> [(question: DNSQuestion, interface: UInt32, oneShot: Bool)] {
        var due: [(question: DNSQuestion, interface: UInt32, oneShot: Bool)] = []
        // Only the due ones are sorted (for a repeatable order), each name spelled out once, not per comparison.
        let ready = followUps.filter { $0.value.attempts < configuration.maximumFollowUps && $0.value.nextAllowed <= now }
            .map { (order: "\($0.key.name)\($0.key.type)", key: $0.key, state: $0.value) }
            .sorted { $0.order < $1.order }
        for (_, key, state) in ready {
            followUps[key] = FollowUpState(
                attempts: state.attempts + 1, nextAllowed: now + .seconds(Int64(1) << Int64(state.attempts)),
                name: state.name)
            for index in interfaceIndices {
                due.append((DNSQuestion(name: state.name, type: key.type), index, state.attempts > 0))
            }
        }
        // Forget follow-ups for instances that are gone, so the table cannot grow past the cache.
        if followUps.count > configuration.maximumRecordsPerInterface {
            followUps = followUps.filter { $0.value.attempts < configuration.maximumFollowUps }
        }
        return due
    }

    /// PTR answers cached on the interface with more than half their TTL left (RFC 6762 §7.1).
    func knownAnswers(on index: UInt32, at now: MonotonicInstant) -> [DNSResourceRecord] {
        cache.records(named: configuration.serviceType, type: .ptr)
            .filter { $0.interfaceIndex == index && $0.isFresh(at: now) }
            .prefix(configuration.maximumKnownAnswers)
            .map { record in
                DNSResourceRecord(
                    name: configuration.serviceType, type: .ptr, ttl: record.remainingTTL(at: now),
                    data: record.value.recordData)
            }
    }
}
