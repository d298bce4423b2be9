import CastLog
import CastNet
import CastWire
import Testing

@testable import CastDiscovery

/// RFC 6762 §8.1, §8.2 and §9 on the responder: simultaneous probes, the conflict rate limit, renaming within
/// 63 bytes and giving up.
@Suite struct MDNSResponderConflictTests {
    typealias P = MDNSTestPackets
    static let other = SocketAddress(IPv4Address(10, 200, 0, 2), port: 5353)

    private func machine(instance: String = "Living Room TV", maximumRenames: Int = 32) -> MDNSResponderStateMachine {
        let service = MDNSServiceRecordSet(
            instance: instance, serviceType: P.service, host: P.host, port: 8009, txt: P.txt.map { Array($0.utf8) })
        return MDNSResponderStateMachine(
            service: service, addresses: [2: [.v4(IPv4Address(10, 200, 0, 1))]], maximumRenames: maximumRenames,
            initialProbeDelay: .zero ... .zero)
    }

    private func probes(_ actions: [MDNSResponderStateMachine.Action]) -> [DNSMessage] {
        actions.compactMap { action in
            if case .multicast(let message, _) = action, !message.flags.qr { message } else { nil }
        }
    }

    /// A probe another host sends for `name`, proposing an SRV with `port` (plus our TXT).
    private func probe(for name: DNSName, port: UInt16) -> [UInt8] {
        DNSMessage(
            questions: [DNSQuestion(name: name, type: .any, unicastResponse: true)],
            authorities: [P.srv(port: port, instance: name), P.txtRecord(instance: name)]
        ).encoded()
    }

    /// An answer from another host claiming `name` with a different port.
    private func conflictingAnswer(for name: DNSName) -> [UInt8] {
        P.response(answers: [P.srv(port: 9999, instance: name)])
    }

    // MARK: tie-breaking (§8.2)

    @Test func lexicographicallyLaterProbeWinsAndWeDeferOneSecondThenProbeAgain() throws {
        var responder = machine()
        let name = try #require(responder.service.instanceName)
        #expect(probes(responder.start(at: .seconds(0))).count == 1)
        // Port 9999 (0x270F) sorts after our 8009 (0x1F49): their SRV RDATA is later.
        let actions = responder.receive(
            probe(for: name, port: 9999), from: Self.other, interfaceIndex: 2, at: .seconds(0.1))
        #expect(actions == [.deferredToSimultaneousProbe])
        #expect(responder.statistics.tieBreaksLost == 1)
        #expect(responder.service.instance == "Living Room TV")
        #expect(responder.nextDeadline == .seconds(1.1))
        #expect(probes(responder.advance(to: .seconds(0.25))).isEmpty)
        // The probe sequence starts over: three probes, then announcing.
        var sent: [MonotonicInstant] = []
        while let next = responder.nextDeadline, !responder.isEstablished {
            if !probes(responder.advance(to: next)).isEmpty { sent.append(next) }
        }
        #expect(sent == [.seconds(1.1), .seconds(1.35), .seconds(1.6)])
    }

    @Test func lexicographicallyEarlierProbeLosesAndOurProbingContinues() throws {
        var responder = machine()
        let name = try #require(responder.service.instanceName)
        _ = responder.start(at: .seconds(0))
        let actions = responder.receive(
            probe(for: name, port: 1000), from: Self.other, interfaceIndex: 2, at: .seconds(0.1))
        #expect(actions.isEmpty)
        #expect(responder.statistics.tieBreaksWon == 1)
        #expect(responder.statistics.conflicts == 0)
        #expect(responder.nextDeadline == .seconds(0.25))
    }

    @Test func ourOwnProbeLoopedBackIsNoConflict() throws {
        var responder = machine()
        let own = try #require(probes(responder.start(at: .seconds(0))).first)
        #expect(responder.receive(own.encoded(), from: Self.other, interfaceIndex: 2, at: .seconds(0.01)).isEmpty)
        #expect(responder.statistics == MDNSResponderStatistics())
        while let next = responder.nextDeadline { _ = responder.advance(to: next) }
        #expect(responder.isEstablished)
    }

