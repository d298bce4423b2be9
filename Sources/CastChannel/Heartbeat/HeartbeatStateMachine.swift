public import CastNet

/// Keep-alive as a value (protocol.md §2.7, Chromium `keep_alive_handler`): events in with explicit time,
/// actions out; the `HeartbeatHandler` does the sending and the timers.
///
/// A PING goes out after `pingInterval` without traffic (any inbound message or our last PING restarts that wait);
/// the connection is dead once nothing has arrived for `livenessTimeout`, reported exactly once. PINGs from the
/// peer are answered with PONG.
public struct HeartbeatStateMachine: Sendable {
    /// Intervals, defaulting to Chromium's: PING every 5 s, dead after 10 s of silence.
    public struct Configuration: Sendable, Hashable {
        /// Quiet time before we send a PING.
        public var pingInterval: Duration
        /// Silence after which the connection is dead.
        public var livenessTimeout: Duration
        /// False to only answer PINGs, never send any (go-chromecast's behaviour).
        public var sendsPings: Bool

        /// The given intervals (5 s / 10 s by default).
        public init(
            pingInterval: Duration = .seconds(5), livenessTimeout: Duration = .seconds(10), sendsPings: Bool = true
        ) {
            self.pingInterval = pingInterval
            self.livenessTimeout = livenessTimeout
            self.sendsPings = sendsPings
        }
    }

    /// What the handler must do.
    public enum Action: Sendable, Hashable {
        /// Send PING to the peer.
        case sendPing
        /// Answer a PING; `requestID` echoes the one the PING carried (pychromecast puts one on its PINGs).
        case sendPong(requestID: Int64?)
        /// Nothing arrived for the liveness timeout: the connection is dead (reported once).
        case connectionDead
    }

    /// The intervals in force.
    public let configuration: Configuration
    /// When the last inbound message arrived (or when monitoring started).
    public private(set) var lastReceived: MonotonicInstant
    /// When we last sent a PING.
    public private(set) var lastPingSent: MonotonicInstant?
    /// True once `connectionDead` has been returned.
    public private(set) var isDead = false

    /// Starts monitoring at `now`, as if a message had just arrived.
    public init(configuration: Configuration = Configuration(), now: MonotonicInstant) {
        self.configuration = configuration
        lastReceived = now
    }

    /// Any inbound message: the peer is alive.
    public mutating func messageReceived(at now: MonotonicInstant) {
        guard !isDead else { return }
        lastReceived = max(lastReceived, now)
    }

    /// An inbound PING (which also counts as traffic): answer it.
    public mutating func pingReceived(requestID: Int64?, at now: MonotonicInstant) -> [Action] {
        guard !isDead else { return [] }
        messageReceived(at: now)
        return [.sendPong(requestID: requestID)]
    }

    /// Time passed (a timer fired): returns `connectionDead` or `sendPing` when due.
    public mutating func timeAdvanced(to now: MonotonicInstant) -> [Action] {
        guard !isDead else { return [] }
        if now >= lastReceived + configuration.livenessTimeout {
            isDead = true
            return [.connectionDead]
        }
        if configuration.sendsPings, let due = nextPingDue, now >= due {
            lastPingSent = now
            return [.sendPing]
        }
        return []
    }

    /// When the next PING is due, if pings are sent.
    public var nextPingDue: MonotonicInstant? {
        guard configuration.sendsPings else { return nil }
        return max(lastReceived, lastPingSent ?? lastReceived) + configuration.pingInterval
    }

    /// When `timeAdvanced` next has something to do; nil once dead.
    public var nextDeadline: MonotonicInstant? {
        guard !isDead else { return nil }
        let dead = lastReceived + configuration.livenessTimeout
        guard let ping = nextPingDue else { return dead }
        return min(dead, ping)
    }
}
