public import CastNet
import Foundation

/// The light probe of each interval: a TCP connection to the device's Cast port, timed, then closed (no TLS, no
/// Cast channel: a device answers that even while busy).
public struct DeviceProber: Sendable {
    public let loop: EventLoop
    public let timeout: Duration

    /// A prober on `loop` giving each connection `timeout`.
    public init(loop: EventLoop, timeout: Duration = .seconds(3)) {
        self.loop = loop
        self.timeout = timeout
    }

    /// Probes `address` for the device `name`.
    public func probe(_ name: String, at address: SocketAddress) async -> ProbeObservation {
        let started = ContinuousClock.now
        do throws(IOError) {
            let connection = try await TCPConnection.connect(to: address, on: loop, timeout: timeout)
            let elapsed = started.duration(to: .now)
            connection.close()
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return ProbeObservation(device: name, reachable: true, rtt: seconds, address: address.description)
        } catch {
            return ProbeObservation(device: name, reachable: false, address: address.description,
                                    failure: error.description)
        }
    }
}
