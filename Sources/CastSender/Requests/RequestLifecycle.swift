/// The exactly-once rule of a request as a value: it starts in progress and takes the first outcome offered;
/// every later one is refused, so a late reply after a timeout, or a cancel after completion, changes nothing.
public struct RequestLifecycle: Sendable, Hashable {
    /// The outcome, once there is one.
    public private(set) var outcome: RequestOutcome?

    /// A request in progress.
    public init() {}

    /// True until an outcome is taken.
    public var inProgress: Bool { outcome == nil }

    /// Takes `outcome` if the request is still in progress; returns whether it did (whether to notify).
    public mutating func finish(_ outcome: RequestOutcome) -> Bool {
        guard self.outcome == nil else { return false }
        self.outcome = outcome
        return true
    }
}
