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

    @Test func firstQueryAsksForUnicastResponseAndLaterOnesDoNot() {
        var querier = MDNSQuerier()
        let first = queries(querier.start(interfaces: [2], at: .seconds(0)))
        #expect(first.count == 1)
        #expect(first.first?.questions.first?.unicastResponse == true)
        #expect(first.first?.questions.first?.type == .ptr)
        #expect(first.first?.questions.first?.name == P.service)
        let second = queries(querier.advance(to: .seconds(1)))
        #expect(second.first?.questions.first?.unicastResponse == false)
    }

    @Test func continuousQueryIntervalsDoubleUpToAnHour() {
        var querier = MDNSQuerier()
        _ = querier.start(interfaces: [2], at: .seconds(0))
        var times: [Double] = []
        for _ in 0..<16 {
            guard let next = querier.nextDeadline else { break }
            let actions = querier.advance(to: next)
            if !queries(actions).isEmpty { times.append(Double(next.nanoseconds) / 1e9) }
        }
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(Array(gaps.prefix(5)) == [2, 4, 8, 16, 32])
        #expect(gaps.allSatisfy { $0 <= 3600 })
        #expect(gaps.last == 3600)
    }

    @Test func completeAnswerAddsInstanceWithAllFields() throws {
        var querier = MDNSQuerier()
        _ = querier.start(interfaces: [2], at: .seconds(0))
        let actions = querier.receive(P.fullAnswer(), interfaceIndex: 2, at: .seconds(0.1))
        let instance = try #require(added(actions).first)
        #expect(instance.name == P.instance)
        #expect(instance.port == 8009)
        #expect(instance.host == P.host)
        #expect(instance.ipv4Addresses == [IPv4Address(10, 200, 0, 1)])
        #expect(instance.castTXT.friendlyName == "Living Room TV")
        #expect(querier.statistics.interfaces[2]?.firstAnswerDelay == .milliseconds(100))
    }

    @Test func knownAnswersGoIntoTheNextBrowseQuery() {
        var querier = MDNSQuerier()
        _ = querier.start(interfaces: [2], at: .seconds(0))
        _ = querier.receive(P.fullAnswer(), interfaceIndex: 2, at: .seconds(0.1))
        let next = queries(querier.advance(to: .seconds(1)))
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

    @Test func silentResponderExpiresAtTTLAfterFourRefreshQueries() {
        var querier = MDNSQuerier()
        _ = querier.start(interfaces: [2], at: .seconds(0))
        _ = querier.receive(P.fullAnswer(ttl: 100), interfaceIndex: 2, at: .seconds(0))
        var refreshTimes: [Double] = []
        var removedAt: Double?
        while removedAt == nil, let next = querier.nextDeadline, next <= .seconds(200) {
            let actions = querier.advance(to: next)
            if queries(actions).flatMap(\.questions).contains(where: { $0.type == .txt }) {
                refreshTimes.append(Double(next.nanoseconds) / 1e9)
            }
            if actions.contains(where: { if case .instanceRemoved(_, .expired) = $0 { true } else { false } }) {
                removedAt = Double(next.nanoseconds) / 1e9
            }
        }
        #expect(refreshTimes == [80, 85, 90, 95])
        #expect(removedAt == 100)
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
