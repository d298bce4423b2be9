/// A one-shot timer on an `EventLoop`; cancel it to stop it from running.
public final class ScheduledTask: Cancellable {
    private let id: UInt64
    private let loop: EventLoop

    init(id: UInt64, loop: EventLoop) {
        self.id = id
        self.loop = loop
    }

    /// Stops the task if it has not run; from any thread (the removal happens on the loop).
    public func cancel() { loop.cancelTimer(id: id) }
}
