import CastNet
import CastWire
import Testing

@testable import CastDiscovery

@Suite struct MDNSQuerierTests {
    typealias P = MDNSTestPackets

    private func queries(_ actions: [MDNSQuerierAction]) -> [DNSMessage] {
        actions.compactMap { if case .sendQuery(let message, _) = $0 { message } else { nil } }
    }

    private func added(_ actions: [MDNSQuerierAction]) -> [MDNSServiceInstance] {
        actions.compactMap { if case .instanceAdded(let instance) = $0 { instance } else { nil } }
    }

    /// A querier with a fixed seed, started at 0 and advanced to its randomly delayed first query.
    private func browsing(seed: UInt64 = 1) -> (querier: MDNSQuerier, firstQuery: MonotonicInstant) {
        var querier = MDNSQuerier(random: MDNSRandom(seed: seed))
        _ = querier.start(interfaces: [2], at: .seconds(0))
        let first = querier.nextDeadline ?? .seconds(0)
        _ = querier.advance(to: first)
        return (querier, first)
    }

    @Test func firstQueryAsksForUnicastResponseAndLaterOnesDoNot() throws {
        var querier = MDNSQuerier(random: MDNSRandom(seed: 7))
        #expect(queries(querier.start(interfaces: [2], at: .seconds(0))).isEmpty)
        let firstAt = try #require(querier.nextDeadline)
        let first = queries(querier.advance(to: firstAt))
        #expect(first.count == 1)
        #expect(first.first?.questions.first?.unicastResponse == true)
        #expect(first.first?.questions.first?.type == .ptr)
        #expect(first.first?.questions.first?.name == P.service)
        let second = queries(querier.advance(to: firstAt + .seconds(1)))
        #expect(second.first?.questions.first?.unicastResponse == false)
    }

    @Test func firstQueryWaitsARandomTwentyToHundredTwentyMilliseconds() throws {
        let start = MonotonicInstant.seconds(10)
        var delays: Set<Duration> = []
        for seed in UInt64(0)..<64 {
            var querier = MDNSQuerier(random: MDNSRandom(seed: seed))
            #expect(queries(querier.start(interfaces: [2], at: start)).isEmpty)
            let delay = try #require(querier.nextDeadline) - start
            #expect(delay >= .milliseconds(20) && delay <= .milliseconds(120), "seed \(seed): \(delay)")
            // Nothing goes out before the delay is over.
            #expect(queries(querier.advance(to: start + (delay - .milliseconds(1)))).isEmpty)
            #expect(queries(querier.advance(to: start + delay)).count == 1)
            delays.insert(delay)
        }
        #expect(delays.count > 32)
        // The same seed gives the same delay.
        var again = MDNSQuerier(random: MDNSRandom(seed: 3))
        var reference = MDNSQuerier(random: MDNSRandom(seed: 3))
        _ = again.start(interfaces: [2], at: start)
        _ = reference.start(interfaces: [2], at: start)
        #expect(again.nextDeadline == reference.nextDeadline)
    }

    @Test func continuousQueryIntervalsDoubleUpToAnHour() {
        var querier = MDNSQuerier(random: MDNSRandom(seed: 11))
        _ = querier.start(interfaces: [2], at: .seconds(0))
        var times: [MonotonicInstant] = []
        for _ in 0..<17 {
            guard let next = querier.nextDeadline else { break }
            let actions = querier.advance(to: next)
            if !queries(actions).isEmpty { times.append(next) }
        }
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(Array(gaps.prefix(6)) == [1, 2, 4, 8, 16, 32].map { Duration.seconds($0) })
        #expect(gaps.allSatisfy { $0 <= .seconds(3600) })
        #expect(gaps.last == .seconds(3600))
    }

    @Test func completeAnswerAddsInstanceWithAllFields() throws {
        var (querier, firstQuery) = browsing()
        let actions = querier.receive(P.fullAnswer(), interfaceIndex: 2, at: firstQuery + .milliseconds(100))
        let instance = try #require(added(actions).first)
        #expect(instance.name == P.instance)
        #expect(instance.port == 8009)
        #expect(instance.host == P.host)
        #expect(instance.ipv4Addresses == [IPv4Address(10, 200, 0, 1)])
        #expect(instance.castTXT.friendlyName == "Living Room TV")
        #expect(querier.statistics.interfaces[2]?.firstAnswerDelay == .milliseconds(100))
    }

    @Test func knownAnswersGoIntoTheNextBrowseQuery() {
        var (querier, firstQuery) = browsing()
        _ = querier.receive(P.fullAnswer(), interfaceIndex: 2, at: firstQuery + .milliseconds(100))
        let next = queries(querier.advance(to: firstQuery + .seconds(1)))
        #expect(next.first?.answers.count == 1)
        #expect(next.first?.answers.first?.data == .ptr(P.instance))
    }

