/// What one Cast device model decodes, from Google's "Supported Media for Google Cast" page
/// (https://developers.google.com/cast/docs/media, the per-model "Video codecs" and "Audio codecs" lists and the
/// shared "Media container formats" list). One row per model; `Docs/media.md` prints the table with its caveats.
public struct DeviceModel: Sendable, Hashable {
    /// The `--model` name.
    public var id: String
    /// The product's name.
    public var name: String
    /// The video decoders: family → the highest level (tenths) and the profiles it takes (nil: any the page lists).
    public var video: [CodecIdentity.Family: VideoLimit]
    /// Audio the device decodes itself.
    public var audio: Set<CodecIdentity.Family>
    /// Audio passed to the TV or receiver over HDMI undecoded: plays only when that equipment decodes it.
    public var passthrough: Set<CodecIdentity.Family>
    /// The tallest picture the device outputs, nil for audio-only devices.
    public var maxHeight: Int?

    /// A video decoder's limit.
    public struct VideoLimit: Sendable, Hashable {
        /// The highest level, in tenths (4.1 → 41).
        public var level: Int
        /// The profile numbers accepted (AVC profile_idc, HEVC profile, VP9/AV1 profile); empty means any.
        public var profiles: Set<Int>
        /// How the page words it, for messages ("High Profile up to level 4.1").
        public var wording: String
    }

    /// True for speakers and audio dongles.
    public var isAudioOnly: Bool { maxHeight == nil }

    /// The containers every Cast receiver reads (the page's "Media container formats": MP2T, MP3, MP4, OGG, WAV,
    /// WebM), plus fragmented MP4 and ADTS/FLAC streams, which the same demuxers handle.
    public static let containers: Set<String> = ["mp4", "fmp4", "webm", "mpeg-ts", "mp3", "ogg", "wav", "flac",
                                                 "adts", "hls", "dash"]
    /// The audio every model decodes (the page: HE-AAC, LC-AAC, CELT/Opus, MP3, Vorbis, WAV/LPCM, FLAC up to
    /// 96 kHz/24 bit).
    static let commonAudio: Set<CodecIdentity.Family> = [.aac, .mp3, .opus, .vorbis, .flac, .pcm]

    static let h264High: Set<Int> = [66, 77, 100]  // Constrained Baseline/Baseline, Main, High
    static func h264(_ level: Int) -> VideoLimit {
        VideoLimit(level: level, profiles: h264High,
                   wording: "High Profile up to level \(CodecIdentity.levelName(level))")
    }
    static func hevc(_ level: Int, main10: Bool = true) -> VideoLimit {
        VideoLimit(level: level, profiles: main10 ? [1, 2] : [1],
                   wording: (main10 ? "Main and Main10" : "Main") + " up to level \(CodecIdentity.levelName(level))")
    }
    static func vp9(_ level: Int, profile2: Bool = true) -> VideoLimit {
        VideoLimit(level: level, profiles: profile2 ? [0, 2] : [0],
                   wording: (profile2 ? "Profile 0 and 2" : "Profile 0")
                       + " up to level \(CodecIdentity.levelName(level))")
    }
    static let vp8 = VideoLimit(level: 0, profiles: [], wording: "up to 1080p/30 fps")

