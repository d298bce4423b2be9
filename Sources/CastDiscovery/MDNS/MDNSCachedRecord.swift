public import CastNet
public import CastWire

/// One record in the querier's cache with the times RFC 6762 §5.2 derives from its TTL.
public struct MDNSCachedRecord: Sendable, Hashable {
    /// The owner name as received.
    public var name: DNSName
    /// The record value.
    public var value: MDNSRecordValue
    /// The interface it arrived on.
    public var interfaceIndex: UInt32
    /// The TTL it was received with (seconds).
    public var ttl: UInt32
    /// When it arrived (or was last refreshed by an identical answer).
    public var receivedAt: MonotonicInstant
    /// When it leaves the cache.
    public var expiresAt: MonotonicInstant
    /// How many of the 80/85/90/95 % refresh queries were already sent for this lifetime.
    public var refreshesSent: Int = 0
    /// Random variation added to the next refresh point, as a fraction of the TTL (0–2 %, RFC 6762 §5.2).
    public var refreshJitter: Double = 0
    /// True when it came in a unicast answer to a one-shot query (its TTL capped at 10 s by the responder, §6.7):
    /// refreshed with one-shot queries too, since multicast ones were being suppressed.
    public var viaOneShot = false

    /// The refresh points of RFC 6762 §5.2, as fractions of the TTL.
    static let refreshFractions: [Double] = [0.80, 0.85, 0.90, 0.95]

    /// The record type.
    public var type: DNSType { value.type }

    /// When the next refresh query is due (its fraction of the TTL plus the jitter), nil when all four were sent
    /// (or the record is a goodbye).
    var nextRefresh: MonotonicInstant? {
        guard refreshesSent < MDNSCachedRecord.refreshFractions.count, ttl > 0 else { return nil }
        let fraction = MDNSCachedRecord.refreshFractions[refreshesSent] + min(max(refreshJitter, 0), 0.04)
        return receivedAt + .milliseconds(Int64(Double(ttl) * 1000 * fraction))
    }

    /// Seconds left, rounded down, for known-answer lists.
    func remainingTTL(at now: MonotonicInstant) -> UInt32 {
        guard expiresAt > now else { return 0 }
        return UInt32(min(Double(UInt32.max), (expiresAt - now) / .seconds(1)))
    }

    /// True when more than half the TTL is left: such answers go into known-answer lists (RFC 6762 §7.1).
    func isFresh(at now: MonotonicInstant) -> Bool {
        Double(remainingTTL(at: now)) > Double(ttl) / 2
    }
}