    @Test func ptrWithoutAdditionalsTriggersFollowUpQueries() {
        var querier = MDNSQuerier()
        _ = querier.start(interfaces: [2], at: .seconds(0))
        let actions = querier.receive(P.response(answers: [P.ptr()]), interfaceIndex: 2, at: .seconds(0.1))
        #expect(added(actions).isEmpty)
        let asked = queries(actions).flatMap(\.questions).map(\.type)
        #expect(asked.contains(.srv) && asked.contains(.txt))
        let more = querier.receive(
            P.response(answers: [P.srv(), P.txtRecord()]), interfaceIndex: 2, at: .seconds(0.2))
        #expect(queries(more).flatMap(\.questions).map(\.type).contains(.a))
        let done = querier.receive(P.response(answers: [P.a()]), interfaceIndex: 2, at: .seconds(0.3))
        #expect(added(done).count == 1)
    }

    private func oneShotQueries(_ actions: [MDNSQuerierAction]) -> [DNSMessage] {
        actions.compactMap { if case .sendOneShotQuery(let message, _) = $0 { message } else { nil } }
    }

    @Test func followUpRetriesAreOneShotQueriesWithAnIDAndNoKnownAnswers() throws {
        var querier = MDNSQuerier(random: MDNSRandom(seed: 3))
        _ = querier.start(interfaces: [2], at: .seconds(0))
        let first = querier.receive(P.response(answers: [P.ptr()]), interfaceIndex: 2, at: .seconds(0.1))
        // The first follow-up is an ordinary multicast question, so its answer fills every cache on the link.
        #expect(queries(first).flatMap(\.questions).contains { $0.type == .srv })
        #expect(oneShotQueries(first).isEmpty)
        let retry = querier.advance(to: .seconds(1.1))
        let oneShot = try #require(oneShotQueries(retry).first)
        #expect(Set(oneShot.questions.map(\.type)) == [.srv, .txt])
        #expect(oneShot.questions.allSatisfy { !$0.unicastResponse })
        #expect(oneShot.id != 0 && oneShot.answers.isEmpty)
        #expect(!queries(retry).flatMap(\.questions).contains { $0.type == .srv })
        #expect(querier.statistics.interfaces[2]?.oneShotQueriesSent == 1)
        // A unicast answer to the one-shot query resolves the instance like any other response.
        let answer = DNSMessage(
            id: oneShot.id, flags: DNSFlags(qr: true, aa: true), questions: oneShot.questions,
            answers: [P.srv(ttl: 10), P.txtRecord(ttl: 10)], additionals: [P.a(ttl: 10)])
        #expect(added(querier.receive(answer.encoded(), interfaceIndex: 2, at: .seconds(1.2))).count == 1)
    }

    /// A querier that sent a one-shot SRV/TXT query at 1.1 s, and that query.
    private func afterOneShot() throws -> (querier: MDNSQuerier, query: DNSMessage) {
        var querier = MDNSQuerier(random: MDNSRandom(seed: 3))
        _ = querier.start(interfaces: [2], at: .seconds(0))
        _ = querier.receive(P.response(answers: [P.ptr()]), interfaceIndex: 2, at: .seconds(0.1))
        let query = try #require(oneShotQueries(querier.advance(to: .seconds(1.1))).first)
        return (querier, query)
    }

    private func unicastAnswer(id: UInt16, _ answers: [DNSResourceRecord]) -> [UInt8] {
        DNSMessage(id: id, flags: DNSFlags(qr: true, aa: true), answers: answers).encoded()
    }

    @Test func aUnicastAnswerEchoingNoOneShotQueryIsDropped() throws {
        var (querier, query) = try afterOneShot()
        let forged = unicastAnswer(id: query.id &+ 1, [P.srv(), P.txtRecord(), P.a()])
        #expect(added(querier.receive(forged, interfaceIndex: 2, at: .seconds(1.2), viaOneShot: true)).isEmpty)
        #expect(querier.statistics.interfaces[2]?.unexpectedUnicastAnswers == 1)
        let late = unicastAnswer(id: query.id, [P.srv(), P.txtRecord(), P.a()])
        #expect(added(querier.receive(late, interfaceIndex: 2, at: .seconds(7), viaOneShot: true)).isEmpty)
        #expect(querier.statistics.interfaces[2]?.unexpectedUnicastAnswers == 2)
    }