    @Test func tieBreakComparesClassThenTypeThenRDATABytes() throws {
        let host = P.host
        func a(_ last: UInt8, third: UInt8 = 99) -> DNSResourceRecord {
            DNSResourceRecord(
                name: host, type: .a, cacheFlush: true, ttl: 120, data: .a(DNSIPv4Address(169, 254, third, last)))
        }
        // RFC 6762 §8.2's example: 169.254.200.50 is later than 169.254.99.200.
        #expect(MDNSProbeTieBreak.compare(ours: [a(200)], theirs: [a(50, third: 200)]) == .weLose)
        #expect(MDNSProbeTieBreak.compare(ours: [a(50, third: 200)], theirs: [a(200)]) == .weWin)
        // Type before RDATA: SRV (33) is later than A (1) whatever the bytes.
        #expect(MDNSProbeTieBreak.compare(ours: [P.srv(port: 0)], theirs: [a(255, third: 255)]) == .weWin)
        // Class before type (the cache-flush bit is not part of the class).
        var chaos = a(1)
        chaos.rrclass = DNSClass(rawValue: 3)
        #expect(MDNSProbeTieBreak.compare(ours: [chaos], theirs: [P.srv()]) == .weWin)
        var noFlush = a(1)
        noFlush.cacheFlush = false
        #expect(MDNSProbeTieBreak.compare(ours: [a(1)], theirs: [noFlush]) == .identical)
        // Lists are sorted before the pairwise comparison; the longer of two otherwise equal lists is later.
        #expect(MDNSProbeTieBreak.compare(ours: [a(2), a(1)], theirs: [a(1), a(2)]) == .identical)
        #expect(MDNSProbeTieBreak.compare(ours: [a(1)], theirs: [a(1), a(2)]) == .weLose)
        #expect(MDNSProbeTieBreak.compare(ours: [a(1), a(2)], theirs: [a(1)]) == .weWin)
        // Names inside RDATA compare uncompressed, byte for byte.
        let srvA = DNSResourceRecord(
            name: host, type: .srv, ttl: 120,
            data: .srv(DNSSRV(priority: 0, weight: 0, port: 8009, target: try #require(DNSName("a.local.")))))
        let srvB = DNSResourceRecord(
            name: host, type: .srv, ttl: 120,
            data: .srv(DNSSRV(priority: 0, weight: 0, port: 8009, target: try #require(DNSName("b.local.")))))
        #expect(MDNSProbeTieBreak.compare(ours: [srvA], theirs: [srvB]) == .weLose)
    }

    // MARK: rate limit (§8.1)

    @Test func fifteenConflictsWithinTenSecondsMakeEachProbeWaitFiveSeconds() throws {
        var responder = machine()
        _ = responder.start(at: .seconds(0))
        var now = MonotonicInstant.seconds(0.1)
        for count in 1...14 {
            let name = try #require(responder.service.instanceName)
            let actions = responder.receive(conflictingAnswer(for: name), from: Self.other, interfaceIndex: 2, at: now)
            #expect(!actions.contains { if case .probingRateLimited = $0 { true } else { false } }, "\(count)")
            #expect(responder.nextDeadline == now + .seconds(1))
            now = now + .milliseconds(500)
        }
        let name = try #require(responder.service.instanceName)
        let actions = responder.receive(conflictingAnswer(for: name), from: Self.other, interfaceIndex: 2, at: now)
        #expect(actions.contains(.probingRateLimited(conflictsInWindow: 15)))
        #expect(responder.nextDeadline == now + .seconds(5))
        #expect(responder.statistics.rateLimitedProbes == 1)
        #expect(responder.statistics.conflicts == 15)
        #expect(probes(responder.advance(to: now + .seconds(4.9))).isEmpty)
        #expect(probes(responder.advance(to: now + .seconds(5))).count == 1)
        // Logged as a warning under GCKMDNSResponder.
        let entry = try #require(
            MDNSResponderStateMachine.Action.probingRateLimited(conflictsInWindow: 15).logEntry(instance: "x"))
        #expect(entry.level == .warning)
        #expect(entry.message.contains("15 name conflicts within 10 s"))
        #expect(DiscoveryLog.shared.responder.name == "GCKMDNSResponder")
    }

    @Test func rateLimitEndsOnceTheConflictsAreOlderThanTenSeconds() throws {
        var responder = machine()
        _ = responder.start(at: .seconds(0))
        var now = MonotonicInstant.seconds(0.1)
        for _ in 1...15 {
            let name = try #require(responder.service.instanceName)
            _ = responder.receive(conflictingAnswer(for: name), from: Self.other, interfaceIndex: 2, at: now)
            now = now + .milliseconds(100)
        }
        #expect(responder.statistics.rateLimitedProbes == 1)
        now = now + .seconds(20)
        let name = try #require(responder.service.instanceName)
        let actions = responder.receive(conflictingAnswer(for: name), from: Self.other, interfaceIndex: 2, at: now)
        #expect(!actions.contains { if case .probingRateLimited = $0 { true } else { false } })
        #expect(responder.nextDeadline == now + .seconds(1))
    }
}
