public import CastFetch
import CastMedia

/// What a device answers to a LOAD once it has fetched the media: nothing to add (it plays), or the LOAD_FAILED
/// `detailedErrorCode` a Web Receiver reports for the first error found (Docs/media.md has the table).
public struct MediaFetchOutcome: Sendable, Hashable {
    /// The detailed error code, nil when the media plays.
    public var detailedErrorCode: Int?
    /// One line for the device's log: the verdict and the reason behind the code.
    public var summary: String

    /// The outcome a forced code (the `media-fetch` fault) gives.
    public static func forced(_ code: Int) -> MediaFetchOutcome {
        MediaFetchOutcome(detailedErrorCode: code, summary: "media-fetch fault: failing with \(code)")
    }

    /// The outcome of `report`: its first error mapped to the code a receiver's player raises for it.
    public init(report: MediaCheckReport) {
        guard let error = report.reasons.first(where: { $0.severity == .error }) else {
            detailedErrorCode = nil
            summary = "media check: \(report.verdict.rawValue) on \(report.model.name)"
            return
        }
        let code = Self.code(for: error, container: report.container)
        detailedErrorCode = code
        summary = "media check: \(report.verdict.rawValue) (\(error.code.rawValue): \(error.message)) → \(code)"
    }

    init(detailedErrorCode: Int?, summary: String) {
        self.detailedErrorCode = detailedErrorCode
        self.summary = summary
    }

    /// The Web Receiver detailed error code for `reason` in a `container` stream: a network failure is the
    /// media element's (103) for progressive media, the playlist's or manifest's (311/312, 321) or the segment's
    /// (301) for streams, DASH's missing initialization 322; what cannot be decoded is 104; a manifest that does not
    /// read is 411/420; anything else the generic LOAD_FAILED 905.
    static func code(for reason: MediaReason, container: String?) -> Int {
        switch reason.code {
        case .codecUnsupported, .containerUnsupported, .resolutionTooHigh, .badURL: return 104
        case .encryptionUnsupported: return 202
        case .mediaMalformed: return container == "hls" ? 411 : container == "dash" ? 420 : 102
        case .contentTypeMismatch: return container == "hls" ? 411 : container == "dash" ? 420 : 104
        case .httpStatus, .connectFailed, .fetchFailed, .timeout, .unresolved, .tlsFailed, .tlsUntrusted,
             .tlsHostname, .loopbackURL, .linkLocalURL, .localName, .redirectLoop, .corsMissing, .variantUnreachable:
            switch (container, reason.resource) {
            case ("hls", "variant"?): return 312
            case ("hls", "segment"?), ("dash", "segment"?), ("hls", "init"?): return 301
            case ("dash", "init"?): return 322
            case ("hls", _): return 311
            case ("dash", _): return 321
            default: return 103
            }
        default: return 905
        }
    }
}