    @Test func aUnicastAnswerCarriesNoGoodbye() throws {
        var (querier, query) = try afterOneShot()
        let answer = unicastAnswer(id: query.id, [P.srv(ttl: 10), P.txtRecord(ttl: 10), P.a(ttl: 10)])
        #expect(added(querier.receive(answer, interfaceIndex: 2, at: .seconds(1.2), viaOneShot: true)).count == 1)
        let bye = unicastAnswer(id: query.id, [P.srv(ttl: 0)])
        _ = querier.receive(bye, interfaceIndex: 2, at: .seconds(1.3), viaOneShot: true)
        #expect(querier.statistics.interfaces[2]?.goodbyes == 0)
        #expect(!querier.advance(to: .seconds(2.5)).contains { if case .instanceRemoved = $0 { true } else { false } })
    }

    @Test func tenSecondUnicastTTLsNeverShortenWhatIsCached() throws {
        var (querier, query) = try afterOneShot()
        _ = querier.receive(P.response(answers: [P.srv(), P.txtRecord()]), interfaceIndex: 2, at: .seconds(1.2))
        let answer = unicastAnswer(id: query.id, [P.srv(ttl: 10)])
        _ = querier.receive(answer, interfaceIndex: 2, at: .seconds(1.3), viaOneShot: true)
        let srv = querier.cache.records(named: P.instance, type: .srv).first
        #expect(srv?.ttl == 120 && srv?.viaOneShot == false)
    }

    @Test func recordsLearnedByOneShotAreRefreshedByOneShot() throws {
        var (querier, query) = try afterOneShot()
        let answer = unicastAnswer(id: query.id, [P.srv(ttl: 10), P.txtRecord(ttl: 10), P.a(ttl: 10)])
        _ = querier.receive(answer, interfaceIndex: 2, at: .seconds(1.2), viaOneShot: true)
        // 80 % of 10 s (plus up to 2 % jitter) after 1.2 s.
        let refresh = querier.advance(to: .seconds(9.6))
        let asked = oneShotQueries(refresh).flatMap(\.questions).map(\.type)
        #expect(asked.contains(.srv) && asked.contains(.txt), "\(refresh)")
        #expect(!queries(refresh).flatMap(\.questions).contains { $0.type == .srv })
    }

    @Test func aReportedInstanceWhoseSRVExpiresIsAskedForItAgain() throws {
        var querier = MDNSQuerier(random: MDNSRandom(seed: 5))
        _ = querier.start(interfaces: [2], at: .seconds(0))
        let full = P.response(answers: [P.ptr()], additionals: [P.srv(ttl: 20), P.txtRecord(), P.a()])
        #expect(added(querier.receive(full, interfaceIndex: 2, at: .seconds(0.1))).count == 1)
        _ = querier.advance(to: .seconds(20))  // the four refresh queries at 80–95 % went unanswered
        let expired = querier.advance(to: .seconds(20.2))
        #expect((queries(expired) + oneShotQueries(expired)).flatMap(\.questions).contains { $0.type == .srv })
        // The last complete view stays reported while it is asked for again.
        #expect(querier.reportedInstances.count == 1)
    }

    @Test func unicastAnswersAreTakenOnlyFromNeighbours() throws {
        let veth = NetworkInterface(
            name: "veth0", index: 2, flags: [.up, .multicast],
            addresses: [InterfaceAddress(address: .v4(IPv4Address(10, 232, 7, 2)), prefixLength: 24)])
        let lo = NetworkInterface(
            name: "lo", index: 1, flags: [.up, .loopback],
            addresses: [InterfaceAddress(address: .v4(.loopback), prefixLength: 8)])
        #expect(MDNSBrowser.isOnLink(.v4(IPv4Address(10, 232, 7, 1)), veth))
        #expect(MDNSBrowser.isOnLink(.v4(IPv4Address(169, 254, 9, 9)), veth))
        #expect(MDNSBrowser.isOnLink(.v6(try #require(IPv6Address("fe80::1"))), veth))
        #expect(!MDNSBrowser.isOnLink(.v4(IPv4Address(8, 8, 8, 8)), veth))
        #expect(!MDNSBrowser.isOnLink(.v4(.loopback), veth))
        #expect(MDNSBrowser.isOnLink(.v4(.loopback), lo))
    }

    @Test func followUpQuestionsKeepTheRespondersSpelling() {
        var querier = MDNSQuerier()
        _ = querier.start(interfaces: [2], at: .seconds(0))
        let actions = querier.receive(P.response(answers: [P.ptr()]), interfaceIndex: 2, at: .seconds(0.1))
        let srv = queries(actions).flatMap(\.questions).first { $0.type == .srv }
        #expect(srv?.name.description == P.instance.description)
    }

