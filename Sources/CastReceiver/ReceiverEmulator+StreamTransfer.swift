import CastJSON
public import CastNet

extension ReceiverEmulator {
    /// Simulates a stream transfer (seed 000, "Stream transfer"): the running app session moves from this emulator
    /// to `destination`, listening at `address`. The destination resumes it first (so a sender that follows finds
    /// the app running there), then this device drops it and tells its senders where it went. Returns false when
    /// only the idle screen runs here.
    public func transferSession(to destination: ReceiverEmulator, at address: SocketAddress) async -> Bool {
        guard let moved = try? await eventLoop.submit({ self.device.transferableApp }) else { return false }
        let identity = destination.options.configuration
        _ = try? await destination.eventLoop.submit {
            destination.perform(destination.device.resumeTransferredApp(moved))
        }
        let target: JSONObject = [
            "deviceId": .string(identity.deviceID), "friendlyName": .string(identity.name),
            "host": .string(address.ip.description), "port": .int(Int64(address.port)),
        ]
        _ = try? await eventLoop.submit {
            self.perform(self.device.transferAppOut(to: target))
        }
        return true
    }
}
