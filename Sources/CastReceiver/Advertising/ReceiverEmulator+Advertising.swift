public import CastDiscovery
public import CastNet
public import CastWire

extension ReceiverConfiguration {
    /// What the emulator says it can do: video and audio out, with a fixed-or-attenuation volume, as a Chromecast.
    public static let advertisedCapabilities: CastCapabilities = [.videoOut, .audioOut, .attenuationOrFixedVolume]

    /// The `_googlecast._tcp` TXT record of this device, with the fields and order a real Chromecast publishes.
    public var txtRecord: CastTXTWriter {
        var record = CastTXTWriter(
            id: deviceID, friendlyName: name, model: model, capabilities: Self.advertisedCapabilities)
        record.certificateDigest = String(deviceID.prefix(32)).uppercased()
        record.buildSignature = "FA8FCA000000"
        record.networkFeatures = 1
        return record
    }
}

extension ReceiverEmulator {
    /// Publishes the emulator as `_googlecast._tcp` with the built-in mDNS responder on `interfaces`, on the
    /// emulator's loop, for the port `start()` bound; `stop()` the responder to send goodbyes before stopping the
    /// emulator, so browsers drop the device before its port goes away.
    public func advertise(port: UInt16, on interfaces: [NetworkInterface]) async throws(IOError) -> MDNSResponder {
        let configuration = options.configuration
        return try await MDNSResponder.start(
            instance: configuration.name, port: port, txt: configuration.txtRecord.strings, interfaces: interfaces,
            eventLoop: eventLoop)
    }
}
