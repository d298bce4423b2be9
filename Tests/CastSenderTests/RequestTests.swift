import CastNet
import CastTestKit
import CastWire
import Testing

@testable import CastSender

/// Records every delegate callback.
final class RecordingRequestDelegate: RequestDelegate {
    var events: [String] = []
    func requestDidComplete(_ request: Request) { events.append("complete \(request.kind)") }
    func request(_ request: Request, didFailWithError error: CastError) {
        events.append("fail \(request.kind) \(error.code.name)")
    }
    func request(_ request: Request, didAbortWithReason reason: RequestAbortReason) {
        events.append("abort \(request.kind) \(reason)")
    }
}

@Suite struct RequestTests {
    @Test func replyCompletesOnceAndLateReplyIsIgnored() {
        let clock = ManualClock()
        let table = PendingRequests(clock: clock)
        let delegate = RecordingRequestDelegate()
        let request = table.start("PAUSE")
        request.delegate = delegate
        #expect(table.reply(request.requestID, .completed))
        #expect(!table.reply(request.requestID, .failed(CastError(.invalidRequest))))
        request.cancel()
        #expect(delegate.events == ["complete PAUSE"])
        #expect(table.count == 0)
    }

    @Test func timeoutFailsWithTimeoutCodeAfterTenSeconds() {
        let clock = ManualClock()
        let table = PendingRequests(clock: clock)
        let delegate = RecordingRequestDelegate()
        let request = table.start("LOAD")
        request.delegate = delegate
        clock.advance(by: .seconds(9))
        #expect(request.inProgress)
        clock.advance(by: .seconds(1))
        #expect(delegate.events == ["fail LOAD Timeout"])
        #expect(request.error?.code == .timeout)
        #expect(!table.reply(request.requestID, .completed))
        #expect(clock.pendingTimerCount == 0)
    }

    @Test func cancelAbortsAndRemovesFromTable() {
        let table = PendingRequests(clock: ManualClock())
        let delegate = RecordingRequestDelegate()
        let request = table.start("SEEK")
        request.delegate = delegate
        request.cancel()
        #expect(delegate.events == ["abort SEEK Cancelled"])
        #expect(table.count == 0)
        #expect(!table.reply(request.requestID, .completed))
    }

    @Test func newerRequestOfSameGroupReplacesOlder() {
        let table = PendingRequests(clock: ManualClock())
        let delegate = RecordingRequestDelegate()
        let first = table.start("SEEK", group: "seek")
        first.delegate = delegate
        let second = table.start("SEEK", group: "seek")
        second.delegate = delegate
        #expect(first.outcome == .aborted(.replaced))
        #expect(second.inProgress)
        #expect(table.count == 1)
        table.reply(second.requestID, .completed)
        #expect(delegate.events == ["abort SEEK Replaced", "complete SEEK"])
    }

    @Test func sessionEndFailsEveryPendingRequestExactlyOnce() {
        let clock = ManualClock()
        let table = PendingRequests(clock: clock)
        let delegate = RecordingRequestDelegate()
        let requests = ["PLAY", "PAUSE", "STOP"].map { table.start($0) }
        for request in requests { request.delegate = delegate }
        table.endAll(CastError(.sessionIsNotActive))
        clock.advance(by: .seconds(60))
        for request in requests { request.cancel() }
        #expect(delegate.events == ["fail PLAY SessionIsNotActive", "fail PAUSE SessionIsNotActive",
                                    "fail STOP SessionIsNotActive"])
    }

    @Test func observersHearTheOutcomeEvenWhenAddedLate() {
        let request = Request(requestID: 3, kind: "PLAY")
        var heard: [RequestOutcome] = []
        request.whenFinished { heard.append($0) }
        request.complete()
        request.whenFinished { heard.append($0) }
        #expect(heard == [.completed, .completed])
    }

    @Test func idsAreDistinctAndNonZero() {
        let table = PendingRequests(clock: ManualClock())
        let ids = (0..<5).map { _ in table.start("GET_STATUS").requestID }
        #expect(Set(ids).count == 5)
        #expect(!ids.contains(0))
    }
}
