import CastNet
import Synchronization
import Testing

@Suite struct SystemClockTests {
    @Test func timersRunOnTheLoopThreadAndNowIsMonotonic() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let clock: any ProtocolClock = SystemClock(eventLoop: loop)
        let start = clock.now
        let firedOnLoop = await withCheckedContinuation { continuation in
            clock.schedule(after: .milliseconds(5)) { continuation.resume(returning: loop.isInEventLoop) }
        }
        #expect(firedOnLoop)
        #expect(clock.now >= start + .milliseconds(5))
    }

    @Test func cancelledTimerDoesNotRun() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let clock = SystemClock(eventLoop: loop)
        let fired = Mutex(false)
        clock.schedule(after: .milliseconds(10)) { fired.withLock { $0 = true } }.cancel()
        await withCheckedContinuation { continuation in
            clock.schedule(after: .milliseconds(30)) { continuation.resume() }
        }
        #expect(!fired.withLock { $0 })
    }
}
