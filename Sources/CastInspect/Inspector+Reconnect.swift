import CastLog

extension Inspector {
    /// Called when a connection ends: remembers it when its heartbeats were lost.
    func noteConnectionEnd(_ state: TCPConnectionState) {
        guard state.cast.heartbeatLost(at: lastTime) else { return }
        if reconnects.losses.count >= ReconnectWatch.maximumKept,
            let oldest = reconnects.losses.min(by: { $0.value < $1.value })
        {
            reconnects.losses[oldest.key] = nil
        }
        reconnects.losses[ReconnectWatch.key(state)] = state.lastTime
    }

    /// Called when a connection starts: reports it as a reconnection after a heartbeat loss on the same pair.
    func noteConnectionStart(_ state: TCPConnectionState) {
        // Most captures have no lost heartbeat: no key is formatted for their connections.
        guard !reconnects.losses.isEmpty else { return }
        let key = ReconnectWatch.key(state)
        guard let lost = reconnects.losses[key] else { return }
        reconnects.losses[key] = nil
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