    /// The models `--model` knows, strictest first.
    public static let all: [DeviceModel] = [
        DeviceModel(id: "chromecast-gen1", name: "Chromecast (1st gen)", video: [.h264: h264(41), .vp8: vp8],
                    audio: commonAudio, passthrough: [], maxHeight: 1080),
        DeviceModel(id: "chromecast-gen2", name: "Chromecast (2nd gen)", video: [.h264: h264(41), .vp8: vp8],
                    audio: commonAudio, passthrough: [.ac3, .eac3], maxHeight: 1080),
        DeviceModel(id: "chromecast-gen3", name: "Chromecast (3rd gen)", video: [.h264: h264(42), .vp8: vp8],
                    audio: commonAudio, passthrough: [.ac3, .eac3], maxHeight: 1080),
        DeviceModel(id: "chromecast-ultra", name: "Chromecast Ultra",
                    video: [.h264: h264(42), .hevc: hevc(51), .vp8: vp8, .vp9: vp9(51), .dolbyVision: dolbyVision],
                    audio: commonAudio, passthrough: [.ac3, .eac3], maxHeight: 2160),
        DeviceModel(id: "google-tv-hd", name: "Chromecast with Google TV (HD)",
                    video: [.h264: h264(41), .hevc: hevc(41, main10: false), .vp9: vp9(41, profile2: false),
                            .av1: VideoLimit(level: 41, profiles: [0], wording: "Main up to level 4.1")],
                    audio: commonAudio.union([.ac3, .eac3]), passthrough: [], maxHeight: 1080),
        DeviceModel(id: "google-tv-4k", name: "Chromecast with Google TV (4K)",
                    video: [.h264: h264(51), .hevc: hevc(51), .vp9: vp9(51), .dolbyVision: dolbyVision],
                    audio: commonAudio.union([.ac3, .eac3]), passthrough: [], maxHeight: 2160),
        DeviceModel(id: "nest-hub", name: "Google Nest Hub", video: [.h264: h264(41), .vp9: vp9(41, profile2: false)],
                    audio: commonAudio, passthrough: [], maxHeight: 720),
        DeviceModel(id: "chromecast-audio", name: "Chromecast Audio", video: [:], audio: commonAudio, passthrough: [],
                    maxHeight: nil),
        DeviceModel(id: "nest-audio", name: "Google Nest Audio / Home / Nest Mini", video: [:], audio: commonAudio,
                    passthrough: [], maxHeight: nil),
    ]

    static let dolbyVision = VideoLimit(level: 0, profiles: [], wording: "Dolby Vision profiles 4, 5 and 8")

    /// `any`: a device that plays whatever some model plays — a file failing here plays on no Cast device.
    public static let any: DeviceModel = {
        var model = DeviceModel(id: "any", name: "any Cast device", video: [:], audio: [], passthrough: [],
                                maxHeight: 2160)
        for row in all {
            model.audio.formUnion(row.audio)
            for (family, limit) in row.video {
                if let kept = model.video[family], kept.level >= limit.level,
                   kept.profiles.isSuperset(of: limit.profiles) {
                    continue
                }
                var merged = limit
                if let kept = model.video[family] {
                    merged.level = max(kept.level, limit.level)
                    merged.profiles = kept.profiles.union(limit.profiles)
                    merged.wording = "up to level \(CodecIdentity.levelName(merged.level)) on the best model"
                }
                model.video[family] = merged
            }
        }
        return model
    }()

    /// The model `media check` judges by when none is named: the strictest video model.
    public static var strictest: DeviceModel { all[0] }

    /// The model named `id` (`any` included), nil for an unknown name.
    public static func named(_ id: String) -> DeviceModel? {
        id == "any" ? any : all.first { $0.id == id }
    }

    /// The row for a device's advertised model name (the `md` TXT key: "Chromecast Ultra", "Google Nest Hub"…),
    /// nil when the name is not one of these. Every Chromecast generation advertises plain "Chromecast", so that
    /// name gets the 2nd generation's row (the 1st and 2nd decode the same; the 3rd adds only H.264 level 4.2).
    public static func advertised(_ modelName: String) -> DeviceModel? {
        let name = modelName.lowercased()
        let id: String
        switch true {
        case name.contains("ultra"): id = "chromecast-ultra"
        case name.contains("chromecast audio"): id = "chromecast-audio"
        case name.contains("google tv") && name.contains("hd"), name == "chromecast hd": id = "google-tv-hd"
        case name.contains("google tv"): id = "google-tv-4k"
        case name.contains("hub"): id = "nest-hub"
        case name.contains("home"), name.contains("mini"), name.contains("nest audio"), name.contains("cast group"):
            id = "nest-audio"
        case name == "chromecast": id = "chromecast-gen2"
        default: return nil
        }
        return named(id)
    }

    /// Every `--model` name, for usage text and errors.
    public static var names: [String] { all.map(\.id) + ["any"] }
}
