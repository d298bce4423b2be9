public import CastNet
import CastWire

/// A continuous mDNS querier for one DNS-SD service type, as a value-type state machine (RFC 6762 §5.2, §7, §10).
///
/// Events go in (`start`, `receive`, `advance`); actions come out (queries to multicast on an interface, instances
/// added, updated or removed). No I/O and no clock reading: the driver passes the time and schedules a call to
/// `advance(to:)` at `nextDeadline`. The first browse query goes out after a random 20–120 ms and asks for a unicast
/// response (QU); later ones double their interval from one second up to an hour and carry known answers. Cached
/// records are refreshed at 80, 85, 90 and 95 % of their TTL (each plus up to 2 % at random) and removed when it
/// runs out; a goodbye (TTL 0) removes them one second later.
/// Instances whose SRV, TXT or addresses did not come as additionals get follow-up queries.
public struct MDNSQuerier: Sendable {
    /// Limits and timings.
    public let configuration: MDNSQuerierConfiguration
    /// Counters per interface.
    public private(set) var statistics = MDNSQuerierStatistics()

    var cache: MDNSCache
    /// Draws the initial query delays (the cache has its own, for refresh jitter).
    var random: MDNSRandom
    var interfaces: [UInt32: InterfaceState] = [:]
    var reported: [DNSName: MDNSServiceInstance] = [:]
    var followUps: [FollowUpKey: FollowUpState] = [:]
    var pendingGoodbyes: Set<DNSName> = []
    /// The cache generation the reported instances were derived from: reconciling again is needed only after a
    /// record was added or removed (refreshes, goodbyes and cache-flushes only move expiry times).
    var reconciledGeneration = 0
    /// Lower-cased host name → instances whose SRV points at it, so an address change finds its instances.
    var hostIndex: [DNSName: Set<DNSName>] = [:]
    /// IDs of the one-shot queries sent in the last `oneShotAnswerWindow`, with when: a unicast answer is taken
    /// only when it echoes one of them.
    var oneShotIDs: [UInt16: MonotonicInstant] = [:]

    /// How long after a one-shot query its unicast answers are taken.
    static let oneShotAnswerWindow: Duration = .seconds(5)

    struct InterfaceState: Sendable {
        var nextQuery: MonotonicInstant
        var interval: Duration
        var queriesSent = 0
        var firstQueryAt: MonotonicInstant?
    }

    struct FollowUpKey: Hashable, Sendable {
        var name: DNSName
        var type: DNSType
    }

    struct FollowUpState: Sendable {
        var attempts: Int
        var nextAllowed: MonotonicInstant
        /// The name to ask for, as the responder spelled it.
        var name: DNSName
    }

    /// Creates a querier that does nothing until `start`; `random` draws the initial delay and refresh jitter (pass
    /// a seeded one for repeatable runs).
    public init(
        configuration: MDNSQuerierConfiguration = MDNSQuerierConfiguration(), random: MDNSRandom = MDNSRandom()
    ) {
        self.configuration = configuration
        var random = random
        cache = MDNSCache(
            maximumRecordsPerInterface: configuration.maximumRecordsPerInterface,
            maximumRecordsPerName: configuration.maximumRecordsPerName, uncappedNames: [configuration.serviceType],
            refreshJitter: configuration.refreshJitter, random: MDNSRandom(seed: random.next()))
        self.random = random
    }

    /// Starts browsing on `interfaceIndices`: the first query, with the QU bit, goes out after a random delay in
    /// `configuration.initialQueryDelay` (RFC 6762 §5.2), drawn per interface.
    public mutating func start(interfaces interfaceIndices: [UInt32], at now: MonotonicInstant) -> [MDNSQuerierAction] {
        for index in interfaceIndices.sorted() where interfaces[index] == nil {
            let delay = random.duration(in: configuration.initialQueryDelay)
            interfaces[index] = InterfaceState(nextQuery: now + delay, interval: configuration.initialQueryInterval)
            statistics.interfaces[index] = statistics.interfaces[index] ?? MDNSInterfaceStatistics()
        }
        return advance(to: now)
    }

    /// Stops using an interface: its cache is dropped and its instances are reported removed.
    public mutating func removeInterface(_ index: UInt32, at now: MonotonicInstant) -> [MDNSQuerierAction] {
        interfaces[index] = nil
        cache.removeInterface(index)
        return reconcile(at: now, removalReason: .interfaceGone)
    }

    /// The interfaces browsed.
    public var interfaceIndices: [UInt32] { interfaces.keys.sorted() }

