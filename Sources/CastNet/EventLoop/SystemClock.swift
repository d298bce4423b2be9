/// The real monotonic clock, with timers on an `EventLoop` (their actions run on the loop thread).
public struct SystemClock: ProtocolClock {
    /// The loop timers run on.
    public let eventLoop: EventLoop

    /// A clock whose timers run on `eventLoop`.
    public init(eventLoop: EventLoop) { self.eventLoop = eventLoop }

    /// `CLOCK_MONOTONIC` now.
    public var now: MonotonicInstant { .now() }

    /// Schedules `action` on the loop after `delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Cancellable {
        eventLoop.scheduleTask(in: delay, action)
    }
}
