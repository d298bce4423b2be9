extension EventLoop: SerialExecutor {
    /// Runs an actor's job on the loop thread; an actor returning `asUnownedSerialExecutor()` as its
    /// `unownedExecutor` is thereby confined to this loop. Jobs enqueued after the loop stopped are dropped, so
    /// shut a loop down only once the actors using it are done.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        execute { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    /// This loop as an unowned serial executor, for `nonisolated var unownedExecutor`.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Lets `assumeIsolated` succeed in loop callbacks (socket callbacks, timers), which run outside any job.
    public func checkIsolated() {
        precondition(isInEventLoop, "not on event loop \(name)")
    }

    /// True on the loop thread: code running here is isolated to every actor using this loop as its executor.
    public func isIsolatingCurrentContext() -> Bool? { isInEventLoop }
}
