import Synchronization

/// A timer that re-arms itself `delay` after each run, until cancelled.
public final class RepeatedTask: Cancellable {
    private let loop: EventLoop
    private let delay: Duration
    private let task: @Sendable (RepeatedTask) -> Void
    private let cancelled = Atomic<Bool>(false)
    private let current = Mutex<ScheduledTask?>(nil)

    init(loop: EventLoop, delay: Duration, task: @escaping @Sendable (RepeatedTask) -> Void) {
        self.loop = loop
        self.delay = delay
        self.task = task
    }

    /// True once `cancel` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Stops further runs; a run already in progress completes. Callable from inside the task.
    public func cancel() {
        cancelled.store(true, ordering: .releasing)
        current.withLock { $0 }?.cancel()
    }

    func schedule(in delay: Duration) {
        let next = loop.scheduleTask(in: delay) { [self] in
            guard !isCancelled else { return }
            task(self)
            guard !isCancelled else { return }
            schedule(in: self.delay)
        }
        current.withLock { $0 = next }
        // A cancel that raced with this scheduling saw the previous handle; cancel the new one too.
        if isCancelled { next.cancel() }
    }
}
