/// Counters the querier keeps per interface, for `--diagnose` and the benchmarks.
public struct MDNSInterfaceStatistics: Sendable, Hashable {
    /// Queries sent (browse, refresh and follow-up).
    public var queriesSent = 0
    /// Of those, one-shot follow-ups sent from an ephemeral port (answered by unicast).
    public var oneShotQueriesSent = 0
    /// Responses received (QR set), from anyone.
    public var responsesReceived = 0
    /// Responses that named an instance of the browsed service.
    public var serviceAnswers = 0
    /// Queries from other hosts seen.
    public var queriesSeen = 0
    /// Datagrams on the one-shot socket that echoed no recent one-shot query (dropped).
    public var unexpectedUnicastAnswers = 0
    /// Datagrams that failed to decode (records before the fault were still used).
    public var malformedPackets = 0
    /// Goodbye records (TTL 0) received for the service or its instances.
    public var goodbyes = 0
    /// Records dropped because the interface's cache was full.
    public var droppedOverInterfaceCap = 0
    /// Records dropped because their name had too many records.
    public var droppedOverNameCap = 0
    /// TXT records dropped for being longer than the limit.
    public var droppedOversizedTXT = 0
    /// Seconds from the first query to the first service answer on this interface.
    public var firstAnswerDelay: Duration?

    /// Creates zeroed counters.
    public init() {}
}

/// Counters of a querier, by interface index.
public struct MDNSQuerierStatistics: Sendable, Hashable {
    /// Counters per interface index.
    public var interfaces: [UInt32: MDNSInterfaceStatistics] = [:]

    /// Creates empty statistics.
    public init() {}

    /// The sum over all interfaces.
    public var total: MDNSInterfaceStatistics {
        var sum = MDNSInterfaceStatistics()
        for stats in interfaces.values {
            sum.queriesSent += stats.queriesSent
            sum.oneShotQueriesSent += stats.oneShotQueriesSent
            sum.responsesReceived += stats.responsesReceived
            sum.serviceAnswers += stats.serviceAnswers
            sum.queriesSeen += stats.queriesSeen
            sum.unexpectedUnicastAnswers += stats.unexpectedUnicastAnswers
            sum.malformedPackets += stats.malformedPackets
            sum.goodbyes += stats.goodbyes
            sum.droppedOverInterfaceCap += stats.droppedOverInterfaceCap
            sum.droppedOverNameCap += stats.droppedOverNameCap
            sum.droppedOversizedTXT += stats.droppedOversizedTXT
        }
        return sum
    }
}
