import CastCLI
import CastDiscovery
import CastNet
import CastReceiver

/// How the demo finds its in-process emulator: mDNS over `lo` when `lo` can multicast, else by address.
///
/// Only `lo` is ever used: the demo must not send anything to a real network, and it never changes interface flags
/// (many root namespaces have `lo` without MULTICAST, where mDNS cannot work).
enum DemoDiscovery {
    /// Finds the emulator at `port` with `deviceID`, printing what it did; falls back to the address.
    static func find(_ emulator: ReceiverEmulator, port: UInt16, _ io: any CommandOutput) async -> Device {
        let (deviceID, name) = (emulator.options.configuration.deviceID, emulator.options.configuration.name)
        // As `castscope cast --device 127.0.0.1:PORT` would make it, with the emulator's id.
        let fallback = Device(name: name, address: .v4(IPv4Address(127, 0, 0, 1)), port: port, deviceID: deviceID)
        guard let lo = try? NetworkInterface.named("lo"), lo.flags.contains(.multicast) else {
            io.print("   multicast discovery skipped on this host (lo has no MULTICAST flag); "
                + "connecting by address 127.0.0.1:\(port), like 'castscope cast --device 127.0.0.1:\(port)'")
            return fallback
        }
        let responder: MDNSResponder
        do {
            responder = try await emulator.advertise(port: port, on: [lo])
        } catch {
            io.print("   mDNS responder on lo failed (\(error)); connecting by address 127.0.0.1:\(port)")
            return fallback
        }
        let manager = DiscoveryManager(backends: [BuiltinDiscoveryBackend(interfaces: [lo])])
        do {
            try await manager.startDiscovery()
        } catch {
            io.print("   mDNS querier on lo failed (\(error)); connecting by address 127.0.0.1:\(port)")
            await responder.stop()
            return fallback
        }
        let found = await manager.firstDevice(where: { $0.deviceID == deviceID }, timeout: .seconds(3))
        await manager.stopDiscovery()
        await responder.stop()
        guard let found else {
            io.print("   mDNS on lo found nothing in 3 s; connecting by address 127.0.0.1:\(port)")
            return fallback
        }
        io.print("   discovered over mDNS on lo: \"\(found.friendlyName)\" id=\(found.deviceID) "
            + "\(found.host):\(found.servicePort)")
        return found
    }
}
