import CastLog
import CastNet
import CastWire
import Testing

@testable import CastDiscovery

/// Renaming after a conflict (RFC 6762 §9): "Name (N)" stays a valid label of at most 63 bytes, and the responder
/// gives up with an error after `maximumRenames`.
@Suite struct MDNSResponderRenameTests {
    typealias P = MDNSTestPackets
    static let other = SocketAddress(IPv4Address(10, 200, 0, 2), port: 5353)

    private func machine(instance: String, maximumRenames: Int = 32) -> MDNSResponderStateMachine {
        let service = MDNSServiceRecordSet(
            instance: instance, serviceType: P.service, host: P.host, port: 8009, txt: P.txt.map { Array($0.utf8) })
        return MDNSResponderStateMachine(
            service: service, addresses: [2: [.v4(IPv4Address(10, 200, 0, 1))]], maximumRenames: maximumRenames,
            initialProbeDelay: .zero ... .zero)
    }

    private func conflict(_ responder: inout MDNSResponderStateMachine, at now: MonotonicInstant) throws
        -> [MDNSResponderStateMachine.Action]
    {
        let name = try #require(responder.service.instanceName)
        return responder.receive(
            P.response(answers: [P.srv(port: 9999, instance: name)]), from: Self.other, interfaceIndex: 2, at: now)
    }

    @Test func shortNamesGetTheSuffixUnchanged() {
        #expect(MDNSServiceRecordSet.numberedInstance("Living Room TV", number: 2) == "Living Room TV (2)")
        #expect(MDNSServiceRecordSet.numberedInstance("Küche", number: 12) == "Küche (12)")
    }

    @Test func suffixNeverPushesTheLabelPastSixtyThreeBytes() {
        let ascii = String(repeating: "a", count: 63)
        let renamed = MDNSServiceRecordSet.numberedInstance(ascii, number: 2)
        #expect(renamed == String(repeating: "a", count: 59) + " (2)")
        #expect(renamed.utf8.count == 63)
        #expect(MDNSServiceRecordSet.numberedInstance(ascii, number: 100).utf8.count == 63)
    }

    @Test func truncationStopsAtAUnicodeScalarBoundary() {
        // 58 ASCII bytes, then "€" (3 bytes): 58 + 3 > 59 bytes of room, so the euro sign goes whole.
        let base = String(repeating: "a", count: 58) + "€" + "b"
        let renamed = MDNSServiceRecordSet.numberedInstance(base, number: 2)
        #expect(renamed == String(repeating: "a", count: 58) + " (2)")
        // Four-byte scalars (emoji) are never split either; the result is valid UTF-8 that round-trips.
        let emoji = String(repeating: "🐱", count: 16)
        let cats = MDNSServiceRecordSet.numberedInstance(emoji, number: 3)
        #expect(cats == String(repeating: "🐱", count: 14) + " (3)")
        #expect(String(decoding: Array(cats.utf8), as: UTF8.self) == cats)
        #expect(cats.utf8.count <= 63)
    }

    @Test func aCutEndingInSpacesDropsThem() {
        let base = String(repeating: "a", count: 57) + "  " + "bbbbbb"
        #expect(MDNSServiceRecordSet.numberedInstance(base, number: 2) == String(repeating: "a", count: 57) + " (2)")
    }

    @Test func responderWithSixtyThreeByteNameKeepsProbingAfterAConflict() throws {
        var responder = machine(instance: String(repeating: "x", count: 61) + "é")
        _ = responder.start(at: .seconds(0))
        let actions = try conflict(&responder, at: .seconds(0.1))
        let renamed = String(repeating: "x", count: 59) + " (2)"
        #expect(actions.contains(.renamed(newInstance: renamed)))
        // Probing goes on with the new name: three probes naming it, then announcements.
        var probedNames: [String] = []
        while let next = responder.nextDeadline {
            for action in responder.advance(to: next) {
                if case .multicast(let message, _) = action, !message.flags.qr,
                    let label = message.questions.first?.name.labels.first
                {
                    probedNames.append(String(decoding: label, as: UTF8.self))
                }
            }
        }
        #expect(probedNames == [renamed, renamed, renamed])
        #expect(responder.isEstablished)
    }

    @Test func givesUpWithAnErrorAfterTheMaximumNumberOfRenames() throws {
        var responder = machine(instance: "Living Room TV", maximumRenames: 3)
        _ = responder.start(at: .seconds(0))
        var now = MonotonicInstant.seconds(0.1)
        for number in 2...4 {
            #expect(try conflict(&responder, at: now).contains(.renamed(newInstance: "Living Room TV (\(number))")))
            now = now + .seconds(2)
        }
        let last = try conflict(&responder, at: now)
        let reason = try #require(
            last.compactMap { if case .gaveUp(let reason) = $0 { reason } else { nil } }.first)
        #expect(reason.contains("after 3 renames"))
        #expect(reason.contains("Living Room TV"))
        #expect(responder.nextDeadline == nil)
        #expect(responder.statistics.renames == 3)
        // Nothing more is sent or answered.
        let query = DNSMessage(questions: [DNSQuestion(name: P.service, type: .ptr)]).encoded()
        #expect(responder.receive(query, from: Self.other, interfaceIndex: 2, at: now + .seconds(1)).isEmpty)
        #expect(responder.stop().isEmpty)
        let entry = try #require(MDNSResponderStateMachine.Action.gaveUp(reason: reason).logEntry(instance: ""))
        #expect(entry.level == .error)
    }
}
