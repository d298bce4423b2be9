/// Time for protocol state machines, injected so tests can drive it by hand (named so it does not shadow the
/// standard library's `Clock`).
///
/// `now` is monotonic. `schedule` runs `action` once `delay` has passed: on the event loop for `SystemClock`,
/// inside `ManualClock.advance(by:)` for the manual one. Equal deadlines fire in the order they were scheduled.
public protocol ProtocolClock: Sendable {
    /// The current instant.
    var now: MonotonicInstant { get }

    /// Runs `action` once after `delay`; cancel the handle to call it off.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Cancellable
}
