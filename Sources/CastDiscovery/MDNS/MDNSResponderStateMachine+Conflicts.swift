import CastNet
import CastWire

extension MDNSResponderStateMachine {
    /// Conflicts within this window count towards the rate limit (RFC 6762 §8.1).
    static let conflictWindow: Duration = .seconds(10)
    /// Conflicts within the window that switch on the rate limit.
    static let conflictLimit = 15
    /// The wait before each probe attempt while the rate limit is on.
    static let rateLimitedProbeDelay: Duration = .seconds(5)

    /// A response naming our instance with other SRV/TXT data: while probing the name is taken (rename and probe
    /// again); once probed, the records go back to probing under the same name (§9), and only a conflict found by
    /// that probing renames.
    mutating func conflictCheck(
        _ message: DNSMessage, name: DNSName, ownAddresses: [IPAddress], at now: MonotonicInstant
    ) -> [Action] {
        guard let set = service.records(addresses: ownAddresses) else {
            return giveUp("the instance label \"\(service.instance)\" is not a valid DNS label")
        }
        let conflicting = message.answers.contains { record in
            record.name.isEquivalent(to: name) && record.ttl > 0
                && ((record.type == .srv && record.data != set.srv.data)
                    || (record.type == .txt && record.data != set.txt.data))
        }
        guard conflicting else { return [] }
        switch phase {
        case .probing: return rename(at: now)
        case .announcing, .running:
            deferringTo = nil
            return [.reprobing] + restartProbing(after: random.duration(in: initialProbeDelay), at: now)
        case .idle, .stopped: return []
        }
    }

    /// A query from another host asking for our name with records in its authority section is a simultaneous
    /// probe (RFC 6762 §8.2): the lexicographically later data wins; the loser waits a second and probes again.
    mutating func tieBreak(
        _ message: DNSMessage, from source: SocketAddress, name: DNSName, ownAddresses: [IPAddress],
        at now: MonotonicInstant
    ) -> [Action] {
        let theirs = message.authorities.filter { $0.name.isEquivalent(to: name) }
        guard !theirs.isEmpty, message.questions.contains(where: { $0.name.isEquivalent(to: name) }) else {
            return []
        }
        guard let set = service.records(addresses: ownAddresses) else { return [] }
        // The same records as `probe()` puts in its authority section.
        switch MDNSProbeTieBreak.compare(ours: [set.srv, set.txt], theirs: theirs) {
        case .identical:
            // Our own probe looped back, or a host proposing exactly our data: no conflict (§8.2).
            return []
        case .weWin:
            statistics.tieBreaksWon += 1
            return []
        case .weLose:
            // The winner's later probes of the same round arrive while we wait: one deferral covers them.
            if let deferringTo, deferringTo == source.ip { return [] }
            statistics.tieBreaksLost += 1
            deferringTo = source.ip
            return [.deferredToSimultaneousProbe] + deferProbing(at: now)
        }
    }

    /// Waits a second and probes again after losing a tie-break (§8.2.1). Not a conflict: it does not count
    /// towards the §8.1 rate limit, though a rate limit already on still holds.
    mutating func deferProbing(at now: MonotonicInstant) -> [Action] {
        phase = .probing(sent: 0)
        recentConflicts.removeAll { now - $0 >= Self.conflictWindow }
        let limited = recentConflicts.count >= Self.conflictLimit
        nextStep = now + (limited ? Self.rateLimitedProbeDelay : .seconds(1))
        return []
    }

    /// Picks the next "Name (N)" and probes for it, or gives up after `maximumRenames`.
    mutating func rename(at now: MonotonicInstant) -> [Action] {
        guard statistics.renames < maximumRenames else {
            statistics.conflicts += 1
            return giveUp(
                "name conflict for \"\(service.instance)\" after \(statistics.renames) renames; giving up "
                    + "advertising \"\(baseInstance)\" (another host on the link claims every name tried)")
        }
        statistics.renames += 1
        service.instance = MDNSServiceRecordSet.numberedInstance(baseInstance, number: statistics.renames + 1)
        return [.renamed(newInstance: service.instance)] + restartProbing(after: .seconds(1), at: now)
    }

    /// Counts a conflict and schedules a new probe sequence `delay` from now, or five seconds from now when 15
    /// conflicts came within ten seconds (§8.1).
    mutating func restartProbing(after delay: Duration, at now: MonotonicInstant) -> [Action] {
        statistics.conflicts += 1
        recentConflicts.append(now)
        recentConflicts.removeAll { now - $0 >= Self.conflictWindow }
        if recentConflicts.count > Self.conflictLimit {
            recentConflicts.removeFirst(recentConflicts.count - Self.conflictLimit)
        }
        phase = .probing(sent: 0)
        guard recentConflicts.count >= Self.conflictLimit else {
            nextStep = now + delay
            return []
        }
        statistics.rateLimitedProbes += 1
        nextStep = now + max(delay, Self.rateLimitedProbeDelay)
        return [.probingRateLimited(conflictsInWindow: recentConflicts.count)]
    }

    /// Stops for good: nothing more is sent or answered.
    mutating func giveUp(_ reason: String) -> [Action] {
        phase = .stopped
        nextStep = nil
        return [.gaveUp(reason: reason)]
    }
}
