public import CastDiscovery
public import CastNet
public import CastWire

extension ReceiverConfiguration {
    /// What the emulator says it can do: video and audio out, with a fixed-or-attenuation volume, as a Chromecast.
    public static let advertisedCapabilities: CastCapabilities = [.videoOut, .audioOut, .attenuationOrFixedVolume]

    /// What a speaker group says it can do: audio out as a multizone group, with a master volume.
    public static let groupCapabilities: CastCapabilities = [.audioOut, .multizoneGroup, .masterOrFixedVolume]
    /// The model name groups publish in `md`.
    public static let groupModel = "Google Cast Group"

    /// The `_googlecast._tcp` TXT record of this device, with the fields and order a real Chromecast publishes.
    public var txtRecord: CastTXTWriter {
        var record = CastTXTWriter(
            id: deviceID, friendlyName: name, model: isGroup ? Self.groupModel : model,
            capabilities: isGroup ? Self.groupCapabilities : Self.advertisedCapabilities)
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
