import CastCLI
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The latch long-running commands await, and the signal handler that opens it.
@Suite struct StopLatchTests {
    @Test func openingWakesEveryWaiterAndLaterWaitsReturnAtOnce() async {
        let latch = StopLatch()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<3 { group.addTask { await latch.wait() } }
            latch.open()
            await group.waitForAll()
        }
        #expect(latch.isOpen)
        await latch.wait()
        latch.open()
    }

    @Test func aTimedWaitReturnsFalseWhenTheTimeRunsOutAndTrueOnceOpen() async {
        let latch = StopLatch()
        #expect(await latch.wait(upTo: .milliseconds(20)) == false)
        Task { latch.open() }
        #expect(await latch.wait(upTo: .seconds(60)))
    }

    @Test func aCancelledWaiterReturnsWithoutTheLatchOpening() async {
        let latch = StopLatch()
        let waiter = Task { await latch.wait() }
        waiter.cancel()
        await waiter.value
        #expect(!latch.isOpen)
    }

    @Test func sigtermOpensTheInstalledLatchAndTheDefaultComesBack() async {
        let latch = StopSignal.install()
        #expect(!StopSignal.isRequested)
        kill(getpid(), SIGTERM)
        #expect(await latch.wait(upTo: .seconds(30)), "the handler opened the latch")
        #expect(StopSignal.isRequested)
        StopSignal.restoreDefault()
        var action = sigaction()
        sigaction(SIGTERM, nil, &action)
        #expect(action.__sigaction_handler.sa_handler == nil, "SIG_DFL is back")
    }
}
