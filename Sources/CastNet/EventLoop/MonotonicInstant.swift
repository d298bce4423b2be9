/// A point on a monotonic clock, in nanoseconds from the clock's own origin (boot for `SystemClock`, 0 for a
/// fresh `ManualClock`). Instants of different clocks are not comparable in meaning.
public struct MonotonicInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since the clock's origin.
    public var nanoseconds: UInt64

    /// The instant `nanoseconds` after the origin.
    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    /// The current `CLOCK_MONOTONIC` time, which is what `EventLoop` timers use.
    public static func now() -> MonotonicInstant { MonotonicInstant(nanoseconds: Posix.monotonicNanoseconds()) }

    /// `instant` moved forward by `duration`; negative durations count as zero, and the sum saturates.
    public static func + (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        let (sum, overflow) = instant.nanoseconds.addingReportingOverflow(duration.clampedNanoseconds)
        return MonotonicInstant(nanoseconds: overflow ? .max : sum)
    }

    /// The time from `start` to `end` (negative when `end` is earlier).
    public static func - (end: MonotonicInstant, start: MonotonicInstant) -> Duration {
        end >= start
            ? .nanoseconds(Int64(clamping: end.nanoseconds - start.nanoseconds))
            : .zero - .nanoseconds(Int64(clamping: start.nanoseconds - end.nanoseconds))
    }

    /// Earlier first.
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Seconds since the origin, e.g. `12.000500000s`.
    public var description: String {
        let fraction = String(nanoseconds % 1_000_000_000)
        return "\(nanoseconds / 1_000_000_000).\(String(repeating: "0", count: 9 - fraction.count))\(fraction)s"
    }
}

extension Duration {
    /// Whole nanoseconds, with negative durations as 0 and huge ones saturated.
    var clampedNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        let (sum, overflow2) = whole.addingReportingOverflow(UInt64(max(attoseconds, 0) / 1_000_000_000))
        return overflow2 ? .max : sum
    }
}
