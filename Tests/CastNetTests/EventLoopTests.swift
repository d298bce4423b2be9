import CastNet
import Synchronization
import Testing

/// An actor confined to an event loop, as the sender stack is.
private actor LoopBoundCounter {
    let loop: EventLoop
    private(set) var value = 0

    init(loop: EventLoop) { self.loop = loop }

    nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }

    func increment() -> (Int, Bool) {
        value += 1
        return (value, loop.isInEventLoop)
    }
}

@Suite struct EventLoopTests {
    @Test func executeRunsTasksOnTheLoopThreadInOrder() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let seen = Mutex<[Int]>([])
        let onLoop = Mutex(true)
        for index in 0..<100 {
            loop.execute {
                seen.withLock { $0.append(index) }
                if !loop.isInEventLoop { onLoop.withLock { $0 = false } }
            }
        }
        let done = try await loop.submit { seen.withLock { $0.count } }
        #expect(done == 100)
        #expect(seen.withLock { $0 } == Array(0..<100))
        #expect(onLoop.withLock { $0 })
        #expect(!loop.isInEventLoop)
    }

    @Test func timersFireInDeadlineOrderAndCancelledOnesNever() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let fired = Mutex<[String]>([])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            loop.execute {
                loop.scheduleTask(in: .milliseconds(30)) { fired.withLock { $0.append("c") } }
                loop.scheduleTask(in: .milliseconds(10)) { fired.withLock { $0.append("a") } }
                let cancelled = loop.scheduleTask(in: .milliseconds(20)) { fired.withLock { $0.append("x") } }
                loop.scheduleTask(in: .milliseconds(20)) { fired.withLock { $0.append("b") } }
                loop.scheduleTask(in: .milliseconds(20)) { fired.withLock { $0.append("b2") } }
                cancelled.cancel()
                loop.scheduleTask(in: .milliseconds(40)) { continuation.resume() }
            }
        }
        #expect(fired.withLock { $0 } == ["a", "b", "b2", "c"])
    }

    @Test func cancelFromAnotherThreadStopsTimer() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let fired = Mutex(false)
        let task = loop.scheduleTask(in: .milliseconds(50)) { fired.withLock { $0 = true } }
        task.cancel()
        await withCheckedContinuation { continuation in
            loop.scheduleTask(in: .milliseconds(100)) { continuation.resume() }
        }
        #expect(!fired.withLock { $0 })
    }

    @Test func repeatedTaskRunsUntilCancelledFromInside() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let runs = Mutex(0)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            loop.scheduleRepeatedTask(initialDelay: .zero, delay: .milliseconds(1)) { task in
                let count = runs.withLock { value -> Int in
                    value += 1
                    return value
                }
                if count == 5 {
                    task.cancel()
                    loop.scheduleTask(in: .milliseconds(20)) { continuation.resume() }
                }
            }
        }
        #expect(runs.withLock { $0 } == 5)
    }

    @Test func shutdownRunsWorkQueuedBeforeIt() throws {
        let loop = try EventLoop()
        let ran = Mutex(0)
        for _ in 0..<50 {
            loop.execute {
                // Work queued by queued work also runs.
                loop.execute { ran.withLock { $0 += 1 } }
            }
        }
        loop.shutdown()
        #expect(ran.withLock { $0 } == 50)
        loop.execute { ran.withLock { $0 += 1000 } }
        #expect(ran.withLock { $0 } == 50)
        loop.shutdown()  // a second call returns at once
    }

    @Test func actorUsingTheLoopAsExecutorRunsOnTheLoopThread() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let counter = LoopBoundCounter(loop: loop)
        for expected in 1...20 {
            let (value, onLoop) = await counter.increment()
            #expect(value == expected)
            #expect(onLoop)
        }
    }

    @Test func loopCallbacksMayAssumeTheActorIsolated() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let counter = LoopBoundCounter(loop: loop)
        let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            loop.scheduleTask(in: .milliseconds(1)) {
                // A timer callback is not an actor job, but runs on the actor's executor.
                let value = counter.assumeIsolated { counter in counter.increment().0 }
                continuation.resume(returning: value)
            }
        }
        #expect(value == 1)
    }
}
