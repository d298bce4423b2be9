public import CastMedia

/// How `media check` fetches and what it judges against.
public struct MediaCheckOptions: Sendable {
    /// The device model the verdict is for.
    public var model: DeviceModel
    /// The contentType the LOAD will carry, when known: a receiver picks its player (HLS, DASH, the media element)
    /// by it, so it must fit what the URL serves.
    public var contentType: String?
    /// The `Origin` a Web Receiver's requests carry (CORS is judged for it).
    public var origin: String
    /// The User-Agent sent, shaped like a Cast device's Chrome.
    public var userAgent: String
    /// How much of a file's head (and of each manifest, segment or index) is read.
    public var headBytes: Int
    /// Each request's timeout, in seconds.
    public var timeout: Double
    /// The public CA bundle https servers are judged against.
    public var trustBundlePath: String
    /// How many HLS variants' playlists are fetched to see that they answer.
    public var variantLimit: Int

    /// The Default Media Receiver's origin: Google serves it from www.gstatic.com.
    public static let defaultOrigin = "https://www.gstatic.com"
    /// A Chromecast's User-Agent shape: Chrome on Linux with the `CrKey` token receivers' Chrome adds.
    public static let defaultUserAgent = "Mozilla/5.0 (X11; Linux aarch64) AppleWebKit/537.36 (KHTML, like Gecko) "
        + "Chrome/114.0.0.0 Safari/537.36 CrKey/1.56.500000 (castscope media check)"

    /// Options judging for `model`, with the defaults above (2 MiB heads, 10 s per request, Debian's bundle).
    public init(model: DeviceModel = .strictest, contentType: String? = nil, origin: String = defaultOrigin,
                userAgent: String = defaultUserAgent, headBytes: Int = 2 << 20, timeout: Double = 10,
                trustBundlePath: String = "/etc/ssl/certs/ca-certificates.crt", variantLimit: Int = 16) {
        self.model = model
        self.contentType = contentType
        self.origin = origin
        self.userAgent = userAgent
        self.headBytes = headBytes
        self.timeout = timeout
        self.trustBundlePath = trustBundlePath
        self.variantLimit = variantLimit
    }
}
