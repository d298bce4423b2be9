public import CastLog

/// One thing the inspector wants a person to look at, with a stable code (documented in Docs/inspect.md).
public struct Finding: Sendable, Hashable {
    /// How bad it is.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// Worth knowing.
        case info
        /// Likely a problem.
        case warn
        /// A failure.
        case error

        private var rank: Int { self == .info ? 0 : self == .warn ? 1 : 2 }
        /// Orders info < warn < error.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How bad it is.
    public var severity: Severity
    /// Stable code, e.g. `cast.no-reply`.
    public var code: String
    /// One line for people.
    public var summary: String
    /// More detail (values, what to do).
    public var detail: String
    /// Capture time it refers to.
    public var time: LogTimestamp?
    /// The flow (`ip:port-ip:port`) it refers to, if any.
    public var flow: String?

    /// A finding from its parts.
    public init(_ severity: Severity, _ code: String, _ summary: String, detail: String = "",
                time: LogTimestamp? = nil, flow: String? = nil) {
        self.severity = severity
        self.code = code
        self.summary = summary
        self.detail = detail
        self.time = time
        self.flow = flow
    }
}
