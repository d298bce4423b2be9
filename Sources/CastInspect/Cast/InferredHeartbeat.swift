import CastLog

/// Without keys, a Cast connection's heartbeat told from record sizes and timing: a PING is a small record
/// answered within a second by a record of the same size from the other side (the PONG swaps the source and
/// destination ids, so its length matches), and senders and devices PING every few seconds (5 s in the Cast SDKs).
/// When both sides ping at once their PINGs and PONGs interleave, so records are grouped into rounds: same-size
/// records within `answerWithin` of each other, from both sides.
///
/// At the end it says what it saw (`cast.heartbeat-inferred`, with the cadence and who pings) and flags silences
/// several cadences long (`cast.heartbeat-gap`). Memory is bounded: the rounds after `maximumRounds` are only
/// counted.
struct InferredHeartbeat: Sendable {
    /// One heartbeat round: when it started, the record length, and the records from each side.
    struct Round: Sendable {
        var time: LogTimestamp
        var last: LogTimestamp
        var length: Int
        var first: FlowDirection
        var records = PerDirection(0)
    }

    /// Records longer than this are never heartbeats (a PING is about 90 bytes of Cast frame plus TLS overhead;
    /// long sender ids make it longer).
    static let maximumLength = 240
    /// Records shorter than this are never heartbeats: the heartbeat namespace alone is 39 bytes of the frame (an
    /// encrypted close_notify is 19 to 31 bytes).
    static let minimumLength = 60
    /// A PONG comes within this many seconds of its PING.
    static let answerWithin = 1.5
    /// Lengths of a PING and its PONG differ by at most this (ids of different lengths, padding).
    static let lengthTolerance = 4
    /// Rounds kept for the cadence; later ones are counted.
    static let maximumRounds = 4096
    /// A silence this many cadences long is a gap.
    static let gapFactor = 2.5

    private(set) var rounds: [Round] = []
    private(set) var uncountedRounds = 0
    /// The round being gathered.
    private var current: Round?

    /// Notes one encrypted record of `length` bytes sent in `direction` at `time`.
    mutating func note(direction: FlowDirection, length: Int, time: LogTimestamp) {
        guard length >= Self.minimumLength, length <= Self.maximumLength else { return }
        if var round = current, abs(round.length - length) <= Self.lengthTolerance,
           CastSessionTracker.seconds(from: round.last, to: time) <= Self.answerWithin
        {
            round.records[direction] += 1
            round.last = time
            current = round
            return
        }
        closeRound()
        var round = Round(time: time, last: time, length: length, first: direction)
        round.records[direction] = 1
        current = round
    }

    /// Keeps the current round when both sides took part (a PING and its PONG).
    private mutating func closeRound() {
        guard let round = current else { return }
        current = nil
        guard round.records.c2s > 0, round.records.s2c > 0 else { return }
        if rounds.count < Self.maximumRounds { rounds.append(round) } else { uncountedRounds += 1 }
    }

    /// The findings for a connection that ended at `end`: the inferred heartbeat (at least three rounds at a steady
    /// cadence), and each silence longer than `gapFactor` cadences, the end included.
    func finish(end: LogTimestamp, flow: String, findings: inout [Finding]) {
        var copy = self
        copy.closeRound()
        // PING/PONG rounds share one record size: the most common one (other same-size pairs are requests).
        var bySize: [Int: Int] = [:]
        for round in copy.rounds { bySize[round.length, default: 0] += 1 }
        guard let size = bySize.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key
        else { return }
        let rounds = copy.rounds.filter { abs($0.length - size) <= Self.lengthTolerance }
        guard rounds.count >= 3 else { return }
        let times = rounds.map(\.time)
        let intervals = zip(times, times.dropFirst()).map { CastSessionTracker.seconds(from: $0, to: $1) }
        let cadence = intervals.sorted()[intervals.count / 2]
        // A heartbeat is steady: two intervals in three within a third of the median, which is seconds (a request
        // burst is not).
        let steady = intervals.filter { abs($0 - cadence) <= cadence / 3 }.count * 3 >= intervals.count * 2
        guard cadence >= 2, cadence <= 60, steady else { return }
        // Two records from each side in most rounds: both ping; otherwise the side that opens the rounds does.
        let both = rounds.filter { $0.records.c2s >= 2 && $0.records.s2c >= 2 }.count * 2 > rounds.count
        let senderOpens = rounds.filter { $0.first == .c2s }.count * 2 >= rounds.count
        let who = both ? "the sender and the device PING" : senderOpens ? "the sender PINGs" : "the device PINGs"
        findings.append(Finding(
            .info, "cast.heartbeat-inferred",
            "heartbeat inferred without keys: \(who) every \(CastSessionTracker.format(cadence)) s "
                + "(\(rounds.count + copy.uncountedRounds) rounds of \(size)-byte records)",
            detail: "records of one size answered within \(CastSessionTracker.format(Self.answerWithin)) s by the same "
                + "size from the other side, at a steady cadence: PING and PONG (sizes and timing only; give the key "
                + "log to see the messages)",
            time: times[0], flow: flow))
        var previous = times[0]
        for time in Array(times.dropFirst()) + [end] {
            let silence = CastSessionTracker.seconds(from: previous, to: time)
            if silence > Self.gapFactor * cadence {
                let atEnd = time == end
                findings.append(Finding(
                    .warn, "cast.heartbeat-gap",
                    "no heartbeat for \(CastSessionTracker.format(silence)) s (cadence "
                        + "\(CastSessionTracker.format(cadence)) s)" + (atEnd ? " before the end" : ""),
                    detail: atEnd
                        ? "the heartbeat stopped before the connection (or the capture) ended: a peer that stopped "
                            + "answering, or a path that stopped carrying packets"
                        : "the connection was silent where PING/PONG should have flowed: packets lost on the way, a "
                            + "capture that dropped them, or a peer that hung and came back",
                    time: previous, flow: flow))
            }
            previous = time
        }
    }
}
