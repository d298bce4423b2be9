/// Judges what a probe found against one device model: containers, each codec's family, profile and level, the
/// picture size, encryption. Pure: the fetch-related reasons are the checker's.
public struct PlayabilityJudge: Sendable {
    public var model: DeviceModel

    /// A judge for `model`.
    public init(model: DeviceModel) {
        self.model = model
    }

    /// Reasons about the container (`mp4`, `webm`, `mpeg-ts`…; nil when it was not recognised).
    public func judge(container: String?) -> [MediaReason] {
        guard let container else {
            return [MediaReason(.containerUnknown, .warning, "the first bytes match no container castscope reads",
                                fix: "serve MP4, WebM, MPEG-TS, MP3, FLAC, WAV or an HLS/DASH manifest")]
        }
        guard DeviceModel.containers.contains(container) else {
            return [MediaReason(.containerUnsupported, .error, "\(container) is not a container Cast receivers read",
                                fix: "remux into MP4 (ffmpeg -i IN -c copy -movflags +faststart OUT.mp4)")]
        }
        return []
    }

    /// Reasons about one codec string; `height` is the track's or variant's picture height when known.
    public func judge(codec: String, height: Int? = nil, width: Int? = nil) -> [MediaReason] {
        let identity = CodecIdentity(codec: codec)
        let family = identity.family
        if family == .unknown {
            return [MediaReason(.codecUnknown, .warning, "\(codec): a codec castscope cannot place",
                                fix: "check the codec against the device's supported-media list")]
        }
        if family.isVideo { return judgeVideo(identity, height: height, width: width) }
        if model.audio.contains(family) { return [] }
        if model.passthrough.contains(family) {
            return [MediaReason(.passthroughOnly, .warning,
                                "\(codec): \(family.displayName) is passed through HDMI undecoded by \(model.name)",
                                fix: "it plays only when the TV or AV receiver decodes it; add an AAC track")]
        }
        return [MediaReason(.codecUnsupported, .error, "\(codec): \(model.name) does not decode \(family.displayName)",
                            fix: "re-encode the audio as AAC (ffmpeg -c:a aac) or Opus")]
    }

    private func judgeVideo(_ identity: CodecIdentity, height: Int?, width: Int?) -> [MediaReason] {
        let codec = identity.codec, family = identity.family
        if model.isAudioOnly {
            return [MediaReason(.codecUnsupported, .error, "\(codec): \(model.name) plays audio only",
                                fix: "cast an audio-only stream to speakers, or the video to a screen device")]
        }
        guard let limit = model.video[family] else {
            return [MediaReason(.codecUnsupported, .error,
                                "\(codec): \(model.name) does not decode \(family.displayName)",
                                fix: "re-encode as H.264 High Profile "
                                    + "(ffmpeg -c:v libx264 -profile:v high -level 4.1)")]
        }
        var reasons: [MediaReason] = []
        if let profile = identity.profile, !limit.profiles.isEmpty, !limit.profiles.contains(profile) {
            reasons.append(MediaReason(
                .codecUnsupported, .error,
                "\(codec): \(family.displayName) profile \(profile) is beyond \(model.name) (\(limit.wording))",
                fix: "re-encode with a supported profile (H.264: -profile:v high)"))
        }
        if let level = identity.level, limit.level > 0, level > limit.level {
            reasons.append(MediaReason(
                .codecUnsupported, .error,
                "\(codec): level \(CodecIdentity.levelName(level)) is above what \(model.name) decodes "
                    + "(\(limit.wording))",
                fix: "re-encode at level \(CodecIdentity.levelName(limit.level)) or lower, or a smaller picture"))
        }
        if let height, let maxHeight = model.maxHeight, min(height, width ?? height) > maxHeight {
            reasons.append(MediaReason(
                .resolutionTooHigh, .error, "\(codec): a \(width.map { "\($0)×" } ?? "")\(height) picture is taller "
                    + "than \(model.name) shows (\(maxHeight) lines)",
                fix: "offer a \(maxHeight)p rendition"))
        }
        return reasons
    }

    /// Reasons about a protection scheme (`cenc`, `cbcs`, or an HLS key method).
    public func judge(encryption scheme: String) -> [MediaReason] {
        switch scheme.uppercased() {
        case "NONE", "AES-128", "CENC", "CBCS", "CENS", "CBC1", "SAMPLE-AES-CTR", "WEBM": return []
        case "SAMPLE-AES":
            return [MediaReason(.encryptionUnsupported, .warning,
                                "SAMPLE-AES: Cast receivers play it only with a Widevine or ClearKey key system, "
                                    + "not FairPlay",
                                fix: "use CENC/CBCS with Widevine, or AES-128 whole-segment encryption")]
        default:
            return [MediaReason(.encryptionUnsupported, .warning,
                                "\(scheme): a protection scheme castscope cannot place",
                                fix: "use CENC or CBCS with Widevine")]
        }
    }
}
