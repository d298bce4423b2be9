import CastNet
import Dispatch

/// The real monotonic clock with timers on a dispatch queue: the `DiscoveryManager`'s default, since it has no
/// event loop of its own.
struct DispatchQueueClock: ProtocolClock {
    /// Where timer actions run.
    let queue: DispatchQueue

    var now: MonotonicInstant { .now() }

    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Cancellable {
        let item = DispatchWorkItem(block: action)
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: delay.nanosecondsForDispatch)), execute: item)
        return DispatchQueueTimer(item: item)
    }
}

/// The cancel handle of a `DispatchQueueClock` timer.
private struct DispatchQueueTimer: Cancellable, @unchecked Sendable {
    // @unchecked: DispatchWorkItem.cancel is thread-safe.
    let item: DispatchWorkItem

    func cancel() { item.cancel() }
}

extension Duration {
    /// Whole nanoseconds for dispatch deadlines; negative as 0, huge values saturated.
    fileprivate var nanosecondsForDispatch: Int64 {
        let (seconds, attoseconds) = components
        if seconds < 0 { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        let (sum, overflow2) = whole.addingReportingOverflow(max(attoseconds, 0) / 1_000_000_000)
        return overflow2 ? .max : sum
    }
}
