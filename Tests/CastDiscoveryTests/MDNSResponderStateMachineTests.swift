import CastNet
import CastWire
import Testing

@testable import CastDiscovery

@Suite struct MDNSResponderStateMachineTests {
    typealias P = MDNSTestPackets
    static let querier = SocketAddress(IPv4Address(10, 200, 0, 2), port: 5353)

    private func machine() -> MDNSResponderStateMachine {
        let service = MDNSServiceRecordSet(
            instance: "Chromecast-4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5", serviceType: P.service, host: P.host,
            port: 8009, txt: P.txt.map { Array($0.utf8) })
        return MDNSResponderStateMachine(
            service: service, addresses: [2: [.v4(IPv4Address(10, 200, 0, 1))]], initialProbeDelay: .zero ... .zero)
    }

    private func established() -> MDNSResponderStateMachine {
        var responder = machine()
        _ = responder.start(at: .seconds(0))
        while let next = responder.nextDeadline { _ = responder.advance(to: next) }
        return responder
    }

    private func messages(_ actions: [MDNSResponderStateMachine.Action]) -> [DNSMessage] {
        actions.compactMap { action in
            switch action {
            case .multicast(let message, _), .unicast(let message, _, _): message
            default: nil
            }
        }
    }

    @Test func probesThreeTimesThenAnnouncesTwice() {
        var responder = machine()
        var log: [(Double, String)] = []
        var actions = responder.start(at: .seconds(0))
        var now = MonotonicInstant.seconds(0)
        while true {
            for message in messages(actions) {
                log.append((Double(now.nanoseconds) / 1e9, message.flags.qr ? "announce" : "probe"))
            }
            guard let next = responder.nextDeadline else { break }
            now = next
            actions = responder.advance(to: next)
        }
        #expect(log.map(\.1) == ["probe", "probe", "probe", "announce", "announce"])
        #expect(log.map(\.0) == [0, 0.25, 0.5, 0.75, 1.75])
        #expect(responder.isEstablished)
    }

    @Test func firstProbeWaitsARandomZeroToTwoHundredFiftyMilliseconds() throws {
        let service = machine().service
        var delays: Set<Duration> = []
        for seed in UInt64(0)..<32 {
            var responder = MDNSResponderStateMachine(
                service: service, addresses: [2: [.v4(IPv4Address(10, 200, 0, 1))]], random: MDNSRandom(seed: seed))
            #expect(messages(responder.start(at: .seconds(3))).isEmpty)
            let delay = try #require(responder.nextDeadline) - MonotonicInstant.seconds(3)
            #expect(delay >= .zero && delay <= .milliseconds(250), "seed \(seed): \(delay)")
            #expect(messages(responder.advance(to: .seconds(3) + delay)).count == 1)
            delays.insert(delay)
        }
        #expect(delays.count > 16)
    }

    @Test func answersPTRQueryWithSRVTXTAndAddressAsAdditionals() throws {
        var responder = established()
        let query = DNSMessage(questions: [DNSQuestion(name: P.service, type: .ptr)]).encoded()
        let reply = try #require(
            messages(responder.receive(query, from: Self.querier, interfaceIndex: 2, at: .seconds(5))).first)
        #expect(reply.answers.map(\.type) == [.ptr])
        #expect(Set(reply.additionals.map(\.type)) == [.srv, .txt, .a])
        // The querier reads it back as a complete instance.
        var querier = MDNSQuerier()
        _ = querier.start(interfaces: [2], at: .seconds(0))
        let added = querier.receive(reply.encoded(), interfaceIndex: 2, at: .seconds(5))
        #expect(added.contains { if case .instanceAdded(let i) = $0 { i.port == 8009 } else { false } })
    }

    @Test func knownAnswerSuppressesPTR() {
        var responder = established()
        let query = DNSMessage(
            questions: [DNSQuestion(name: P.service, type: .ptr)],
            answers: [P.ptr(ttl: 4000)]
        ).encoded()
        #expect(responder.receive(query, from: Self.querier, interfaceIndex: 2, at: .seconds(5)).isEmpty)
    }

    @Test func legacyUnicastQueryGetsUnicastReplyWithIDAndShortTTL() throws {
        var responder = established()
        let source = SocketAddress(IPv4Address(10, 200, 0, 2), port: 40000)
        let query = DNSMessage(id: 77, questions: [DNSQuestion(name: P.service, type: .ptr)]).encoded()
        let actions = responder.receive(query, from: source, interfaceIndex: 2, at: .seconds(5))
        guard case .unicast(let reply, let destination, _) = try #require(actions.first) else {
            Issue.record("expected a unicast reply")
            return
        }
        #expect(destination == source)
        #expect(reply.id == 77)
        #expect(reply.records.allSatisfy { $0.ttl <= 10 })
    }

    /// RFC 6762 §5.5: a query sent to this host's own address (a unicast probe of one device) is answered by
    /// unicast only, from a source on the interface's network; one from beyond the link is ignored.
    @Test func aQuerySentDirectlyIsAnsweredByUnicastOnlyAndOnlyFromTheLocalNetwork() throws {
        var responder = established()
        responder.subnets = [2: [InterfaceAddress(address: .v4(IPv4Address(10, 200, 0, 1)), prefixLength: 24)]]
        let query = DNSMessage(questions: [DNSQuestion(name: P.service, type: .ptr)]).encoded()
        let own = IPAddress.v4(IPv4Address(10, 200, 0, 1))
        let actions = responder.receive(query, from: Self.querier, interfaceIndex: 2, destination: own, at: .seconds(5))
        #expect(actions.count == 1)
        guard case .unicast(let reply, let destination, _) = try #require(actions.first) else {
            Issue.record("expected a unicast reply, got \(actions)")
            return
        }
        #expect(destination == Self.querier)
        #expect(reply.answers.map(\.type) == [.ptr])
        let outsider = SocketAddress(IPv4Address(192, 0, 2, 9), port: 5353)
        #expect(responder.receive(query, from: outsider, interfaceIndex: 2, destination: own, at: .seconds(6)).isEmpty)
        // The same query to the group is answered as before, by multicast.
        let group = IPAddress.v4(IPv4Address(224, 0, 0, 251))
        let multicast = responder.receive(query, from: Self.querier, interfaceIndex: 2, destination: group, at: .seconds(7))
        #expect(multicast.contains { if case .multicast = $0 { true } else { false } })
    }

    @Test func conflictingAnswerDuringProbingRenames() {
        var responder = machine()
        _ = responder.start(at: .seconds(0))
        let other = DNSMessage(
            flags: DNSFlags(qr: true, aa: true),
            answers: [P.srv(port: 9999)]
        ).encoded()
        let actions = responder.receive(other, from: Self.querier, interfaceIndex: 2, at: .seconds(0.1))
        #expect(actions.contains(.renamed(newInstance: "Chromecast-4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5 (2)")))
    }

    @Test func stopSendsGoodbyesWithTTLZero() throws {
        var responder = established()
        let goodbye = try #require(messages(responder.stop()).first)
        #expect(goodbye.answers.allSatisfy { $0.ttl == 0 })
        #expect(goodbye.answers.map(\.type).contains(.ptr))
    }

    @Test func queriesForOtherNamesAreIgnored() {
        var responder = established()
        let query = DNSMessage(questions: [DNSQuestion(name: DNSName("_airplay._tcp.local.") ?? .root, type: .ptr)])
        #expect(responder.receive(query.encoded(), from: Self.querier, interfaceIndex: 2, at: .seconds(5)).isEmpty)
    }
}
