public import CastJSON

/// The outcome of `castscope discover --diagnose`: every check, the devices seen and a verdict.
public struct DiscoveryDiagnosisReport: Sendable {
    /// The most likely cause, taken from the checks.
    public struct Verdict: Sendable, Hashable {
        /// fail when something stops discovery, warn when something may, ok otherwise.
        public var status: DiagnosticCheck.Status
        /// The check the verdict rests on (nil when all is well).
        public var checkID: String?
        /// The cause in one sentence.
        public var cause: String
        /// What to do.
        public var fix: String?
    }

    /// Checks in the order they ran.
    public var checks: [DiagnosticCheck]
    /// Devices found by any backend during the diagnosis.
    public var devices: [Device]
    /// The verdict.
    public var verdict: Verdict

    /// Check ids from most to least decisive: the first failing one (then the first warning) is the verdict.
    /// The path checks (`subnet`, whose evidence is the device's own address, then the `container` heuristic and
    /// `multicast-path`) come after the host's own failures and before `traffic`, whose
    /// "nothing arrived" they explain.
    static let priority = [
        "firewall", "interfaces", "port", "subnet", "container", "multicast-path", "incomplete", "txt", "traffic", "unicast",
        "groups", "avahi", "aaaa-only", "backends", "route", "goodbyes", "app-filter",
    ]

    /// Builds a report and picks the verdict.
    public init(checks: [DiagnosticCheck], devices: [Device]) {
        self.checks = checks
        self.devices = devices
        let ranked = checks.sorted { lhs, rhs in
            if lhs.status != rhs.status { return lhs.status > rhs.status }
            let left = Self.priority.firstIndex(of: lhs.id) ?? Self.priority.count
            let right = Self.priority.firstIndex(of: rhs.id) ?? Self.priority.count
            return left < right
        }
        if let worst = ranked.first, worst.status != .ok {
            verdict = Verdict(status: worst.status, checkID: worst.id, cause: worst.summary, fix: worst.fix)
        } else {
            verdict = Verdict(
                status: .ok, checkID: nil,
                cause: "discovery works: \(devices.count) device\(devices.count == 1 ? "" : "s") found", fix: nil)
        }
    }

    /// Human-readable report: one block per check, then the verdict.
    public var text: String {
        var lines: [String] = []
        for check in checks {
            lines.append("[\(check.status.rawValue.uppercased())] \(check.id): \(check.summary)")
            for item in check.evidence { lines.append("    \(item)") }
            if let fix = check.fix, check.status != .ok { lines.append("    fix: \(fix)") }
        }
        lines.append("")
        lines.append("verdict (\(verdict.status.rawValue)): \(verdict.cause)")
        if let fix = verdict.fix { lines.append("fix: \(fix)") }
        return lines.joined(separator: "\n")
    }

    /// `{"checks": [...], "devices": [...], "verdict": {...}}`.
    public var jsonValue: JSONValue {
        var verdictObject = JSONObject()
        verdictObject.appendUnchecked("status", .string(verdict.status.rawValue))
        verdictObject.appendUnchecked("check", verdict.checkID.map { .string($0) } ?? .null)
        verdictObject.appendUnchecked("cause", .string(verdict.cause))
        verdictObject.appendUnchecked("fix", verdict.fix.map { .string($0) } ?? .null)
        var object = JSONObject()
        object.appendUnchecked("checks", .array(checks.map(\.jsonValue)))
        object.appendUnchecked("devices", .array(devices.map(\.jsonValue)))
        object.appendUnchecked("verdict", .object(verdictObject))
        return .object(object)
    }
}
