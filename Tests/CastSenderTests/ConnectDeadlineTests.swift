import CastNet
import CastTestKit
import Synchronization
import Testing

@testable import CastSender

/// One connection attempt's budget: the stage it names when it runs out, and nothing once it ended.
@Suite struct ConnectDeadlineTests {
    @Test func anAttemptThatRunsOutNamesTheStageItWasIn() {
        let clock = ManualClock()
        let fired = Mutex<[Int]>([])
        var deadline = ConnectDeadline()
        let attempt = deadline.start(budget: .seconds(2), clock: clock) { number in fired.withLock { $0.append(number) } }
        deadline.advance(to: .tlsHandshake)
        clock.advance(by: .seconds(1))
        #expect(fired.withLock { $0 }.isEmpty)
        clock.advance(by: .seconds(1))
        #expect(fired.withLock { $0 } == [attempt])
        #expect(deadline.expire(attempt) == .tlsHandshake)
        // Reported once: the attempt is over.
        #expect(deadline.expire(attempt) == nil)
        #expect(!deadline.isRunning(attempt))
    }

    @Test func aFinishedOrReplacedAttemptNeverExpires() {
        let clock = ManualClock()
        let fired = Mutex(0)
        var deadline = ConnectDeadline()
        let first = deadline.start(budget: .seconds(2), clock: clock) { _ in fired.withLock { $0 += 1 } }
        deadline.finish()
        clock.advance(by: .seconds(5))
        #expect(fired.withLock { $0 } == 0, "a finished attempt's timer is cancelled")
        #expect(deadline.expire(first) == nil)
        let second = deadline.start(budget: .seconds(2), clock: clock) { _ in }
        #expect(second != first && !deadline.isRunning(first) && deadline.isRunning(second))
        deadline.advance(to: .deviceAuthentication)
        #expect(deadline.stage == .deviceAuthentication)
    }

    @Test func budgetsReadAsPeopleWriteThem() {
        #expect(ConnectDeadline.text(.seconds(2)) == "2 s")
        #expect(ConnectDeadline.text(.milliseconds(1500)) == "1.5 s")
    }
}
