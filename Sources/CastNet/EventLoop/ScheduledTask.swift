import Synchronization

/// A one-shot timer on an `EventLoop`; cancel it to stop it from running.
public final class ScheduledTask: Cancellable {
    private let id: UInt64
    private let loop: EventLoop
    private let cancelled = Atomic<Bool>(false)

    init(id: UInt64, loop: EventLoop) {
        self.id = id
        self.loop = loop
    }

    /// True once `cancel` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Stops the task if it has not started; from any thread. Once this returns the task will not start, even when
    /// its deadline passes before the loop gets to remove it.
    public func cancel() {
        cancelled.store(true, ordering: .releasing)
        loop.cancelTimer(id: id)
    }
}
