/// What an RFC 6381 codec string says about the decoder it needs: the codec family, and for video the profile and
/// level, read from the string's fields (ISO/IEC 14496-15 Annex E for AVC/HEVC, the VP9 and AV1 ISO BMFF bindings).
public struct CodecIdentity: Sendable, Hashable {
    /// The decoder families device tables are written in.
    public enum Family: String, Sendable, Hashable, CaseIterable {
        case h264, hevc, vp8, vp9, av1, dolbyVision = "dolby-vision", mpeg2Video = "mpeg-2-video"
        case aac, mp3, mp2, opus, vorbis, flac, pcm, ac3 = "ac-3", eac3 = "e-ac-3", ac4 = "ac-4", dts
        case unknown

        /// True for the picture codecs.
        public var isVideo: Bool { [.h264, .hevc, .vp8, .vp9, .av1, .dolbyVision, .mpeg2Video].contains(self) }

        /// How the family is named to users.
        public var displayName: String {
            switch self {
            case .h264: "H.264"
            case .hevc: "HEVC/H.265"
            case .vp8: "VP8"
            case .vp9: "VP9"
            case .av1: "AV1"
            case .dolbyVision: "Dolby Vision"
            case .mpeg2Video: "MPEG-2 video"
            case .mp2: "MPEG audio layer II"
            case .aac: "AAC"
            case .mp3: "MP3"
            case .opus: "Opus"
            case .vorbis: "Vorbis"
            case .flac: "FLAC"
            case .pcm: "PCM"
            case .ac3: "Dolby Digital (AC-3)"
            case .eac3: "Dolby Digital Plus (E-AC-3)"
            case .ac4: "Dolby AC-4"
            case .dts: "DTS"
            case .unknown: "unknown codec"
            }
        }
    }

    /// The codec string as given.
    public var codec: String
    public var family: Family
    /// The profile number (AVC profile_idc, HEVC general_profile_idc, VP9/AV1 profile), when the string has one.
    public var profile: Int?
    /// The level as tenths of the level's name (4.1 → 41, 5.1 → 51), whatever the codec's own coding.
    public var level: Int?

    /// Reads `codec` (`avc1.64001F`, `hvc1.2.4.L153.B0`, `vp09.00.41.08`, `av01.0.09M.08`, `mp4a.40.2`, `ec-3`…).
    public init(codec: String) {
        self.codec = codec
        let fields = codec.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let entry = fields.first?.lowercased() ?? ""
        switch entry {
        case "avc1", "avc3":
            family = .h264
            if fields.count > 1, fields[1].count == 6, let value = Int(fields[1], radix: 16) {
                profile = value >> 16
                let levelIDC = value & 0xFF
                level = levelIDC == 9 ? 10 : levelIDC  // level_idc 9 is level 1b
            }
        case "hvc1", "hev1":
            family = .hevc
            if fields.count > 1 { profile = Int(fields[1].drop { !$0.isNumber }) }
            // general_level_idc is one byte: 30 × the level (L153 is 5.1).
            if fields.count > 3, let tierLevel = Int(fields[3].dropFirst()), (0...255).contains(tierLevel) {
                level = tierLevel * 10 / 30
            }
        case "dvh1", "dvhe", "dva1", "dvav", "dav1":
            family = .dolbyVision
            if fields.count > 1 { profile = Int(fields[1]) }
        case "vp8", "vp08": family = .vp8
        case "vp9", "vp09":
            family = .vp9
            if fields.count > 2 {
                profile = Int(fields[1])
                level = Int(fields[2]).flatMap { (0...99).contains($0) ? $0 : nil }
            }
        case "av01":
            family = .av1
            if fields.count > 2 {
                profile = Int(fields[1])
                if let index = Int(fields[2].prefix(2)) { level = (2 + index / 4) * 10 + index % 4 }
            }
        case "mp4a": family = Self.mpeg4AudioFamily(fields)
        case "mp3", ".mp3": family = .mp3
        case "mp2": family = .mp2
        case "mp2v", "mpeg2": family = .mpeg2Video
        case "opus", "op": family = .opus
        case "vorbis": family = .vorbis
        case "flac", "fla": family = .flac
        case "lpcm", "pcm", "sowt", "twos", "ipcm", "fpcm", "wav": family = .pcm
        case "ac-3", "ac3": family = .ac3
        case "ec-3", "eac3", "ec3": family = .eac3
        case "ac-4": family = .ac4
        case "dtsc", "dtsh", "dtsl", "dtse", "dtsx": family = .dts
        default: family = .unknown
        }
    }

    /// MPEG-4 audio: object type 0x40 with AAC object types 1–6, 29 (HE-AAC v2) or 42 (xHE-AAC) is AAC, 34 is
    /// MP3; object types 0x66–0x68 are MPEG-2 AAC, 0x69 and 0x6B MP3 (RFC 6381 §3.3, MP4RA object types).
    private static func mpeg4AudioFamily(_ fields: [String]) -> Family {
        guard fields.count > 1 else { return .aac }
        switch fields[1].uppercased() {
        case "40": return fields.count > 2 && fields[2] == "34" ? .mp3 : .aac
        case "66", "67", "68": return .aac
        case "69", "6B": return .mp3
        case "A5": return .ac3
        case "A6": return .eac3
        case "A9", "AC": return .dts
        case "AD": return .opus
        default: return .unknown
        }
    }

    /// "4.1" from 41.
    public static func levelName(_ level: Int) -> String { "\(level / 10).\(level % 10)" }
}