    @Test func goodbyeRemovesInstanceOneSecondLater() {
        var querier = MDNSQuerier()
        _ = querier.start(interfaces: [2], at: .seconds(0))
        _ = querier.receive(P.fullAnswer(), interfaceIndex: 2, at: .seconds(0.1))
        let bye = querier.receive(P.response(answers: [P.ptr(ttl: 0)]), interfaceIndex: 2, at: .seconds(5))
        #expect(!bye.contains { if case .instanceRemoved = $0 { true } else { false } })
        let later = querier.advance(to: .seconds(6))
        #expect(later.contains { if case .instanceRemoved(_, .goodbye) = $0 { true } else { false } })
        #expect(querier.statistics.interfaces[2]?.goodbyes == 1)
    }

    /// When the TXT record cached at 0 with a TTL of 100 s was refreshed, and when the instance went.
    private func refreshTimeline(seed: UInt64) -> (refreshes: [Duration], removedAt: MonotonicInstant?) {
        var querier = MDNSQuerier(random: MDNSRandom(seed: seed))
        _ = querier.start(interfaces: [2], at: .seconds(0))
        _ = querier.receive(P.fullAnswer(ttl: 100), interfaceIndex: 2, at: .seconds(0))
        var refreshes: [Duration] = []
        var removedAt: MonotonicInstant?
        while removedAt == nil, let next = querier.nextDeadline, next <= .seconds(200) {
            let actions = querier.advance(to: next)
            if queries(actions).flatMap(\.questions).contains(where: { $0.type == .txt }) {
                refreshes.append(next - MonotonicInstant.seconds(0))
            }
            if actions.contains(where: { if case .instanceRemoved(_, .expired) = $0 { true } else { false } }) {
                removedAt = next
            }
        }
        return (refreshes, removedAt)
    }

    @Test func silentResponderExpiresAtTTLAfterFourJitteredRefreshQueries() {
        for seed in UInt64(0)..<16 {
            let timeline = refreshTimeline(seed: seed)
            #expect(timeline.refreshes.count == 4, "seed \(seed)")
            // 80, 85, 90 and 95 % of 100 s, each plus up to 2 % of the TTL.
            for (time, point) in zip(timeline.refreshes, [80, 85, 90, 95]) {
                #expect(time >= .seconds(point) && time <= .seconds(point + 2), "seed \(seed): \(time)")
            }
            #expect(timeline.removedAt == .seconds(100))
        }
    }

    @Test func refreshJitterIsRandomPerSeedAndRepeatableForOne() {
        let first = refreshTimeline(seed: 5).refreshes
        #expect(refreshTimeline(seed: 5).refreshes == first)
        let others = (UInt64(20)..<28).map { refreshTimeline(seed: $0).refreshes }
        #expect(others.contains { $0 != first })
        // Not simply the lower edge of the window.
        #expect(!(others + [first]).allSatisfy { $0 == [80, 85, 90, 95].map { Duration.seconds($0) } })
    }

    @Test func refreshedRecordKeepsInstance() {
        var querier = MDNSQuerier()
        _ = querier.start(interfaces: [2], at: .seconds(0))
        _ = querier.receive(P.fullAnswer(ttl: 100), interfaceIndex: 2, at: .seconds(0))
        _ = querier.advance(to: .seconds(80))
        _ = querier.receive(P.fullAnswer(ttl: 100), interfaceIndex: 2, at: .seconds(81))
        let actions = querier.advance(to: .seconds(120))
        #expect(!actions.contains { if case .instanceRemoved = $0 { true } else { false } })
        #expect(querier.reportedInstances.count == 1)
    }

    @Test func txtChangeReportsUpdate() {
        var querier = MDNSQuerier()
        _ = querier.start(interfaces: [2], at: .seconds(0))
        _ = querier.receive(P.fullAnswer(), interfaceIndex: 2, at: .seconds(0))
        var strings = P.txt
        strings[6] = "st=1"
        let actions = querier.receive(
            P.response(answers: [P.txtRecord(strings: strings)]), interfaceIndex: 2, at: .seconds(3))
        let updated = actions.compactMap { if case .instanceUpdated(let instance) = $0 { instance } else { nil } }
        #expect(updated.first?.castTXT.status == 1)
    }

    @Test func packetsOnOtherInterfacesAreIgnored() {
        var querier = MDNSQuerier()
        _ = querier.start(interfaces: [2], at: .seconds(0))
        #expect(querier.receive(P.fullAnswer(), interfaceIndex: 3, at: .seconds(0)).isEmpty)
        #expect(querier.cachedRecordCount == 0)
    }
}
