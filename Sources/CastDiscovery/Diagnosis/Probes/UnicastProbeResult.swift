public import CastNet

/// What the unicast probes of one candidate address found (`discover --diagnose --host`).
public struct UnicastProbeResult: Sendable, Hashable {
    /// How one probe ended.
    public enum Outcome: Sendable, Hashable {
        /// Answered after `milliseconds`; `detail` says what came back.
        case answered(milliseconds: Int, detail: String)
        /// No usable answer; `reason` says what happened (refused, timed out, malformed…).
        case failed(reason: String)
        /// Not tried.
        case skipped

        /// True for `.answered`.
        public var answered: Bool {
            if case .answered = self { return true }
            return false
        }

        /// `answered in 12 ms: …`, `no answer: …`, `not tried`.
        public var text: String {
            switch self {
            case .answered(let milliseconds, let detail):
                return "answered in \(milliseconds) ms" + (detail.isEmpty ? "" : ": \(detail)")
            case .failed(let reason): return "no: \(reason)"
            case .skipped: return "not tried"
            }
        }
    }

    /// The address probed.
    public var address: IPAddress
    /// An mDNS query for `_googlecast._tcp.local` PTR sent to ADDR:5353 (answered by unicast, RFC 6762 §6.7).
    public var mdns: Outcome
    /// The instance names and friendly names of the mDNS answer.
    public var instances: [String]
    /// A TCP connect to the Cast port.
    public var tcp: Outcome
    /// A TLS handshake (and Cast channel) on the Cast port.
    public var tls: Outcome
    /// `GET /setup/eureka_info` on the HTTP port.
    public var http: Outcome
    /// The Cast port probed (8009 on devices).
    public var castPort: UInt16 = 8009
    /// The HTTP port probed (8008 on devices).
    public var httpPort: UInt16 = 8008
    /// Why this address was probed: nil when the user named it (`--host`, known devices), else the guess
    /// ("seen before", "Google OUI neighbour"), whose silence is no warning.
    public var guess: String?

    /// Creates a result.
    public init(
        address: IPAddress, mdns: Outcome = .skipped, instances: [String] = [], tcp: Outcome = .skipped,
        tls: Outcome = .skipped, http: Outcome = .skipped
    ) {
        self.address = address
        self.mdns = mdns
        self.instances = instances
        self.tcp = tcp
        self.tls = tls
        self.http = http
    }

    /// True when the setup API answered 200 with JSON.
    public var setupAPIAnswered = false

    /// True when the device answered anything: it is there and reachable by unicast.
    public var reachable: Bool { mdns.answered || tcp.answered || tls.answered || http.answered }

    /// True when what answered is a Cast device: a `_googlecast` PTR, a Cast channel over TLS, or the setup API's
    /// JSON (an open port 8009 or an HTTP 404 could be any host).
    public var castEvidence: Bool { !instances.isEmpty || tls.answered || setupAPIAnswered }

    /// Evidence lines: one per probe.
    public var evidence: [String] {
        var lines = guess.map { ["\(address): probed as a guess (\($0))"] } ?? []
        lines.append("\(address): mDNS unicast query \(mdns.text)")
        if !instances.isEmpty { lines.append("\(address): instances \(instances.joined(separator: ", "))") }
        lines.append("\(address): TCP \(castPort) \(tcp.text)")
        lines.append("\(address): TLS \(castPort) \(tls.text)")
        lines.append("\(address): HTTP \(httpPort) eureka_info \(http.text)")
        return lines
    }
}
