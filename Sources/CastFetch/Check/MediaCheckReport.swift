public import CastMedia

/// Everything `media check` found about one URL: the fetches, what the media holds, and the reasons for its verdict.
public struct MediaCheckReport: Sendable {
    /// The URL asked about.
    public var url: String
    /// Where the redirects ended.
    public var finalURL: String?
    /// The URLs redirected to, in order.
    public var redirects: [String] = []
    /// The model judged for.
    public var model: DeviceModel
    /// The main URL's answer.
    public var http: HTTPSummary?
    /// `mp4`, `fmp4`, `webm`, `mpeg-ts`, `hls`, `dash`, `mp3`… (nil when unrecognised).
    public var container: String?
    /// The tracks found (the first segment's for a stream).
    public var tracks: [MediaTrack] = []
    /// An HLS master playlist's variants, with what the model makes of each.
    public var variants: [VariantSummary] = []
    /// Every request made, in order.
    public var fetches: [FetchSummary] = []
    /// What stands between the URL and playback, most severe first.
    public var reasons: [MediaReason] = []
    /// Whether the container and codecs could be told (else, without errors, the verdict is `unknown`).
    public var determined = false

    /// The verdict the reasons give.
    public var verdict: MediaVerdict { MediaVerdict(reasons: reasons, determined: determined) }

    /// Every codec string found, without repeats, tracks first then variants'.
    public var codecs: [String] {
        var seen: [String] = []
        for codec in tracks.map(\.codec) + variants.flatMap(\.codecs) where !seen.contains(codec) { seen.append(codec) }
        return seen
    }

    /// A report on `url` for `model`, nothing found yet.
    public init(url: String, model: DeviceModel) {
        self.url = url
        self.model = model
    }
}

/// The main URL's HTTP answer as the device would see it.
public struct HTTPSummary: Sendable, Hashable {
    public var status: Int
    public var headStatus: Int?
    /// The Content-Type's media type.
    public var contentType: String?
    /// The whole resource's size, from Content-Range or Content-Length.
    public var size: Int?
    /// The `Accept-Ranges` value, nil when absent.
    public var acceptRanges: String?
    /// Whether the range request was answered with 206.
    public var rangeHonoured: Bool
    /// The `Access-Control-Allow-Origin` value, nil when absent.
    public var allowOrigin: String?
    /// Whether that value admits the receiver's origin.
    public var corsAllowed: Bool
    /// Whether the receiver needs CORS here (adaptive streams fetch by XHR).
    public var corsRequired: Bool
    /// The address connected to.
    public var peerAddress: String?
    /// `trusted`, `untrusted`, `hostname-mismatch`, or nil for plain http.
    public var tls: String?
}

/// One HLS variant and the model's view of it.
public struct VariantSummary: Sendable, Hashable {
    public var uri: String
    public var bandwidth: Int?
    public var codecs: [String]
    public var width: Int?
    public var height: Int?
    /// Whether the model plays it (its codecs and size).
    public var playable: Bool
    /// The playlist's HTTP status when it was fetched.
    public var status: Int?
}

/// One request `media check` made.
public struct FetchSummary: Sendable, Hashable {
    /// What the request was for: `media`, `head`, `index`, `variant`, `segment`, `init`, `key`.
    public var role: String
    public var method: String
    public var url: String
    /// 0 when no answer came.
    public var status: Int
    public var bytes: Int
    public var seconds: Double
}
