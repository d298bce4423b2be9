import CastNet
import CastWire
import Testing

@testable import CastDiscovery

/// RFC 6762 §8.1, §8.2.1 and §9 once probing is done: the responder answers probes while announcing, probes its
/// own name again after a late conflict (renaming only if that probing finds the conflict), and a lost
/// simultaneous probe is no conflict.
@Suite struct MDNSResponderReprobeTests {
    typealias P = MDNSTestPackets
    static let other = SocketAddress(IPv4Address(10, 200, 0, 2), port: 5353)

    private func machine(port: UInt16 = 8009, address: UInt8 = 1) -> MDNSResponderStateMachine {
        let service = MDNSServiceRecordSet(
            instance: "Living Room TV", serviceType: P.service, host: P.host, port: port,
            txt: P.txt.map { Array($0.utf8) })
        return MDNSResponderStateMachine(
            service: service, addresses: [2: [.v4(IPv4Address(10, 200, 0, address))]],
            initialProbeDelay: .zero ... .zero)
    }

    private func messages(_ actions: [MDNSResponderStateMachine.Action]) -> [DNSMessage] {
        actions.compactMap { action in
            switch action {
            case .multicast(let message, _), .unicast(let message, _, _): message
            default: nil
            }
        }
    }

    private func probes(_ actions: [MDNSResponderStateMachine.Action]) -> [DNSMessage] {
        messages(actions).filter { !$0.flags.qr }
    }

    private func probe(for name: DNSName, port: UInt16) -> [UInt8] {
        DNSMessage(
            questions: [DNSQuestion(name: name, type: .any, unicastResponse: true)],
            authorities: [P.srv(port: port, instance: name), P.txtRecord(instance: name)]
        ).encoded()
    }

    @Test func probeArrivingWhileAnnouncingIsAnswered() throws {
        var responder = machine()
        let name = try #require(responder.service.instanceName)
        _ = responder.start(at: .seconds(0))
        // Three probes, then the first announcement; the second is a second away.
        for step in [0.25, 0.5, 0.75] { _ = responder.advance(to: .seconds(step)) }
        #expect(responder.isAnswering)
        #expect(!responder.isEstablished)
        let reply = responder.receive(
            probe(for: name, port: 9999), from: Self.other, interfaceIndex: 2, at: .seconds(1))
        let answers = messages(reply).flatMap(\.answers)
        #expect(answers.contains { $0.type == .srv && $0.name.isEquivalent(to: name) })
    }

    @Test func conflictAfterProbingProbesTheSameNameAgainInsteadOfRenaming() throws {
        var responder = machine()
        let name = try #require(responder.service.instanceName)
        _ = responder.start(at: .seconds(0))
        while let next = responder.nextDeadline { _ = responder.advance(to: next) }
        #expect(responder.isEstablished)
        let actions = responder.receive(
            P.response(answers: [P.srv(port: 9999, instance: name)]), from: Self.other, interfaceIndex: 2,
            at: .seconds(5))
        #expect(actions.contains(.reprobing))
        #expect(!actions.contains { if case .renamed = $0 { true } else { false } })
        #expect(responder.service.instance == "Living Room TV")
        #expect(!responder.isAnswering)
        let next = try #require(responder.nextDeadline)
        let sent = probes(responder.advance(to: next))
        #expect(sent.first?.questions.first?.name.isEquivalent(to: name) == true)
        // Stopping while probing again still withdraws what was announced.
        #expect(messages(responder.stop()).first?.answers.allSatisfy { $0.ttl == 0 } == true)
    }

    /// Two hosts that both announced "Living Room TV" (a network merge): both probe again, one keeps the name,
    /// only the other is renamed.
    @Test func afterALateConflictOneHostKeepsTheNameAndOnlyTheOtherRenames() throws {
        var hosts = [machine(port: 8009, address: 1), machine(port: 9999, address: 2)]
        let sources = [
            SocketAddress(IPv4Address(10, 200, 0, 1), port: 5353),
            SocketAddress(IPv4Address(10, 200, 0, 2), port: 5353),
        ]
        for index in hosts.indices {
            _ = hosts[index].start(at: .seconds(0))
            while let next = hosts[index].nextDeadline { _ = hosts[index].advance(to: next) }
        }
        // Each hears the other's announcement at the same moment.
        var inbox: [(to: Int, bytes: [UInt8], at: MonotonicInstant)] = []
        for index in hosts.indices {
            let name = try #require(hosts[1 - index].service.instanceName)
            let announcement = P.response(answers: [P.srv(port: index == 0 ? 9999 : 8009, instance: name)])
            inbox.append((index, announcement, .seconds(10)))
        }
        var now = MonotonicInstant.seconds(10)
        var rounds = 0
        while rounds < 1000, now < .seconds(40) {
            rounds += 1
            if !inbox.isEmpty {
                let message = inbox.removeFirst()
                let out = hosts[message.to].receive(
                    message.bytes, from: sources[1 - message.to], interfaceIndex: 2, at: message.at)
                for reply in messages(out) { inbox.append((1 - message.to, reply.encoded(), message.at)) }
                continue
            }
            let due = hosts.indices.compactMap { index in hosts[index].nextDeadline.map { (index, $0) } }
            guard let (index, deadline) = due.min(by: { $0.1 < $1.1 }) else { break }
            now = deadline
            for sent in messages(hosts[index].advance(to: deadline)) {
                inbox.append((1 - index, sent.encoded(), deadline))
            }
        }
        let names = hosts.map(\.service.instance).sorted()
        #expect(names == ["Living Room TV", "Living Room TV (2)"])
        #expect(hosts.allSatisfy { $0.isEstablished })
    }

    @Test func losingATieBreakIsNotAConflictAndTheWinnersLaterProbesAreOneDeferral() throws {
        var responder = machine()
        let name = try #require(responder.service.instanceName)
        _ = responder.start(at: .seconds(0))
        var deferrals = 0
        for at in [0.1, 0.35, 0.6] {
            let actions = responder.receive(
                probe(for: name, port: 9999), from: Self.other, interfaceIndex: 2, at: .seconds(at))
            deferrals += actions.filter { $0 == .deferredToSimultaneousProbe }.count
        }
        #expect(deferrals == 1)
        #expect(responder.statistics.tieBreaksLost == 1)
        #expect(responder.statistics.conflicts == 0)
        #expect(responder.recentConflicts.isEmpty)
        #expect(responder.nextDeadline == .seconds(1.1))
    }

    @Test func manyLostTieBreaksNeverSwitchOnTheRateLimit() throws {
        var responder = machine()
        let name = try #require(responder.service.instanceName)
        _ = responder.start(at: .seconds(0))
        var now = MonotonicInstant.seconds(0.1)
        for _ in 1...20 {
            let actions = responder.receive(probe(for: name, port: 9999), from: Self.other, interfaceIndex: 2, at: now)
            #expect(!actions.contains { if case .probingRateLimited = $0 { true } else { false } })
            let next = try #require(responder.nextDeadline)
            #expect(next == now + .seconds(1))
            _ = responder.advance(to: next)
            now = next + .milliseconds(100)
        }
        #expect(responder.statistics.rateLimitedProbes == 0)
    }
}
