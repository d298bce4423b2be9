import CastNet
import CastTestKit
import Synchronization
import Testing

@Suite struct ManualClockTests {
    @Test func advanceFiresDueTimersInDeadlineThenSchedulingOrder() {
        let clock = ManualClock()
        let fired = Mutex<[String]>([])
        clock.schedule(after: .seconds(3)) { fired.withLock { $0.append("c@\(clock.now)") } }
        clock.schedule(after: .seconds(1)) { fired.withLock { $0.append("a@\(clock.now)") } }
        clock.schedule(after: .seconds(1)) { fired.withLock { $0.append("a2@\(clock.now)") } }
        clock.schedule(after: .seconds(2)) { fired.withLock { $0.append("b@\(clock.now)") } }
        clock.advance(by: .milliseconds(1500))
        #expect(fired.withLock { $0 } == ["a@1.000000000s", "a2@1.000000000s"])
        #expect(clock.now == MonotonicInstant(nanoseconds: 1_500_000_000))
        clock.advance(by: .seconds(10))
        #expect(fired.withLock { $0 } == ["a@1.000000000s", "a2@1.000000000s", "b@2.000000000s", "c@3.000000000s"])
        #expect(clock.pendingTimerCount == 0)
    }

    @Test func cancelledTimerNeverFires() {
        let clock = ManualClock()
        let fired = Mutex(false)
        let handle = clock.schedule(after: .seconds(1)) { fired.withLock { $0 = true } }
        handle.cancel()
        handle.cancel()
        clock.advance(by: .seconds(5))
        #expect(!fired.withLock { $0 })
    }

    @Test func timersScheduledByActionsFireWithinTheSameAdvance() {
        let clock = ManualClock()
        let ticks = Mutex<[MonotonicInstant]>([])
        // A heartbeat-like chain: each tick schedules the next 5 s later.
        @Sendable func tick() {
            ticks.withLock { $0.append(clock.now) }
            clock.schedule(after: .seconds(5), tick)
        }
        clock.schedule(after: .seconds(5), tick)
        clock.advance(by: .seconds(21))
        #expect(ticks.withLock { $0 }.map(\.nanoseconds) == [5, 10, 15, 20].map { $0 * 1_000_000_000 })
        #expect(clock.nextDeadline == MonotonicInstant(nanoseconds: 25_000_000_000))
    }

    @Test func sameScheduleGivesSameFiringSequenceEveryRun() {
        func run() -> [Int] {
            let clock = ManualClock()
            let order = Mutex<[Int]>([])
            for index in 0..<50 {
                clock.schedule(after: .milliseconds((index * 37) % 11)) { order.withLock { $0.append(index) } }
            }
            clock.advance(by: .seconds(1))
            return order.withLock { $0 }
        }
        let first = run()
        #expect(first.count == 50)
        for _ in 0..<5 { #expect(run() == first) }
    }

    @Test func worksThroughTheClockProtocol() {
        let clock: any ProtocolClock = ManualClock(start: MonotonicInstant(nanoseconds: 42))
        #expect(clock.now.nanoseconds == 42)
        #expect(clock.now - MonotonicInstant(nanoseconds: 40) == .nanoseconds(2))
    }
}
