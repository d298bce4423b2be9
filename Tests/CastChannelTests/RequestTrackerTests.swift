import CastChannel
import CastNet
import Testing

@Suite struct RequestTrackerTests {
    private let start = MonotonicInstant(nanoseconds: 0)

    @Test func idsStartAtOneAndIncrease() {
        var tracker = RequestTracker<String>()
        #expect(tracker.register("a", timeout: .seconds(10), now: start) == 1)
        #expect(tracker.register("b", timeout: .seconds(10), now: start) == 2)
    }

    @Test func completesOnceOnly() {
        var tracker = RequestTracker<String>()
        let id = tracker.register("launch", timeout: .seconds(10), now: start)
        #expect(tracker.complete(id) == "launch")
        #expect(tracker.complete(id) == nil)
        #expect(tracker.complete(999) == nil)
    }

    @Test func expiresOverdueEarliestFirst() {
        var tracker = RequestTracker<String>()
        let slow = tracker.register("slow", timeout: .seconds(10), now: start)
        let fast = tracker.register("fast", timeout: .seconds(5), now: start)
        #expect(tracker.nextDeadline == start + .seconds(5))
        #expect(tracker.expire(now: start + .seconds(4)).isEmpty)
        #expect(tracker.expire(now: start + .seconds(10)).map(\.id) == [fast, slow])
        #expect(tracker.pendingCount == 0)
        #expect(tracker.complete(fast) == nil)
    }

    @Test func wrapsAfterInt32MaxSkippingZeroAndPendingIDs() {
        var tracker = RequestTracker<Int>(firstID: Int64(Int32.max))
        let last = tracker.register(0, timeout: .seconds(1), now: start)
        #expect(last == Int64(Int32.max))
        #expect(tracker.makeID() == 1)
    }

    @Test func cancelAllReturnsEverythingPending() {
        var tracker = RequestTracker<String>()
        _ = tracker.register("a", timeout: .seconds(1), now: start)
        _ = tracker.register("b", timeout: .seconds(1), now: start)
        #expect(tracker.cancelAll().map(\.context) == ["a", "b"])
        #expect(tracker.pendingCount == 0)
    }
}
