import CastLog

extension ConnectionReporter {
    /// Called when a connection ends: remembers it when its heartbeats were lost (measured to its FIN when only one
    /// side closed it).
    func noteConnectionEnd(_ state: TCPConnectionState, captureTime: LogTimestamp) {
        guard !state.reconnectReported, state.cast.heartbeatLost(at: state.heartbeatEnd(latest: captureTime)) else {
            return
        }
        if reconnects.losses.count >= ReconnectWatch.maximumKept,
            let oldest = reconnects.losses.min(by: { $0.value < $1.value })
        {
            reconnects.losses[oldest.key] = nil
        }
        reconnects.losses[ReconnectWatch.key(state)] = state.lastTime
    }

    /// Called when a connection starts: reports it as a reconnection after a heartbeat loss on the same pair, whether
    /// the old connection was closed already or is still open in the capture (a dead receiver never sends its FIN
    /// or RST, so only the sender's FIN, or nothing, ends it).
    func noteConnectionStart(_ state: TCPConnectionState, candidates: [ReconnectCandidate]) {
        if let lost = closedConnectionLoss(like: state) ?? openConnectionLoss(among: candidates, like: state) {
            reportReconnect(state, lostAt: lost)
        }
    }

    /// The end of a closed connection on the same pair that lost heartbeats (forgotten once asked for).
    private func closedConnectionLoss(like state: TCPConnectionState) -> LogTimestamp? {
        // Most captures have no lost heartbeat: no key is formatted for their connections.
        guard !reconnects.losses.isEmpty else { return nil }
        let key = ReconnectWatch.key(state)
        guard let lost = reconnects.losses[key] else { return nil }
        reconnects.losses[key] = nil
        return lost
    }

    /// The end (first FIN, else last packet) of the latest still-open connection on the same pair (`candidates`,
    /// chosen by the inspector) whose heartbeats were lost by the time `state` started; that connection is marked so
    /// its own end reports nothing more.
    private func openConnectionLoss(among candidates: [ReconnectCandidate], like state: TCPConnectionState)
        -> LogTimestamp?
    {
        var found: ReconnectCandidate?
        for other in candidates where !other.state.reconnectReported {
            guard found.map({ $0.lastTime < other.lastTime }) ?? true,
                other.state.cast.heartbeatLost(at: other.finTime ?? state.firstTime)
            else { continue }
            found = other
        }
        guard let found else { return nil }
        found.state.reconnectReported = true
        return found.finTime ?? found.lastTime
    }

    private func reportReconnect(_ state: TCPConnectionState, lostAt lost: LogTimestamp) {
        let after = CastSessionTracker.seconds(from: lost, to: state.firstTime)
        guard after >= 0, after <= ReconnectWatch.window else { return }
        emit(
            .finding(
                Finding(
                    .info, "cast.reconnect",
                    "\(state.client.text) reconnected to \(state.server.label) \(CastSessionTracker.format(after)) s after "
                        + "losing heartbeats",
                    detail: "the previous connection ended after unanswered PINGs; this one "
                        + "should rejoin the app session (CONNECT to its transportId)", time: state.firstTime,
                    flow: state.flow)))
    }
}
