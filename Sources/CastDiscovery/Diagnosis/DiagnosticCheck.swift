public import CastJSON

/// One check of `castscope discover --diagnose`.
public struct DiagnosticCheck: Sendable, Hashable {
    /// How a check came out.
    public enum Status: String, Sendable, Hashable, Comparable {
        /// Nothing wrong.
        case ok
        /// Something that may explain missing devices or that other tools trip over.
        case warn
        /// Something that stops discovery.
        case fail

        private var rank: Int { self == .ok ? 0 : self == .warn ? 1 : 2 }
        /// ok < warn < fail.
        public static func < (lhs: Status, rhs: Status) -> Bool { lhs.rank < rhs.rank }
    }

    /// Stable identifier (`avahi`, `interfaces`, `route`, `firewall`, `port`, `traffic`, `incomplete`, `aaaa-only`,
    /// `txt`, `goodbyes`, `backends`, `app-filter`, `unicast`, `multicast-path`, `subnet`, `container`, `groups`).
    public var id: String
    /// The outcome.
    public var status: Status
    /// One line saying what was found.
    public var summary: String
    /// What the summary rests on (rule lines, counts, names).
    public var evidence: [String]
    /// What to do about it, when something is wrong.
    public var fix: String?

    /// Creates a check result.
    public init(id: String, status: Status, summary: String, evidence: [String] = [], fix: String? = nil) {
        self.id = id
        self.status = status
        self.summary = summary
        self.evidence = evidence
        self.fix = fix
    }

    /// The check as a JSON object.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.appendUnchecked("id", .string(id))
        object.appendUnchecked("status", .string(status.rawValue))
        object.appendUnchecked("summary", .string(summary))
        object.appendUnchecked("evidence", .array(evidence.map { .string($0) }))
        object.appendUnchecked("fix", fix.map { .string($0) } ?? .null)
        return .object(object)
    }
}
