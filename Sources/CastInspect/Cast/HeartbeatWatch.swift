import CastLog
import CastWire

/// Follows PING/PONG on one Cast connection to tell when a side stopped answering heartbeats (`cast.heartbeat-lost`).
///
/// A PING is answered by a PONG from the other side within milliseconds; PINGs still unanswered this long at the
/// end of the connection (or of the capture) mean the peer stopped answering — what makes senders declare the
/// connection dead and reconnect.
struct HeartbeatWatch: Sendable {
    /// PINGs one side sent since its peer last answered with a PONG, and when the first of them went out.
    private var unanswered: [FlowDirection: (count: Int, since: LogTimestamp)] = [:]
    /// Each side's last PING and the gap before it (its heartbeat interval, whatever the sender configured).
    private var lastPing: [FlowDirection: LogTimestamp] = [:]
    private var interval: [FlowDirection: Double] = [:]

    /// Seconds a PING may stay unanswered before the heartbeat counts as lost (PONGs come within milliseconds; senders PING every 5 s).
    static let lostAfter = 3.0

    /// Notes one heartbeat message (`PING` or `PONG`) sent in `direction`.
    mutating func note(type: CastMessageType?, direction: FlowDirection, time: LogTimestamp) {
        switch type {
        case .ping?:
            if let last = lastPing[direction] {
                interval[direction] = CastSessionTracker.seconds(from: last, to: time)
            }
            lastPing[direction] = time
            let before = unanswered[direction]
            unanswered[direction] = ((before?.count ?? 0) + 1, before?.since ?? time)
        case .pong?:
            unanswered[direction == .c2s ? .s2c : .c2s] = nil
        default:
            break
        }
    }

    /// True when some side's PINGs were left unanswered by `end` (see `isLost`).
    func lost(at end: LogTimestamp) -> Bool {
        unanswered.contains { direction, pings in
            Self.isLost(count: pings.count, waited: CastSessionTracker.seconds(from: pings.since, to: end),
                        interval: interval[direction])
        }
    }

    /// Lost: a second PING went out unanswered (the first had a whole heartbeat interval to get its PONG), one PING
    /// waited half the pinger's own heartbeat interval (PONGs come within milliseconds: senders with short intervals
    /// give up quickly), or `lostAfter` seconds. A PING right before an orderly close is normal.
    static func isLost(count: Int, waited: Double, interval: Double?) -> Bool {
        if count >= 2 || waited >= lostAfter { return true }
        guard let interval else { return false }
        return waited >= max(0.05, interval / 2)
    }

    /// At the end of the connection: one `cast.heartbeat-lost` per side whose PINGs went unanswered.
    func finish(end: LogTimestamp, flow: String, findings: inout [Finding]) {
        for direction in [FlowDirection.c2s, .s2c] {
            guard let pings = unanswered[direction] else { continue }
            let waited = CastSessionTracker.seconds(from: pings.since, to: end)
            guard Self.isLost(count: pings.count, waited: waited, interval: interval[direction]) else { continue }
            let (pinger, peer) = direction == .c2s ? ("sender", "receiver") : ("receiver", "sender")
            findings.append(
                Finding(
                    .warn, "cast.heartbeat-lost",
                    "the \(peer) stopped answering PINGs: \(pings.count) unanswered over \(CastSessionTracker.format(waited)) s",
                    detail: "the \(pinger)'s PINGs got no PONG until the connection (or the capture) ended; after 10 s "
                        + "without traffic a sender declares the connection dead and reconnects", time: pings.since,
                    flow: flow))
        }
    }
}
