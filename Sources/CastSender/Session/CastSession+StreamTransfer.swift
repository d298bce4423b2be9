import CastDiscovery
import CastLog
import CastNet
import CastWire

extension CastSession {
    /// The session moved to another device: close this connection, connect to the destination and rejoin the app
    /// there — `didUpdateDevice`, `willResume`, then `didResume` with `device` already the destination (seed 000).
    /// A destination that cannot be resolved to an address ends the session as the app stopping would.
    func followStreamTransfer(_ signal: StreamTransferSignal, status: ReceiverStatus) {
        var fields = metadata()
        fields.append("cast.destination", .string(signal.deviceID))
        guard let destination = manager?.destinationDevice(for: signal) else {
            options.log.session.warning(
                "session \(signal.sessionID) moved to device \(signal.deviceID), which has no known address", fields)
            feed(machine.receiverStatus(status))
            return
        }
        guard destination.deviceID != machine.deviceID else {
            feed(machine.receiverStatus(status))
            return
        }
        let address = destination.networkAddress.map { SocketAddress(ip: $0, port: destination.servicePort) }
        let place = address?.description ?? destination.host
        let name = "\(destination.friendlyName) (\(destination.deviceID))"
        options.log.session.info("stream transfer: session \(signal.sessionID) moved to \(name) at \(place), following",
                               fields)
        let actions = machine.transferred(to: destination.deviceID)
        device = destination
        requests.deviceChanged(to: destination.deviceID)
        feed(actions)
    }
}
