import CastNet

/// The checks of `--diagnose` about the way between this host and a device (`--host` and known devices): whether
/// the device answers unicast, whether its multicast reaches here, whether it is on a local subnet at all.
enum NetworkPathChecks {
    /// `unicast`: what each candidate answered.
    static func unicast(_ results: [UnicastProbeResult]) -> DiagnosticCheck {
        guard !results.isEmpty else {
            return DiagnosticCheck(
                id: "unicast", status: .ok,
                summary: "no candidate address to probe (name one with --host, or set CASTSCOPE_KNOWN_DEVICES)")
        }
        let evidence = results.flatMap(\.evidence)
        // A guessed address (seen before, a Google OUI) that stays silent is an old or other device, not a problem.
        let silent = results.filter { !$0.reachable && $0.guess == nil }
        if silent.isEmpty {
            return DiagnosticCheck(
                id: "unicast", status: .ok,
                summary: "\(results.filter(\.reachable).count) of \(results.count) candidate(s) answered by unicast",
                evidence: evidence)
        }
        return DiagnosticCheck(
            id: "unicast", status: .warn,
            summary: "\(silent.count) of \(results.count) candidate(s) named answered no unicast probe: "
                + silent.map { "\($0.address)" }.joined(separator: ", "),
            evidence: evidence,
            fix: "check the address (the device's own network settings or the router's lease list), that it is on, "
                + "and that no firewall between here and it drops UDP 5353 and TCP 8008/8009")
    }

    /// `multicast-path`: a device answers unicast but none of its multicast answers arrived while queries went out
    /// (`queries` says which; nil when none did).
    static func multicastPath(
        _ results: [UnicastProbeResult], devices: [Device], queries: String?, interfaces: [NetworkInterface]
    ) -> DiagnosticCheck {
        let seen = Set(devices.flatMap(\.addresses))
        let local = results.filter { result in interfaces.contains { $0.addresses.contains { $0.contains(result.address) } } }
        let lost = local.filter { $0.castEvidence && !seen.contains($0.address) }
        guard let queries, !lost.isEmpty else {
            let answered = local.filter { $0.castEvidence && seen.contains($0.address) }
            return DiagnosticCheck(
                id: "multicast-path", status: .ok,
                summary: answered.isEmpty
                    ? "nothing to compare (no on-link candidate answered unicast)"
                    : "the multicast answers of \(answered.count) probed device(s) arrived")
        }
        var evidence: [String] = []
        for result in lost {
            let name = result.instances.first.map { ", \($0)" } ?? ""
            let answered = [("mDNS unicast", result.mdns), ("TLS", result.tls), ("TCP", result.tcp), ("HTTP", result.http)]
                .filter { $0.1.answered }.map(\.0).joined(separator: ", ")
            evidence.append("\(result.address)\(name): answered \(answered), but no multicast answer from it arrived")
        }
        evidence.append(queries)
        let first = lost[0].address
        return DiagnosticCheck(
            id: "multicast-path", status: .fail,
            summary: "\(lost.count) device(s) answer unicast but their multicast never arrives: multicast is filtered "
                + "between here and the device",
            evidence: evidence,
            fix: "on the Wi-Fi access point or router turn off client/AP isolation and enable multicast (mDNS) "
                + "forwarding, or fix IGMP snooping; meanwhile use castscope cast --device \(first) or "
                + "CASTSCOPE_KNOWN_DEVICES=\"Name=\(first)\"")
    }

    /// `subnet`: candidates on no local interface's subnet (mDNS is link-local: their multicast cannot arrive);
    /// `all` are every interface of the host, selected or not.
    static func subnet(
        _ results: [UnicastProbeResult], interfaces: [NetworkInterface], all: [NetworkInterface] = [], devices: [Device]
    ) -> DiagnosticCheck {
        let seen = Set(devices.flatMap(\.addresses))
        // This host's own addresses (loopback, a local emulator) and any local interface's subnet, selected or not,
        // are no router away.
        let local = all + interfaces
        let remote = results.filter { result in
            !result.address.isLoopback && !local.contains { $0.addresses.contains { $0.contains(result.address) } }
        }
        guard !remote.isEmpty else {
            return DiagnosticCheck(
                id: "subnet", status: .ok,
                summary: results.isEmpty
                    ? "no candidate address to place" : "every candidate is on a local interface's subnet")
        }
        let subnets = interfaces.flatMap { interface in interface.addresses.map { "\(interface.name) \($0)" } }
        let reflected = remote.filter { seen.contains($0.address) }
        if reflected.count == remote.count {
            return DiagnosticCheck(
                id: "subnet", status: .ok,
                summary: "\(remote.count) device(s) on another subnet were discovered: an mDNS reflector or repeater "
                    + "forwards their answers",
                evidence: reflected.map { "\($0.address) is on no local subnet (\(subnets.joined(separator: ", ")))" })
        }
        let unreached = remote.filter { !seen.contains($0.address) }
        return DiagnosticCheck(
            id: "subnet", status: .fail,
            summary: "\(unreached.count) candidate(s) are on another subnet: mDNS is link-local and does not cross a "
                + "router",
            evidence: unreached.map {
                "\($0.address) is on no local subnet (\(subnets.joined(separator: ", ")))"
                    + ($0.reachable ? "; it answers unicast" : "; it answered no unicast probe either")
            },
            fix: "put the device and this host on one network (in a container: host networking), or enable an mDNS "
                + "reflector on the router (avahi-daemon enable-reflector=yes); meanwhile use castscope cast --device "
                + "ADDR or CASTSCOPE_KNOWN_DEVICES")
    }
}
