import CastLog
import CastNet
import Synchronization

extension ReceiverEmulator {
    /// The destinations started for `transfer-after`, by source emulator (extensions cannot add stored properties).
    private static let transferTargets = Mutex<[ObjectIdentifier: ReceiverEmulator]>([:])

    /// The `transfer-after=D` fault: starts a second emulator (same identity with " 2" appended to the name and the
    /// device id's last digit changed, no faults) on the source's address with a free port, and D after start
    /// moves the running app session there; while only the idle screen runs it tries again every 100 ms.
    func startTransferFault(source: SocketAddress) {
        guard let delay = options.faultDuration({ if case .transferAfter(let d) = $0 { d } else { nil } }) else {
            return
        }
        let log = options.logger.category("CastReceiverContext")
        var configuration = options.configuration
        configuration.name += " 2"
        let last = configuration.deviceID.last.flatMap { $0.hexDigitValue } ?? 0
        configuration.deviceID = String(configuration.deviceID.dropLast()) + String((last + 1) % 16, radix: 16)
        configuration.faults = []
        var targetOptions = options
        targetOptions.configuration = configuration
        targetOptions.address = SocketAddress(ip: source.ip, port: 0)
        let target: ReceiverEmulator
        let address: SocketAddress
        do {
            target = try ReceiverEmulator(options: targetOptions, eventLoop: eventLoop)
            address = try target.start()
        } catch {
            log.error("fault transfer-after: cannot start the destination: \(error)")
            return
        }
        Self.transferTargets.withLock { $0[ObjectIdentifier(self)] = target }
        let name = configuration.name
        log.info("fault transfer-after: destination \"\(name)\" id=\(configuration.deviceID) on \(address)")
        scheduleTransfer(after: delay, to: target, at: address)
    }

    /// Stops the `transfer-after` destination, if one was started.
    func stopTransferTarget() {
        let target = Self.transferTargets.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
        target?.stop()
    }

    private func scheduleTransfer(after delay: Duration, to target: ReceiverEmulator, at address: SocketAddress) {
        clock.schedule(after: delay) { [weak self] in
            guard let self, Self.transferTargets.withLock({ $0[ObjectIdentifier(self)] }) != nil else { return }
            Task {
                if await !self.transferSession(to: target, at: address) {
                    self.scheduleTransfer(after: .milliseconds(100), to: target, at: address)
                }
            }
        }
    }
}
