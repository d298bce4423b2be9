import CastNet
public import CastWire

/// The `groups` check of `discover --diagnose`: speaker groups break in their own ways — the group's instance
/// names a leader that no longer answers, members are missing, or the group moved during the listen (a sender
/// holding the old address fails).
public enum GroupChecks {
    /// What was learnt about one group.
    public struct Evidence: Sendable {
        /// The group as discovered.
        public var group: Device
        /// A TCP connect to its address and port.
        public var connect: UnicastProbeResult.Outcome
        /// Its members (MULTIZONE_STATUS), nil when not asked or not answered.
        public var members: [MultizoneDevice]?
        /// Why the members are unknown.
        public var membersFailure: String?

        /// Evidence for a group.
        public init(group: Device, connect: UnicastProbeResult.Outcome, members: [MultizoneDevice]? = nil,
                    membersFailure: String? = nil) {
            self.group = group
            self.connect = connect
            self.members = members
            self.membersFailure = membersFailure
        }
    }

    /// Asks a group for its members: the members, or why not (CastSender's platform client, injected).
    public typealias MembersProbe = @Sendable (Device) async -> (members: [MultizoneDevice]?, failure: String?)

    /// The check over every group found; `endpoints` has, per device id, each place (SRV target and port, shown as
    /// `ADDRESS:PORT`) it was announced at during the listen, in order.
    public static func check(_ groups: [Evidence], devices: [Device], endpoints: [String: [String]])
        -> DiagnosticCheck
    {
        guard !groups.isEmpty else {
            return DiagnosticCheck(id: "groups", status: .ok, summary: "no speaker groups found")
        }
        var evidence: [String] = []
        var problems: [(summary: String, fix: String)] = []
        let known = Set(devices.map { MultizoneDevice.canonical($0.deviceID) })
        for item in groups {
            let group = item.group
            let at = group.endpointDescription
            let seen = endpoints[group.deviceID] ?? []
            if seen.count > 1 {
                evidence.append("\(group.friendlyName): announced at \(seen.joined(separator: ", then "))")
                problems.append((
                    "group \(group.friendlyName) moved during the diagnosis (\(seen.joined(separator: " → "))): its "
                        + "leader changed",
                    "senders must look the group up again before reconnecting; restart an app that keeps failing on "
                        + "the old address (\(seen.first ?? at))"))
            }
            switch item.connect {
            case .answered(let milliseconds, _):
                evidence.append("\(group.friendlyName): \(at) accepts TCP (\(milliseconds) ms)")
            case .failed(let reason):
                evidence.append("\(group.friendlyName): \(at) does not accept TCP: \(reason)")
                problems.append((
                    "group \(group.friendlyName) is announced at \(at), but nothing answers there",
                    "the announcement is stale (its leader moved or left): wait for the group to be announced again, "
                        + "restart the speaker it ran on, or restart avahi-daemon to flush its cache"))
            case .skipped: break
            }
            if let members = item.members {
                let missing = members.filter { !known.contains($0.canonicalID) }
                let names = members.map { $0.name ?? $0.canonicalID }.joined(separator: ", ")
                evidence.append("\(group.friendlyName): members \(names)")
                if !missing.isEmpty {
                    let list = missing.map { "\($0.name ?? "?") (\($0.canonicalID))" }.joined(separator: ", ")
                    problems.append((
                        "group \(group.friendlyName): \(missing.count) of \(members.count) member(s) not discovered: \(list)",
                        "power the missing speakers on and check they are on this network; the group plays without "
                            + "them and fails when its leader is one of them"))
                }
            } else if let failure = item.membersFailure {
                evidence.append("\(group.friendlyName): members unknown (\(failure))")
            }
        }
        guard let first = problems.first else {
            return DiagnosticCheck(
                id: "groups", status: .ok,
                summary: "\(groups.count) speaker group(s); each answers where it is announced", evidence: evidence)
        }
        let summary = problems.count == 1 ? first.summary : "\(first.summary) (and \(problems.count - 1) more)"
        return DiagnosticCheck(
            id: "groups", status: .warn, summary: summary,
            evidence: evidence + problems.dropFirst().map { "also: \($0.summary)" },
            fix: problems.map(\.fix).joined(separator: "; "))
    }

}
