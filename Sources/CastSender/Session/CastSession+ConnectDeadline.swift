import CastDiscovery
import CastLog
import CastNet

extension CastSession {
    /// Starts the budget of a new connection attempt (`CastOptions.connectTimeout`); returns its number.
    func startConnectDeadline() -> Int {
        connectDeadline.start(budget: options.connectTimeout, clock: clock) { [weak self] attempt in
            guard let self else { return }
            self.eventLoop.execute { self.connectDeadlinePassed(attempt) }
        }
    }

    /// The connection phase of `attempt` did not finish in time: its socket is dropped and the attempt fails with a
    /// timeout naming the stage (`TLS handshake with HOST:PORT did not finish within 2 s`).
    func connectDeadlinePassed(_ attempt: Int) {
        guard let stage = connectDeadline.expire(attempt) else { return }
        let error = CastError(.timeout, "\(stage.rawValue) with \(device.host):\(device.servicePort) did not finish "
                              + "within \(ConnectDeadline.text(options.connectTimeout))")
        options.log.session.warning("\(error.message)", metadata())
        dropSocket()
        feed(machine.connectionLost(error))
    }

    /// The socket is open: device authentication is the connection phase's last stage, when it is on.
    func connectionPhaseOpened() {
        if options.deviceAuthentication {
            connectDeadline.advance(to: .deviceAuthentication)
        } else {
            connectDeadline.finish()
        }
    }

    /// The connection went away before the phase ended: its deadline no longer applies.
    func connectionPhaseEnded() { connectDeadline.finish() }
}
