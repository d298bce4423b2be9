import Foundation

/// The media types servers and LOAD messages use for each container, and what a mismatch costs.
enum ContentTypes {
    /// The types each container is served or loaded as (lower case; IANA and the common unregistered ones).
    static let byContainer: [String: Set<String>] = [
        "mp4": ["video/mp4", "audio/mp4", "application/mp4", "video/quicktime", "audio/x-m4a", "audio/m4a"],
        "fmp4": ["video/mp4", "audio/mp4", "application/mp4", "video/iso.segment", "audio/x-m4a", "audio/m4a"],
        "webm": ["video/webm", "audio/webm"],
        "matroska": ["video/x-matroska", "audio/x-matroska", "video/webm"],
        "mpeg-ts": ["video/mp2t", "video/mpeg", "audio/mp2t"],
        "hls": ["application/vnd.apple.mpegurl", "application/x-mpegurl", "audio/mpegurl", "audio/x-mpegurl",
                "video/x-mpegurl"],
        "dash": ["application/dash+xml", "video/vnd.mpeg.dash.mpd"],
        "mp3": ["audio/mpeg", "audio/mp3", "audio/mpeg3", "audio/x-mpeg"],
        "adts": ["audio/aac", "audio/aacp", "audio/x-aac"],
        "flac": ["audio/flac", "audio/x-flac"],
        "wav": ["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave"],
        "ogg": ["audio/ogg", "video/ogg", "application/ogg", "audio/opus"],
    ]

    /// Whether a receiver hands URLs of `container` to a streaming player (which fetches by XHR, needing CORS).
    static func isStream(_ container: String?) -> Bool { container == "hls" || container == "dash" }

    /// `type` without parameters, lower-cased (`Video/MP4; codecs=…` → `video/mp4`).
    static func bare(_ type: String) -> String {
        type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }

    /// The container a LOAD's contentType asks the receiver to play as, nil when it names none.
    static func container(declared type: String) -> String? {
        let bare = bare(type)
        if byContainer["hls", default: []].contains(bare) { return "hls" }
        if byContainer["dash", default: []].contains(bare) { return "dash" }
        // Sorted, so a type two containers share (video/mp4: mp4 and fmp4) always names the same one.
        return byContainer.keys.sorted().first { byContainer[$0, default: []].contains(bare) }
    }
}
