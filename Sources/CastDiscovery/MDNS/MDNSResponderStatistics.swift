/// Counters of one responder, for logs, `--diagnose` and tests.
public struct MDNSResponderStatistics: Sendable, Hashable {
    /// Conflicts: another host answering for our name with other data, or winning a simultaneous probe.
    public var conflicts = 0
    /// Times the instance was renamed after a conflict.
    public var renames = 0
    /// Simultaneous probes from another host for our name that our data won (§8.2).
    public var tieBreaksWon = 0
    /// Simultaneous probes that the other host's data won, after which we deferred and probed again (§8.2.1).
    public var tieBreaksLost = 0
    /// Probe attempts delayed to five seconds because 15 conflicts came within ten seconds (§8.1).
    public var rateLimitedProbes = 0
    /// Queries answered.
    public var answersSent = 0

    /// Zeroed counters.
    public init() {}
}
