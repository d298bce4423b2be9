import CastNet
import CastWire

/// The answer-side checks of `--diagnose`: traffic counts, incomplete instances, TXT problems, AAAA-only hosts,
/// goodbyes and backend disagreement.
enum AnswerChecks {
    /// Queries sent and answers received per interface, with the first-answer delay.
    static func traffic(_ statistics: MDNSQuerierStatistics, interfaces: [NetworkInterface]) -> [DiagnosticCheck] {
        var evidence: [String] = []
        for interface in interfaces {
            let stats = statistics.interfaces[interface.index] ?? MDNSInterfaceStatistics()
            let oneShot = stats.oneShotQueriesSent > 0 ? " (\(stats.oneShotQueriesSent) one-shot)" : ""
            var line =
                "\(interface.name): \(stats.queriesSent) queries sent\(oneShot), \(stats.responsesReceived) responses, "
                + "\(stats.serviceAnswers) with _googlecast, \(stats.queriesSeen) queries from other hosts"
            if let delay = stats.firstAnswerDelay { line += ", first answer after \(milliseconds(delay)) ms" }
            if stats.malformedPackets > 0 { line += ", \(stats.malformedPackets) malformed" }
            if stats.droppedOverInterfaceCap + stats.droppedOverNameCap + stats.droppedOversizedTXT > 0 {
                line +=
                    ", \(stats.droppedOverInterfaceCap + stats.droppedOverNameCap + stats.droppedOversizedTXT) records over the caps"
            }
            evidence.append(line)
        }
        let total = statistics.total
        var checks: [DiagnosticCheck] = []
        if total.queriesSent == 0 {
            checks.append(
                DiagnosticCheck(
                    id: "traffic", status: .fail, summary: "no query could be sent", evidence: evidence,
                    fix: "check the interface selection and that sending multicast is allowed"))
        } else if total.responsesReceived == 0 && total.queriesSeen == 0 {
            checks.append(
                DiagnosticCheck(
                    id: "traffic", status: .fail, summary: "no mDNS packet from any other host arrived",
                    evidence: evidence,
                    fix:
                        "check the firewall here and on the router (client/AP isolation, multicast filtering, IGMP snooping, VLANs)"
                ))
        } else if total.serviceAnswers == 0 {
            checks.append(
                DiagnosticCheck(
                    id: "traffic", status: .fail, summary: "mDNS works, but no host answered for _googlecast._tcp",
                    evidence: evidence,
                    fix:
                        "the Cast device is off, on another network/VLAN, or multicast between it and this host is filtered"
                ))
        } else {
            checks.append(
                DiagnosticCheck(
                    id: "traffic", status: .ok, summary: "\(total.serviceAnswers) _googlecast answer(s) received",
                    evidence: evidence))
        }
        if total.goodbyes > 0 {
            checks.append(
                DiagnosticCheck(
                    id: "goodbyes", status: .warn,
                    summary: "\(total.goodbyes) goodbye record(s) (TTL 0): a device withdrew",
                    evidence: evidence.filter { _ in false },
                    fix: "a device that keeps saying goodbye is restarting or leaving the network"))
        } else {
            checks.append(DiagnosticCheck(id: "goodbyes", status: .ok, summary: "no goodbyes"))
        }
        return checks
    }

    /// Instances lacking SRV, TXT or addresses; AAAA-only hosts; TXT problems.
    static func instances(_ instances: [MDNSServiceInstance]) -> [DiagnosticCheck] {
        var checks: [DiagnosticCheck] = []
        let incomplete = instances.filter { !$0.isResolved }
        if incomplete.isEmpty {
            checks.append(
                DiagnosticCheck(
                    id: "incomplete", status: .ok,
                    summary: instances.isEmpty
                        ? "no instance named, nothing to resolve"
                        : "all \(instances.count) instance(s) resolved (SRV, TXT, address)"))
        } else {
            checks.append(
                DiagnosticCheck(
                    id: "incomplete", status: .fail,
                    summary:
                        "\(incomplete.count) instance(s) answered PTR but lack \(Set(incomplete.flatMap(\.missingParts)).sorted().joined(separator: "/"))",
                    evidence: incomplete.map {
                        "\($0.name): missing \($0.missingParts.joined(separator: ", ")) (follow-up queries unanswered)"
                    },
                    fix:
                        "the responder must answer SRV and TXT for its instance and A/AAAA for its host (RFC 6763 §12); fix or restart it"
                ))
        }
        let v6only = instances.filter { $0.host != nil && $0.ipv4Addresses.isEmpty && !$0.ipv6Addresses.isEmpty }
        if v6only.isEmpty {
            checks.append(DiagnosticCheck(id: "aaaa-only", status: .ok, summary: "no AAAA-only host"))
        } else {
            checks.append(
                DiagnosticCheck(
                    id: "aaaa-only", status: .warn, summary: "\(v6only.count) device(s) have only IPv6 addresses",
                    evidence: v6only.map {
                        "\($0.name): \($0.ipv6Addresses.map(\.description).joined(separator: " "))"
                    },
                    fix:
                        "clients that use AF_INET only (older pychromecast, go-chromecast) cannot reach them; enable IPv4"
                ))
        }
        checks += txt(instances.filter { $0.txt != nil }.map { ($0.name.description, $0.castTXT) })
        return checks
    }

    /// TXT records with an invalid `id` or without `fn`.
    static func txt(_ records: [(name: String, txt: CastTXTRecord)]) -> [DiagnosticCheck] {
        var evidence: [String] = []
        for (name, record) in records {
            if !record.hasValidID { evidence.append("\(name): id=\(record.id ?? "(missing)") is not 32 hex digits") }
            if record.friendlyName == nil { evidence.append("\(name): no fn (friendly name)") }
        }
        if evidence.isEmpty {
            return [
                DiagnosticCheck(
                    id: "txt", status: .ok,
                    summary: records.isEmpty
                        ? "no TXT record seen" : "\(records.count) TXT record(s) with a valid id and fn")
            ]
        }
        return [
            DiagnosticCheck(
                id: "txt", status: .fail, summary: "TXT record with an invalid id or missing fn", evidence: evidence,
                fix:
                    "id must be the device UUID as 32 hex digits and fn the friendly name; pychromecast ignores such devices"
            )
        ]
    }

    /// Devices one backend found and the other did not.
    static func compare(builtin: [String: Device], avahi: [String: Device]) -> DiagnosticCheck {
        let onlyBuiltin = Set(builtin.keys).subtracting(avahi.keys).sorted()
        let onlyAvahi = Set(avahi.keys).subtracting(builtin.keys).sorted()
        if onlyBuiltin.isEmpty && onlyAvahi.isEmpty {
            return DiagnosticCheck(
                id: "backends", status: .ok,
                summary: "Avahi and the built-in querier found the same \(builtin.count) device(s)")
        }
        var evidence: [String] = []
        for name in onlyBuiltin { evidence.append("built-in only: \(builtin[name]?.instanceName ?? name)") }
        for name in onlyAvahi { evidence.append("Avahi only: \(avahi[name]?.instanceName ?? name)") }
        return DiagnosticCheck(
            id: "backends", status: .warn, summary: "Avahi and the built-in querier disagree", evidence: evidence,
            fix:
                "compare avahi-daemon's allow-interfaces/deny-interfaces with --interface; a device seen by one only may have answered late"
        )
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        return parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000
    }
}
