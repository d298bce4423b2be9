/// One reason in a `media check` verdict: a stable code scripts can match, how much it weighs, what was found and
/// what to do about it.
public struct MediaReason: Sendable, Hashable {
    /// How a reason weighs on the verdict.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// The device will not play it.
        case error
        /// It may fail on some devices or for some uses (seeking, another model).
        case warning
        /// Worth knowing; no effect on playback.
        case info

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
        private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
    }

    /// The stable codes (Docs/media.md lists each with its cause).
    public enum Code: String, Sendable, Hashable, CaseIterable {
        case badURL = "bad-url"
        case httpStatus = "http-status"
        case redirectLoop = "redirect-loop"
        case loopbackURL = "loopback-url"
        case linkLocalURL = "link-local-url"
        case localName = "local-name"
        case unresolved = "unresolved"
        case connectFailed = "connect-failed"
        case fetchFailed = "fetch-failed"
        case tlsFailed = "tls-failed"
        case tlsUntrusted = "tls-untrusted"
        case tlsHostname = "tls-hostname"
        case corsMissing = "cors-missing"
        case codecUnsupported = "codec-unsupported"
        case codecUnknown = "codec-unknown"
        case codecsMismatch = "codecs-mismatch"
        case containerUnsupported = "container-unsupported"
        case containerUnknown = "container-unknown"
        case contentTypeMismatch = "content-type-mismatch"
        case rangeUnsupported = "range-unsupported"
        case mixedContent = "mixed-content"
        case timeout = "timeout"
        case resolutionTooHigh = "resolution-too-high"
        case passthroughOnly = "passthrough-only"
        case encryptionUnsupported = "encryption-unsupported"
        case indexAtEnd = "index-at-end"
        case mediaMalformed = "media-malformed"
        case variantUnreachable = "variant-unreachable"
    }

    public var code: Code
    public var severity: Severity
    /// What was found, in one sentence (may quote server data: escape it before printing to a terminal).
    public var message: String
    /// What to change.
    public var fix: String
    /// Which fetch it concerns (`media`, `variant`, `init`, `segment`, `index`), nil when it is about the whole.
    public var resource: String?

    /// A reason with `code`.
    public init(_ code: Code, _ severity: Severity, _ message: String, fix: String) {
        self.code = code
        self.severity = severity
        self.message = message
        self.fix = fix
    }
}

/// What `media check` concludes.
public enum MediaVerdict: String, Sendable, Hashable {
    /// Fetchable and decodable by the model.
    case playable
    /// At least one error-severity reason.
    case notPlayable = "not-playable"
    /// No error found, but what the media holds could not be told (unknown container or codecs).
    case unknown

    /// The verdict for `reasons`, `unknown` when no error was found but `determined` is false.
    public init(reasons: [MediaReason], determined: Bool) {
        if reasons.contains(where: { $0.severity == .error }) {
            self = .notPlayable
        } else {
            self = determined ? .playable : .unknown
        }
    }

    /// `media check`'s exit status: 0 playable, 1 not playable, 2 unknown.
    public var exitStatus: Int32 {
        switch self {
        case .playable: 0
        case .notPlayable: 1
        case .unknown: 2
        }
    }
}
