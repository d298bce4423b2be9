public import CastNet
import Synchronization

/// A clock that moves only when told to: `advance(by:)` fires due timers in deadline order (ties in scheduling
/// order) on the calling thread, so state machines are tested deterministically, without real time.
///
/// Timers an action schedules fire in the same `advance` when they fall due within it. Thread-safe, though tests
/// usually drive it from one place. Actions run on the thread calling `advance`: when they `assumeIsolated` an actor
/// that lives on an `EventLoop`, advance from the loop (`try await loop.submit { clock.advance(by: …) }`).
public final class ManualClock: ProtocolClock {
    private struct State {
        var now: MonotonicInstant
        var nextID: UInt64 = 1
        var timers = TimerQueue()
    }

    private let state: Mutex<State>

    /// A clock reading `start` (the origin by default).
    public init(start: MonotonicInstant = MonotonicInstant(nanoseconds: 0)) {
        state = Mutex(State(now: start))
    }

    /// The current manual time.
    public var now: MonotonicInstant { state.withLock { $0.now } }

    /// Timers still pending.
    public var pendingTimerCount: Int { state.withLock { $0.timers.count } }

    /// The deadline of the earliest pending timer, if any.
    public var nextDeadline: MonotonicInstant? {
        state.withLock { state in state.timers.nextDeadline().map { MonotonicInstant(nanoseconds: $0) } }
    }

    /// Registers `action` to fire when the clock reaches `now + delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Cancellable {
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.timers.insert(id: id, deadline: (state.now + delay).nanoseconds, action)
            return id
        }
        return ManualClockTimer(clock: self, id: id)
    }

    /// Moves time forward by `duration`, firing every timer due on the way at its own deadline.
    public func advance(by duration: Duration) {
        advance(to: now + duration)
    }

    /// Moves time forward to `instant` (never backwards), firing due timers in order.
    public func advance(to instant: MonotonicInstant) {
        while let action = state.withLock({ state -> (@Sendable () -> Void)? in
            guard let (deadline, action) = state.timers.popDue(now: instant.nanoseconds) else { return nil }
            state.now = max(state.now, MonotonicInstant(nanoseconds: deadline))
            return action
        }) {
            // Run outside the lock: actions read `now` and schedule more timers.
            action()
        }
        state.withLock { $0.now = max($0.now, instant) }
    }

    /// Fires timers already due (zero-delay ones), without moving time.
    public func runDueTimers() { advance(by: .zero) }

    func cancel(id: UInt64) { _ = state.withLock { $0.timers.cancel(id: id) } }
}

/// The cancel handle of a `ManualClock` timer.
private struct ManualClockTimer: Cancellable {
    let clock: ManualClock
    let id: UInt64

    func cancel() { clock.cancel(id: id) }
}
