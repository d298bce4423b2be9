/// RFC 6381-style codec strings for Matroska/WebM CodecIDs (the Matroska codec mappings), using CodecPrivate where
/// it holds the same configuration record MP4 uses (avcC, hvcC, av1C, AudioSpecificConfig).
enum MatroskaCodec {
    static func codec(_ id: String, private config: [UInt8]) -> String {
        switch id {
        case "V_VP8": return "vp8"
        case "V_VP9": return "vp9"
        case "V_AV1": return CodecString.av1(config: config[...]) ?? "av01"
        case "V_MPEG4/ISO/AVC": return CodecString.avc("avc1", config: config[...]) ?? "avc1"
        case "V_MPEGH/ISO/HEVC": return CodecString.hevc("hvc1", config: config[...]) ?? "hvc1"
        case "V_MPEG2": return "mp2v"
        case "A_OPUS": return "opus"
        case "A_VORBIS": return "vorbis"
        case "A_FLAC": return "flac"
        case "A_AC3": return "ac-3"
        case "A_EAC3": return "ec-3"
        case "A_MPEG/L3": return "mp3"
        case "A_MPEG/L2": return "mp2"
        case "A_PCM/INT/LIT", "A_PCM/INT/BIG", "A_PCM/FLOAT/IEEE": return "pcm"
        case "A_AAC":
            // AudioSpecificConfig: the first five bits are the audio object type.
            guard let first = config.first, first >> 3 != 0 else { return "mp4a.40.2" }
            return "mp4a.40.\(first >> 3)"
        default:
            if id.hasPrefix("A_AAC/") { return id.hasSuffix("SBR") ? "mp4a.40.5" : "mp4a.40.2" }
            if id.hasPrefix("A_DTS") { return "dtsc" }
            return id
        }
    }
}
