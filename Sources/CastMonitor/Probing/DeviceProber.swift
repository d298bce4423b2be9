import CastDiscovery
public import CastNet
import Foundation

/// The light probe of each interval: a TCP connection to the device's Cast port, timed, then closed (no TLS, no
/// Cast channel: a device answers that even while busy); then, when the device answered, its setup API's
/// eureka_info for its uptime and build (a device that moved the API away just gives none).
public struct DeviceProber: Sendable {
    public let loop: EventLoop
    public let timeout: Duration
    /// The setup API's port (8008 on devices), nil to skip it.
    public let setupPort: UInt16?

    /// A prober on `loop` giving each connection `timeout`.
    public init(loop: EventLoop, timeout: Duration = .seconds(3), setupPort: UInt16? = 8008) {
        self.loop = loop
        self.timeout = timeout
        self.setupPort = setupPort
    }

    /// Probes `address` for the device `name`.
    public func probe(_ name: String, at address: SocketAddress) async -> ProbeObservation {
        let started = ContinuousClock.now
        do throws(IOError) {
            let connection = try await TCPConnection.connect(to: address, on: loop, timeout: timeout)
            let elapsed = started.duration(to: .now)
            connection.close()
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            var observation = ProbeObservation(device: name, reachable: true, rtt: seconds,
                                               address: address.description)
            if let setupPort {
                var prober = UnicastProber(loop: loop, timeout: timeout)
                prober.httpPort = setupPort
                let (_, info) = await prober.fetchEurekaInfo(address.ip)
                observation.uptime = info?.uptime
                observation.build = info?.buildRevision
            }
            return observation
        } catch {
            return ProbeObservation(device: name, reachable: false, address: address.description,
                                    failure: error.description)
        }
    }
}
