import CastLog
import Foundation

extension ConnectionReporter {
    /// Reports a connection's end: resets, unanswered SYNs, the Cast session's end verdicts, its summary. The
    /// inspector has flushed its streams and handed the state over for good. `captureTime`: the capture's latest
    /// time (a half-closed connection's heartbeats are measured to its FIN instead).
    func close(_ state: TCPConnectionState, captureTime: LogTimestamp) {
        if let reset = state.reset {
            let refused = state.applicationBytes.isEmpty && state.sawSYN && !state.sawSYNACK && reset == .s2c
            // Many TLS stacks reset the connection right after an orderly close_notify: worth noting, not a fault.
            let orderly = state.closeNotify.contains(reset)
            emit(.finding(Finding(
                refused ? .error : orderly ? .info : .warn, refused ? "tcp.refused" : "tcp.reset",
                refused ? "connection to \(state.server.label) refused" : "connection reset by the "
                    + (reset == .c2s ? "client" : "server"),
                detail: refused ? "nothing listens on that port (or a firewall rejects it)"
                    : orderly ? "after its TLS close_notify (an orderly close followed by RST)" : "",
                time: state.lastTime, flow: state.flow)))
        }
        if state.sawSYN, !state.sawSYNACK, state.reset == nil, state.applicationBytes.isEmpty,
            castPorts.contains(state.server.port), let first = state.firstSYN, let last = state.lastSYN
        {
            // Like a reset, silence is a verdict: nothing answered the SYNs (a firewall dropping them, a device
            // that left, or a stale address after a group leader moved).
            let span = CastSessionTracker.format(CastSessionTracker.seconds(from: first, to: last))
            emit(.finding(Finding(
                .error, "tcp.no-answer",
                "\(state.synCount) SYN\(state.synCount == 1 ? "" : "s") to \(state.server.label) got no answer "
                    + "(over \(span) s)",
                detail: "nothing answered on the Cast port: the device is off or gone from that address, or a "
                    + "firewall drops the packets; check the address (discover) and the route", time: first,
                flow: state.flow)))
        }
        var findings: [Finding] = []
        state.cast.finish(end: captureTime, heartbeatEnd: state.heartbeatEnd(latest: captureTime), findings: &findings)
        if state.isCast, state.cast.heartbeats == 0 {
            state.inferredHeartbeat.finish(end: state.heartbeatEnd(latest: state.lastTime), flow: state.flow,
                                           findings: &findings)
        }
        findings.forEach { emit(.finding($0)) }
        noteConnectionEnd(state, captureTime: captureTime)
        for handle in state.exports.values { try? handle.close() }
        let c2s = state.reassemblers.c2s, s2c = state.reassemblers.s2c
        var summary: ConnectionSummary?
        if state.kind != .other, connections.count < Self.maximumConnections {
            summary = ConnectionSummary(
                flow: state.flow, kind: state.kind == .tls ? "tls" : state.kind == .plainCast ? "cast" : "other",
                session: state.session, castMessages: state.cast.messageCount,
                virtualConnections: state.cast.virtualConnections, launches: state.cast.launches,
                mediaSessions: state.cast.mediaSessions, latencies: state.cast.latencies,
                heartbeats: state.cast.heartbeats, heartbeatIntervals: state.cast.heartbeatIntervals,
                bytes: state.applicationBytes,
                encryptedRecords: state.encryptedRecords.mapValues { $0.count },
                encryptedBytes: state.encryptedRecords.mapValues { $0.bytes },
                duration: CastSessionTracker.seconds(from: state.firstTime, to: state.lastTime),
                retransmissions: c2s.retransmissions + s2c.retransmissions, gaps: c2s.gapCount + s2c.gapCount,
                midStream: c2s.pickedUpMidStream || s2c.pickedUpMidStream, deviceAuth: state.cast.deviceAuth.summary,
                groupMembers: state.cast.groupMembers)
        }
        record(summary, decrypted: state.tls?.decryptedRecords ?? 0, undecrypted: state.tls?.undecryptedRecords ?? 0)
    }
}
