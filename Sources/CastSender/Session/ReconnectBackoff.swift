/// Delays between reconnect attempts: 1 s, 2 s, 4 s… doubling up to `cap`, each jittered by ±`jitter` so many
/// senders do not retry in step, for at most `maximumAttempts` attempts.
public struct ReconnectBackoff: Sendable, Hashable {
    /// The first delay.
    public var initial: Duration = .seconds(1)
    /// The largest delay.
    public var cap: Duration = .seconds(30)
    /// Fraction of the delay added or removed at random (0.2 = ±20 %).
    public var jitter: Double = 0.2
    /// Attempts before giving up.
    public var maximumAttempts = 6

    /// The default schedule.
    public init() {}

    /// The delay before attempt `attempt` (1-based); `unit` in 0...1 picks the jitter (0.5 = none).
    public func delay(attempt: Int, unit: Double) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let base = min(initial * (1 << exponent), cap)
        let factor = 1 + jitter * (2 * min(max(unit, 0), 1) - 1)
        return base * factor
    }
}
