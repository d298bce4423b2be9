import CastNet

/// One connection attempt's budget: TCP connect, TLS handshake and device authentication together must finish
/// within `CastOptions.connectTimeout`, or the attempt fails with a timeout naming the stage that was still running
/// (a listener that accepts and never answers would otherwise hold a sender for every stage's own timeout).
struct ConnectDeadline {
    /// What the attempt is waiting for.
    enum Stage: String, Sendable {
        case connect = "TCP connect"
        case tlsHandshake = "TLS handshake"
        case deviceAuthentication = "device authentication"
    }

    /// The current attempt's number; completions of older attempts are ignored.
    private(set) var attempt = 0
    /// The stage of a running attempt; nil when none runs (finished, failed or expired).
    private(set) var stage: Stage?
    private var timer: (any Cancellable)?

    /// Starts a new attempt at the connect stage; `expire` runs (on the clock's thread) when the budget is spent.
    mutating func start(budget: Duration, clock: any ProtocolClock, expire: @escaping @Sendable (Int) -> Void) -> Int {
        timer?.cancel()
        attempt += 1
        stage = .connect
        let attempt = attempt
        timer = clock.schedule(after: budget) { expire(attempt) }
        return attempt
    }

    /// Whether `attempt` is the current one and still running.
    func isRunning(_ attempt: Int) -> Bool { attempt == self.attempt && stage != nil }

    /// Moves the running attempt to `next`.
    mutating func advance(to next: Stage) {
        if stage != nil { stage = next }
    }

    /// The attempt ended (connected, or failed for another reason): its timer stops.
    mutating func finish() {
        timer?.cancel()
        timer = nil
        stage = nil
    }

    /// The stage `attempt` was in when its budget ran out, or nil when it is no longer running; ends it.
    mutating func expire(_ attempt: Int) -> Stage? {
        guard isRunning(attempt), let stage else { return nil }
        finish()
        return stage
    }

    /// `budget` for people: `2 s`, `0.5 s`.
    static func text(_ budget: Duration) -> String {
        let (seconds, attoseconds) = budget.components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return value == value.rounded() ? "\(Int64(value)) s" : "\(value) s"
    }
}
