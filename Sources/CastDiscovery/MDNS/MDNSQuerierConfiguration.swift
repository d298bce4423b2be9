public import CastWire

/// Limits and timings of `MDNSQuerier`, with defaults from RFC 6762.
public struct MDNSQuerierConfiguration: Sendable, Hashable {
    /// The service type browsed.
    public var serviceType: DNSName
    /// Cap on cached records per interface; more are dropped and counted.
    public var maximumRecordsPerInterface: Int
    /// Cap on cached records per owner name and interface; more are dropped and counted.
    public var maximumRecordsPerName: Int
    /// Largest TXT RDATA kept (bytes); longer TXT records are dropped and counted.
    public var maximumTXTBytes: Int
    /// The first interval between continuous queries (RFC 6762 §5.2: at least one second).
    public var initialQueryInterval: Duration
    /// The interval the doubling stops at (RFC 6762 §5.2: 60 minutes).
    public var maximumQueryInterval: Duration
    /// Follow-up queries for a missing SRV/TXT/address before giving up until the next answer.
    public var maximumFollowUps: Int
    /// Most known answers put into one query.
    public var maximumKnownAnswers: Int
    /// The random wait before the first query of a browse (RFC 6762 §5.2: 20–120 ms, so hosts started together
    /// do not query in step).
    public var initialQueryDelay: ClosedRange<Duration>
    /// Random variation added to each refresh point, as a fraction of the TTL (RFC 6762 §5.2: 2 %).
    public var refreshJitter: Double

    /// The `_googlecast._tcp.local.` service type.
    public static let castServiceType = DNSName("_googlecast._tcp.local.") ?? .root

    /// Creates a configuration; the defaults suit a LAN with tens of Cast devices.
    public init(
        serviceType: DNSName = MDNSQuerierConfiguration.castServiceType, maximumRecordsPerInterface: Int = 2048,
        maximumRecordsPerName: Int = 32, maximumTXTBytes: Int = 8900, initialQueryInterval: Duration = .seconds(1),
        maximumQueryInterval: Duration = .seconds(3600), maximumFollowUps: Int = 4, maximumKnownAnswers: Int = 64,
        initialQueryDelay: ClosedRange<Duration> = .milliseconds(20) ... .milliseconds(120),
        refreshJitter: Double = 0.02
    ) {
        self.serviceType = serviceType
        self.maximumRecordsPerInterface = maximumRecordsPerInterface
        self.maximumRecordsPerName = maximumRecordsPerName
        self.maximumTXTBytes = maximumTXTBytes
        self.initialQueryInterval = initialQueryInterval
        self.maximumQueryInterval = maximumQueryInterval
        self.maximumFollowUps = maximumFollowUps
        self.maximumKnownAnswers = maximumKnownAnswers
        self.initialQueryDelay = initialQueryDelay
        self.refreshJitter = refreshJitter
    }
}
