import CastNet
import CastTestSupport
import Synchronization
import Testing

/// Timer edge cases: equal deadlines across loop turns and cancellation racing a busy loop.
@Suite struct EventLoopTimerTests {
    @Test func timerScheduledForTheDeadlineThatJustFiredStillFires() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let fired = Atomic<Int>(0)
        let deadline = MonotonicInstant.now() + .milliseconds(20)
        loop.scheduleTask(at: deadline) {
            fired.add(1, ordering: .relaxed)
            // Runs on the next turn (timers scheduled by timers wait a turn), at a deadline the timerfd already hit.
            loop.scheduleTask(at: deadline) { fired.add(1, ordering: .relaxed) }
        }
        #expect(await eventually { fired.load(ordering: .relaxed) == 2 })
    }

    @Test func cancelBeforeTheDeadlineWinsEvenWhenTheLoopIsBusyPastIt() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let fired = Atomic<Bool>(false)
        let busy = Atomic<Bool>(false)
        let cancelled = Atomic<Bool>(false)
        let deadline = MonotonicInstant.now() + .milliseconds(5)
        let task = loop.scheduleTask(at: deadline) { fired.store(true, ordering: .relaxed) }
        // Keep the loop busy until the cancel has been issued and the deadline has passed, so the timer is due
        // before the loop gets to the queued removal.
        loop.execute {
            busy.store(true, ordering: .releasing)
            while !cancelled.load(ordering: .acquiring) || MonotonicInstant.now() < deadline {}
        }
        // Cancel only once the loop is inside that task, so the removal lands in a later batch.
        #expect(await eventually { busy.load(ordering: .acquiring) })
        task.cancel()
        cancelled.store(true, ordering: .releasing)
        #expect(task.isCancelled)
        // Two full loop turns: the due timer has had its chance to run.
        _ = try await loop.submit { 0 }
        _ = try await loop.submit { 0 }
        let didFire = fired.load(ordering: .relaxed)
        #expect(!didFire)
    }
}