    /// Every instance a PTR names, resolved or not, sorted by name (for `--diagnose`).
    public var knownInstances: [MDNSServiceInstance] {
        instancesFromCache().values.sorted { $0.name.description < $1.name.description }
    }

    /// Instances reported as added and not yet removed.
    public var reportedInstances: [MDNSServiceInstance] {
        reported.values.sorted { $0.name.description < $1.name.description }
    }

    /// Records cached now, over all interfaces.
    public var cachedRecordCount: Int { cache.count }

    /// Records cached now on one interface.
    public func cachedRecordCount(onInterface index: UInt32) -> Int { cache.count(onInterface: index) }

    /// When `advance(to:)` next has something to do.
    public var nextDeadline: MonotonicInstant? {
        var earliest = cache.nextDeadline
        for state in interfaces.values where earliest.map({ state.nextQuery < $0 }) ?? true {
            earliest = state.nextQuery
        }
        for state in followUps.values where state.attempts < configuration.maximumFollowUps {
            if earliest.map({ state.nextAllowed < $0 }) ?? true { earliest = state.nextAllowed }
        }
        return earliest
    }

    /// Handles the passing of time: expiries, refreshes, the continuous browse queries and follow-ups.
    public mutating func advance(to now: MonotonicInstant) -> [MDNSQuerierAction] {
        var actions = reconcile(at: now, removalReason: .expired)
        var questions: [UInt32: [DNSQuestion]] = [:]
        var knownAnswerInterfaces: Set<UInt32> = []
        for (index, var state) in interfaces where state.nextQuery <= now {
            let first = state.queriesSent == 0
            questions[index, default: []].append(
                DNSQuestion(name: configuration.serviceType, type: .ptr, unicastResponse: first))
            knownAnswerInterfaces.insert(index)
            if first { state.firstQueryAt = now }
            state.queriesSent += 1
            state.nextQuery = now + state.interval
            state.interval = min(state.interval * 2, configuration.maximumQueryInterval)
            interfaces[index] = state
        }
        var oneShotQuestions: [UInt32: [DNSQuestion]] = [:]
        func ask(_ question: DNSQuestion, on index: UInt32, oneShot: Bool) {
            if oneShot {
                if !(oneShotQuestions[index]?.contains(question) ?? false) {
                    oneShotQuestions[index, default: []].append(question)
                }
            } else if !(questions[index]?.contains(question) ?? false) {
                questions[index, default: []].append(question)
            }
        }
        for (key, oneShot) in cache.takeDueRefreshes(at: now) where interfaces[key.interfaceIndex] != nil {
            ask(DNSQuestion(name: key.name, type: key.type), on: key.interfaceIndex, oneShot: oneShot)
        }
        for (question, index, oneShot) in dueFollowUps(at: now) { ask(question, on: index, oneShot: oneShot) }
        for index in questions.keys.sorted() {
            guard let list = questions[index] else { continue }
            let knownAnswers = knownAnswerInterfaces.contains(index) ? self.knownAnswers(on: index, at: now) : []
            actions.append(.sendQuery(DNSMessage(questions: list, answers: knownAnswers), interfaceIndex: index))
            statistics.interfaces[index, default: MDNSInterfaceStatistics()].queriesSent += 1
        }
        // Pruned only when something was sent: this runs for every datagram received.
        if !oneShotIDs.isEmpty, !oneShotQuestions.isEmpty {
            oneShotIDs = oneShotIDs.filter { now - $0.value <= Self.oneShotAnswerWindow }
        }
        for index in oneShotQuestions.keys.sorted() {
            guard let list = oneShotQuestions[index] else { continue }
            // A non-zero ID: the unicast answer echoes it (RFC 6762 §6.7), and only answers that do are taken.
            let id = UInt16(truncatingIfNeeded: random.next() % 0xFFFF + 1)
            if oneShotIDs.count < 256 { oneShotIDs[id] = now }
            actions.append(.sendOneShotQuery(DNSMessage(id: id, questions: list), interfaceIndex: index))
            statistics.interfaces[index, default: MDNSInterfaceStatistics()].queriesSent += 1
            statistics.interfaces[index, default: MDNSInterfaceStatistics()].oneShotQueriesSent += 1
        }
        return actions
    }

