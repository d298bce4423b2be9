import CastNet

/// The random delays RFC 6762 asks for, drawn from CastNet's `SplitMix64`.
///
/// The state machines hold one so they stay plain values: tests pass a fixed seed and get the same delays every
/// run; drivers use `init()`, seeded from the system generator, so hosts started together do not act in step.
public struct MDNSRandom: RandomNumberGenerator, Sendable, Hashable {
    private var source: SplitMix64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        source = SplitMix64(seed: seed)
    }

    /// A generator seeded from the system's random source.
    public init() {
        source = SplitMix64()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 { source.next() }

    /// A duration drawn uniformly from `range`, to the nanosecond; negative bounds count as zero.
    mutating func duration(in range: ClosedRange<Duration>) -> Duration {
        let low = max(0, Self.nanoseconds(range.lowerBound))
        let high = max(0, Self.nanoseconds(range.upperBound))
        guard high > low else { return .nanoseconds(low) }
        return .nanoseconds(Int64.random(in: low...high, using: &self))
    }

    /// A fraction drawn uniformly from `0...limit` (0 when `limit` is not positive).
    mutating func fraction(upTo limit: Double) -> Double {
        guard limit > 0 else { return 0 }
        return Double.random(in: 0...min(limit, 1), using: &self)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? Int64.min / 2 : Int64.max / 2 }
        return product &+ attoseconds / 1_000_000_000
    }
}
