/// What a verified device may play, from its certificates' policies (cast-pki/README.md).
public enum DevicePolicy: String, Sendable, Hashable, CaseIterable {
    /// No restriction: video and audio.
    case unrestricted
    /// The device or an intermediate carries the audio-only policy OID; senders hide video for it.
    case audioOnly = "audio-only"

    /// The certificate policy OID that marks audio-only devices (Chromecast Audio, speakers).
    public static let audioOnlyPolicyOID = "1.3.6.1.4.1.11129.2.5.2"
}
