import CastLog
import CastNet
import Foundation
import Synchronization

/// When the emulated device started, for its setup API's `uptime`; thread-safe, started again by a reboot.
public final class DeviceBootClock: Sendable {
    private let started = Mutex(ContinuousClock.now)

    /// A clock started now.
    public init() {}

    /// Seconds since the (last) start.
    public var uptime: Double {
        let elapsed = started.withLock { $0 }.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Starts counting again (a reboot).
    public func restart() { started.withLock { $0 = .now } }
}

extension ReceiverEmulator {
    /// How long a rebooting device stays silent before it listens again.
    static let rebootSilence: Duration = .seconds(2)

    /// Arms the `reboot-after` fault: at its time the device drops every connection and stops listening (as a device
    /// going down does, no CLOSE), starts its uptime again, forgets its apps, and listens again on `address` after
    /// `rebootSilence`.
    func startRebootFault(address: SocketAddress) {
        for case .rebootAfter(let delay) in options.configuration.faults {
            _ = eventLoop.scheduleTask(in: delay) { [weak self] in self?.reboot(address: address) }
        }
        for case .flap(let up, let down) in options.configuration.faults {
            _ = eventLoop.scheduleTask(in: up) { [weak self] in self?.flap(address: address, up: up, down: down) }
        }
    }

    /// One flap: connections dropped and nothing listening for `down`, then listening again until the next.
    private func flap(address: SocketAddress, up: Duration, down: Duration) {
        guard listener != nil else { return }  // stopped meanwhile
        goSilent()
        options.logger.category("CastReceiverContext").warning("unreachable (fault flap) for \(down)")
        _ = eventLoop.scheduleTask(in: down) { [weak self] in
            guard let self else { return }
            listenAgain(at: address)
            _ = eventLoop.scheduleTask(in: up) { [weak self] in self?.flap(address: address, up: up, down: down) }
        }
    }

    /// Stops listening and drops every sender without CLOSE, as a device that vanishes from the network does.
    private func goSilent() {
        listener?.close()
        listener = nil
        for session in sessions.values { session.close() }
        deviceTimer?.cancel()
    }

    private func listenAgain(at address: SocketAddress) {
        guard !stopping else { return }  // stopped while silent: stays stopped
        do throws(IOError) {
            listener = try TCPListener.bind(to: address, on: eventLoop) { [weak self] connection in
                self?.accept(connection)
            }
        } catch {
            options.logger.category("CastReceiverContext").error("cannot listen again: \(error)")
        }
    }

    private func reboot(address: SocketAddress) {
        guard !stopping else { return }
        goSilent()
        bootClock.restart()
        device = ReceiverDevice(configuration: options.configuration, sessionSeed: UInt64.random(in: 1...UInt64.max),
                                logger: options.logger)
        options.logger.category("CastReceiverContext").warning("rebooting (fault reboot-after): back in 2 s")
        _ = eventLoop.scheduleTask(in: Self.rebootSilence) { [weak self] in self?.listenAgain(at: address) }
    }
}
