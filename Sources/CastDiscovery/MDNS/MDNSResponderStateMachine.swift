public import CastNet
public import CastWire

/// The responder side of mDNS for one service, as a value-type state machine (RFC 6762 §8, §6, §10.1).
///
/// Probing: after a random 0–250 ms (§8.1), three queries 250 ms apart asking for the instance name with the
/// proposed records in the authority section; an answer from someone else for that name with different data is a
/// conflict, and the instance is renamed "Name (2)", "Name (3)"… (cut to fit 63 bytes) and probed again, up to `maximumRenames` times. A probe
/// from another host for the same name is settled by tie-breaking (§8.2): the loser waits a second and probes
/// again. After 15 conflicts within ten seconds each probe attempt waits five seconds (§8.1). Announcing: two
/// unsolicited responses one second apart.
/// Then it answers PTR, SRV, TXT, A/AAAA and ANY questions, putting the rest of the set in the additional section,
/// leaving out answers the querier listed as known (§7.1), unicast when the QU bit asks for it or the query came
/// from a port other than 5353 (legacy unicast, §6.7). `stop` sends goodbyes (TTL 0).
public struct MDNSResponderStateMachine: Sendable {
    /// What the driver must do.
    public enum Action: Sendable, Hashable {
        /// Multicast `message` on the interface.
        case multicast(DNSMessage, interfaceIndex: UInt32)
        /// Send `message` to `destination` through the interface.
        case unicast(DNSMessage, to: SocketAddress, interfaceIndex: UInt32)
        /// Probing found the name taken; the service now uses `newInstance`.
        case renamed(newInstance: String)
        /// Probing and announcing are done.
        case established
        /// Another host probed for the same name with lexicographically later data: we wait one second and
        /// probe again (§8.2.1).
        case deferredToSimultaneousProbe
        /// 15 conflicts came within ten seconds: the next probe attempt waits five seconds (§8.1).
        case probingRateLimited(conflictsInWindow: Int)
        /// The responder stopped trying to claim a name (too many renames, or no valid name left).
        case gaveUp(reason: String)
        /// After probing, another host answered for our name with other data: we probe the same name again
        /// (RFC 6762 §9) and rename only if that probing finds the conflict.
        case reprobing
    }

    enum Phase: Sendable, Hashable {
        case idle
        case probing(sent: Int)
        case announcing(sent: Int)
        case running
        case stopped
    }

    /// The records advertised (the instance label changes after a conflict).
    public internal(set) var service: MDNSServiceRecordSet
    /// Addresses to advertise per interface index.
    public let addresses: [UInt32: [IPAddress]]
    /// The networks of each interface (address and prefix), against which the source of a query sent directly to
    /// this host is checked (RFC 6762 §5.5); an interface without any here accepts every source.
    public var subnets: [UInt32: [InterfaceAddress]] = [:]
    var phase = Phase.idle
    var nextStep: MonotonicInstant?
    let baseInstance: String
    /// Renames after which the responder gives up on claiming a name.
    public let maximumRenames: Int
    /// Counters: conflicts, renames, tie-breaks, rate-limited probes, answers.
    public internal(set) var statistics = MDNSResponderStatistics()
    /// When the recent conflicts happened (at most the last 15, for the §8.1 rate limit).
    var recentConflicts: [MonotonicInstant] = []
    /// The host whose simultaneous probe we lost, while we wait to probe again: its remaining probes of the same
    /// round are not new losses (§8.2.1).
    var deferringTo: IPAddress?
    /// Whether announcements went out, so `stop` sends goodbyes even while probing again after a conflict.
    var hasAnnounced = false
    /// The range the wait before the first probe is drawn from.
    let initialProbeDelay: ClosedRange<Duration>
    /// Draws that wait.
    var random: MDNSRandom

    /// Queries answered so far.
    public var answersSent: Int { statistics.answersSent }

    /// A responder for `service` on the interfaces in `addresses`; it gives up after `maximumRenames` renames.
    /// The first probe waits a random time in `initialProbeDelay` (RFC 6762 §8.1: 0–250 ms, so hosts powered on
    /// together do not probe in step), drawn from `random`.
    public init(
        service: MDNSServiceRecordSet, addresses: [UInt32: [IPAddress]], maximumRenames: Int = 32,
        initialProbeDelay: ClosedRange<Duration> = .zero ... .milliseconds(250), random: MDNSRandom = MDNSRandom()
    ) {
        self.service = service
        self.addresses = addresses
        self.maximumRenames = maximumRenames
        self.initialProbeDelay = initialProbeDelay
        self.random = random
        baseInstance = service.instance
    }

    /// When `advance(to:)` has work.
    public var nextDeadline: MonotonicInstant? { nextStep }

    /// True once announced and answering.
    public var isEstablished: Bool { phase == .running }

    /// True once probing is done: the records are verified and queries (probes included) are answered, also
    /// while the announcements are still going out (RFC 6762 §8.1, §8.3).
    public var isAnswering: Bool {
        switch phase {
        case .announcing, .running: true
        case .idle, .probing, .stopped: false
        }
    }

    /// Starts probing: the first probe goes out after the random initial delay.
    public mutating func start(at now: MonotonicInstant) -> [Action] {
        guard phase == .idle else { return [] }
        phase = .probing(sent: 0)
        nextStep = now + random.duration(in: initialProbeDelay)
        return advance(to: now)
    }

    /// Sends the probes and announcements that are due.
    public mutating func advance(to now: MonotonicInstant) -> [Action] {
        guard let step = nextStep, step <= now else { return [] }
        switch phase {
        case .probing(let sent) where sent < 3:
            deferringTo = nil
            phase = .probing(sent: sent + 1)
            nextStep = now + .milliseconds(250)
            return probe()
        case .probing:
            phase = .announcing(sent: 0)
            return [.established] + advance(to: now)
        case .announcing(let sent):
            let next = sent + 1
            phase = next >= 2 ? .running : .announcing(sent: next)
            nextStep = next >= 2 ? nil : now + .seconds(1)
            hasAnnounced = true
            return announce(goodbye: false)
        case .idle, .running, .stopped:
            nextStep = nil
            return []
        }
    }

    /// Withdraws the service: goodbye records on every interface.
    public mutating func stop() -> [Action] {
        let wasAnnounced = hasAnnounced && phase != .stopped
        phase = .stopped
        nextStep = nil
        return wasAnnounced ? announce(goodbye: true) : []
    }

    private mutating func probe() -> [Action] {
        guard let name = service.instanceName else {
            return giveUp("the instance label \"\(service.instance)\" is not a valid DNS label")
        }
        return addresses.keys.sorted().compactMap { index in
            guard let set = service.records(addresses: addresses[index] ?? []) else { return nil }
            let message = DNSMessage(
                questions: [DNSQuestion(name: name, type: .any, unicastResponse: true)],
                authorities: [set.srv, set.txt])
            return .multicast(message, interfaceIndex: index)
        }
    }

    private func announce(goodbye: Bool) -> [Action] {
        addresses.keys.sorted().compactMap { index in
            guard let set = service.records(addresses: addresses[index] ?? [], goodbye: goodbye) else { return nil }
            let message = DNSMessage(
                flags: DNSFlags(qr: true, aa: true), answers: [set.ptr, set.srv, set.txt] + set.addresses)
            return .multicast(message, interfaceIndex: index)
        }
    }
}