    /// Handles one datagram received on `interfaceIndex`; malformed packets are counted and their valid part used.
    ///
    /// `viaOneShot`: it came to the one-shot socket, so it is a unicast answer (RFC 6762 §6.7) and is taken only
    /// when it echoes the ID of a one-shot query sent in the last five seconds; its goodbyes and cache-flush bits
    /// are ignored (a legacy answer carries neither), and its 10 s TTLs never shorten what is cached.
    public mutating func receive(
        _ bytes: [UInt8], interfaceIndex: UInt32, at now: MonotonicInstant, viaOneShot: Bool = false
    ) -> [MDNSQuerierAction] {
        guard interfaces[interfaceIndex] != nil else { return [] }
        let decoded = DNSMessage.decodeLax(bytes)
        if decoded.error != nil { statistics.interfaces[interfaceIndex, default: .init()].malformedPackets += 1 }
        let message = decoded.message
        // RFC 6762 §18.3, §18.11: only standard queries with rcode 0 carry mDNS data.
        guard message.flags.opcode == 0, message.flags.rcode == 0 else { return [] }
        guard message.flags.qr else {
            statistics.interfaces[interfaceIndex, default: .init()].queriesSeen += 1
            return []
        }
        if viaOneShot {
            guard let sent = oneShotIDs[message.header.id], now - sent <= Self.oneShotAnswerWindow else {
                statistics.interfaces[interfaceIndex, default: .init()].unexpectedUnicastAnswers += 1
                return []
            }
        }
        statistics.interfaces[interfaceIndex, default: .init()].responsesReceived += 1
        absorb(message.answers + message.additionals, interfaceIndex: interfaceIndex, at: now, viaOneShot: viaOneShot)
        return reconcile(at: now, removalReason: .goodbye) + advance(to: now)
    }

    /// Caches the records discovery uses: PTR of the service type, SRV/TXT of its instances, A/AAAA of SRV targets.
    private mutating func absorb(
        _ records: [DNSResourceRecord], interfaceIndex: UInt32, at now: MonotonicInstant, viaOneShot: Bool
    ) {
        var sawServiceAnswer = false
        // Two passes so addresses are kept only for hosts an SRV names, whatever the record order.
        for pass in 0..<2 {
            for record in records {
                let isAddress = record.type == .a || record.type == .aaaa
                guard (pass == 1) == isAddress, record.rrclass == .internet else { continue }
                guard let value = MDNSRecordValue(record.data) else { continue }
                guard isWanted(record, value: value), !(viaOneShot && record.ttl == 0) else { continue }
                if case .txt(let strings) = value,
                    strings.reduce(0, { $0 + $1.count + 1 }) > configuration.maximumTXTBytes
                {
                    statistics.interfaces[interfaceIndex, default: .init()].droppedOversizedTXT += 1
                    continue
                }
                if record.type == .ptr { sawServiceAnswer = true }
                let outcome = cache.insert(
                    name: record.name, value: value, ttl: record.ttl, cacheFlush: record.cacheFlush && !viaOneShot,
                    interfaceIndex: interfaceIndex, at: now, viaOneShot: viaOneShot)
                switch outcome {
                case .rejectedInterfaceCap:
                    statistics.interfaces[interfaceIndex, default: .init()].droppedOverInterfaceCap += 1
                case .rejectedNameCap: statistics.interfaces[interfaceIndex, default: .init()].droppedOverNameCap += 1
                case .goodbye:
                    statistics.interfaces[interfaceIndex, default: .init()].goodbyes += 1
                    if case .ptr(let instance) = value { pendingGoodbyes.insert(instance.lowercased) }
                case .ignoredGoodbye:
                    // A goodbye for a name never cached: counted, not remembered (a flood of them must not grow state).
                    statistics.interfaces[interfaceIndex, default: .init()].goodbyes += 1
                case .added, .refreshed: break
                }
                if record.ttl > 0 { followUps[FollowUpKey(name: record.name.lowercased, type: record.type)] = nil }
            }
        }
        if sawServiceAnswer {
            statistics.interfaces[interfaceIndex, default: .init()].serviceAnswers += 1
            if statistics.interfaces[interfaceIndex]?.firstAnswerDelay == nil,
                let first = interfaces[interfaceIndex]?.firstQueryAt
            {
                statistics.interfaces[interfaceIndex]?.firstAnswerDelay = now - first
            }
        }
    }

    private func isWanted(_ record: DNSResourceRecord, value: MDNSRecordValue) -> Bool {
        switch value {
        case .ptr(let target):
            return record.name.isEquivalent(to: configuration.serviceType)
                && target.hasSuffix(configuration.serviceType)
        case .srv, .txt:
            return record.name.hasSuffix(configuration.serviceType)
                && record.name.labelCount > configuration.serviceType.labelCount
        case .a, .aaaa:
            return cache.srvTargets[record.name.lowercased] != nil
        }
    }
}
