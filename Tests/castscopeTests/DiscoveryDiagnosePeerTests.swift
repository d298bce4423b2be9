import CastJSON
import CastTestSupport
import Foundation
import Testing

/// `castscope discover --diagnose` names the cause of staged failures between two namespaces.
@Suite(.serialized) struct DiscoveryDiagnosePeerTests {
    private func diagnose(_ peers: DiscoveryPeers, _ extra: [String] = []) async throws -> JSONValue {
        let result = await peers.castscope(["discover", "--diagnose", "--json", "--timeout", "3s"] + extra)
        return try JSONValue(parsing: result.output)
    }

    private func check(_ report: JSONValue, _ id: String) -> JSONValue? {
        report["checks"]?.arrayValue?.first { $0["id"]?.stringValue == id }
    }

    @Test func healthyNetworkGivesOKVerdict() async throws {
        try await DiscoveryPeers.with { peers in
            await peers.publishWithAvahi()
            try? await Task.sleep(for: .seconds(1))
            let report = try await diagnose(peers)
            #expect(report["verdict"]?["status"]?.stringValue == "ok", "\(report)")
            #expect(report["devices"]?.arrayValue?.count == 1)
            #expect(check(report, "backends")?["status"]?.stringValue == "ok")
        }
    }

    /// Makes the bridge in C drop multicast both ways, as an access point with client isolation does.
    private func isolateMulticast(_ peers: DiscoveryPeers) async {
        await peers.run("C", ["nft", "add", "table", "bridge", "castscope_ap"])
        await peers.run(
            "C", ["nft", "add", "chain", "bridge", "castscope_ap", "forward", "{ type filter hook forward priority 0 ; }"])
        for (family, groups) in [("ip", "224.0.0.0/4"), ("ip6", "ff00::/8")] {
            await peers.run("C", ["nft", "add", "rule", "bridge", "castscope_ap", "forward", family, "daddr", groups, "drop"])
        }
    }

    /// The emulator on A with the setup API, advertised by the built-in responder.
    private func startEmulator(_ peers: DiscoveryPeers) async {
        await peers.spawn(
            "A", "receiver",
            [
                CastscopeProcessPath.path, "receiver", "--host", peers.addressA, "--port", "8009", "--http-port",
                "8008", "--name", "Kitchen TV", "--advertise",
            ])
        #expect(await eventually(within: .seconds(10)) { peers.log("receiver").contains("advertising") })
    }

    @Test func theClientsOwnFirewallStillWinsOverAnAccessPointThatDropsMulticast() async throws {
        try await DiscoveryPeers.with(noAvahi: ["A"], link: .bridge) { peers in
            await isolateMulticast(peers)
            await startEmulator(peers)
            await peers.run("B", ["nft", "add", "table", "inet", "castscope_test"])
            await peers.run(
                "B", ["nft", "add", "chain", "inet", "castscope_test", "input", "{ type filter hook input priority 0 ; }"])
            await peers.run("B", ["nft", "add", "rule", "inet", "castscope_test", "input", "udp", "sport", "5353", "drop"])
            let report = try await diagnose(peers, ["--via", "builtin", "--host", peers.addressA])
            #expect(report["verdict"]?["check"]?.stringValue == "firewall", "\(report)")
            #expect(check(report, "multicast-path")?["status"]?.stringValue == "fail")
        }
    }

    /// An access point with client isolation: the bridge between A and B drops multicast both ways, unicast passes.
    @Test func aDeviceAnsweringUnicastWhoseMulticastTheAccessPointDropsIsTheMulticastPathVerdict() async throws {
        try await DiscoveryPeers.with(noAvahi: ["A"], link: .bridge) { peers in
            await isolateMulticast(peers)
            await startEmulator(peers)
            let report = try await diagnose(peers, ["--via", "builtin", "--host", peers.addressA])
            #expect(report["verdict"]?["check"]?.stringValue == "multicast-path", "\(report)")
            let path = check(report, "multicast-path")?["evidence"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(path.first?.hasPrefix("\(peers.addressA), Kitchen TV (Kitchen TV._googlecast") == true, "\(path)")
            #expect(report["verdict"]?["fix"]?.stringValue?.contains("--device \(peers.addressA)") == true)
            let unicast = check(report, "unicast")?["evidence"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(check(report, "unicast")?["status"]?.stringValue == "ok", "\(unicast)")
            #expect(unicast.contains { $0.hasPrefix("\(peers.addressA): HTTP 8008 eureka_info answered") && $0.contains("Kitchen TV") })
            #expect(unicast.contains { $0.hasPrefix("\(peers.addressA): TLS 8009 answered") })
            #expect(check(report, "subnet")?["status"]?.stringValue == "ok")
            #expect(report["devices"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test func aDeviceBehindARouterIsTheSubnetVerdictThoughItAnswersUnicast() async throws {
        try await DiscoveryPeers.with(noAvahi: ["A"], link: .router) { peers in
            await startEmulator(peers)
            let report = try await diagnose(peers, ["--via", "builtin", "--host", peers.addressA])
            #expect(report["verdict"]?["check"]?.stringValue == "subnet", "\(report)")
            let subnet = check(report, "subnet")?["evidence"]?.arrayValue?.first?.stringValue ?? ""
            #expect(subnet.hasPrefix("\(peers.addressA) is on no local subnet (") && subnet.hasSuffix("; it answers unicast"), "\(subnet)")
            let unicast = check(report, "unicast")?["evidence"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(unicast.contains { $0.hasPrefix("\(peers.addressA): TLS 8009 answered") }, "\(unicast)")
            // A responder answers a direct query only from its own link (RFC 6762 §5.5): this one comes from beyond.
            #expect(unicast.contains { $0.hasPrefix("\(peers.addressA): mDNS unicast query no") })
        }
    }

    @Test func anAvahiReflectorOnTheRouterBringsTheDeviceAndTheSubnetCheckSaysSo() async throws {
        try await DiscoveryPeers.with(noAvahi: ["A"], link: .reflector) { peers in
            await startEmulator(peers)
            let report = try await diagnose(peers, ["--via", "builtin", "--host", peers.addressA])
            #expect(report["devices"]?.arrayValue?.first?["friendlyName"]?.stringValue == "Kitchen TV", "\(report)")
            #expect(check(report, "subnet")?["status"]?.stringValue == "ok")
            #expect(check(report, "subnet")?["summary"]?.stringValue?.contains("reflector") == true)
            #expect(check(report, "container")?["status"]?.stringValue == "ok")
        }
    }

    /// B as a container on a bridge network: behind a NAT gateway (C masquerades), with Podman's marker file.
    @Test func aContainerBehindANATGatewayIsTheContainerVerdict() async throws {
        try await DiscoveryPeers.with(noAvahi: ["A"], link: .router) { peers in
            await startEmulator(peers)
            await peers.run("C", ["nft", "add", "table", "ip", "castscope_nat"])
            await peers.run(
                "C", ["nft", "add", "chain", "ip", "castscope_nat", "post", "{ type nat hook postrouting priority 100 ; }"])
            await peers.run("C", ["nft", "add", "rule", "ip", "castscope_nat", "post", "ip", "saddr", "10.233.0.0/16", "masquerade"])
            // The marker exists only in this process's mount namespace, whatever the machine running the test is.
            let command = "mount -t tmpfs tmpfs /run && touch /run/.containerenv && exec "
                + "\(CastscopeProcessPath.path) discover --diagnose --json --timeout 3s --via builtin"
            let result = await peers.run("B", ["unshare", "-m", "--propagation", "private", "sh", "-c", command])
            let report = try JSONValue(parsing: result.output)
            #expect(report["verdict"]?["check"]?.stringValue == "container", "\(report)")
            let evidence = check(report, "container")?["evidence"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(evidence.contains("container marker: /run/.containerenv"), "\(evidence)")
            #expect(evidence.contains { $0.contains("veth (peer in another namespace), default route through a gateway") })
            #expect(report["verdict"]?["fix"]?.stringValue?.contains("--network host") == true)
        }
    }

    @Test func aCandidateThatAnswersNothingIsAWarningAndTheDiagnosisEndsInTime() async throws {
        try await DiscoveryPeers.with(noAvahi: ["A"]) { peers in
            // A drops everything: each probe must end at its bound, not hang.
            await peers.run("A", ["nft", "add", "table", "inet", "castscope_silent"])
            await peers.run(
                "A", ["nft", "add", "chain", "inet", "castscope_silent", "input", "{ type filter hook input priority 0 ; }"])
            await peers.run("A", ["nft", "add", "rule", "inet", "castscope_silent", "input", "drop"])
            let started = ContinuousClock.now
            let report = try await diagnose(peers, ["--via", "builtin", "--host", peers.addressA])
            #expect(ContinuousClock.now - started < .seconds(15))
            #expect(check(report, "unicast")?["status"]?.stringValue == "warn", "\(report)")
            #expect(check(report, "unicast")?["summary"]?.stringValue?.contains(peers.addressA) == true)
            #expect(check(report, "multicast-path")?["status"]?.stringValue == "ok")
        }
    }

    @Test func nftDropOfUDP5353IsTheVerdict() async throws {
        try await DiscoveryPeers.with { peers in
            await peers.publishWithAvahi()
            await peers.run("B", ["nft", "add", "table", "inet", "castscope_test"])
            await peers.run(
                "B",
                [
                    "nft", "add", "chain", "inet", "castscope_test", "input",
                    "{ type filter hook input priority 0 ; }",
                ])
            await peers.run("B", ["nft", "add", "rule", "inet", "castscope_test", "input", "udp", "dport", "5353", "drop"])
            let report = try await diagnose(peers)
            #expect(report["verdict"]?["check"]?.stringValue == "firewall", "\(report)")
            #expect(check(report, "firewall")?["evidence"]?.arrayValue?.first?.stringValue?.contains("5353") == true)
            #expect(check(report, "traffic")?["status"]?.stringValue == "fail")
        }
    }

    @Test func missingAvahiDaemonIsTheVerdict() async throws {
        try await DiscoveryPeers.with(noAvahi: ["B"]) { peers in
            await peers.publishWithAvahi()
            try? await Task.sleep(for: .seconds(1))
            let report = try await diagnose(peers)
            #expect(report["verdict"]?["check"]?.stringValue == "avahi", "\(report)")
            #expect(report["devices"]?.arrayValue?.count == 1)
        }
    }

    @Test func interfaceWithoutMulticastIsTheVerdict() async throws {
        try await DiscoveryPeers.with { peers in
            await peers.publishWithAvahi()
            await PeerProcessIP.run(["-n", peers.namespaceB, "link", "set", peers.interfaceB, "multicast", "off"])
            let report = try await diagnose(peers)
            #expect(report["verdict"]?["check"]?.stringValue == "interfaces", "\(report)")
            #expect(report["verdict"]?["cause"]?.stringValue?.contains("MULTICAST") == true)
        }
    }

    @Test func responderAnsweringPTRWithoutSRVOrTXTIsTheVerdict() async throws {
        try await DiscoveryPeers.with(noAvahi: ["A"]) { peers in
            await peers.spawn(
                "A", "ptronly",
                [DiscoveryPeers.python, DiscoveryPeers.peerScript, "ptr-only", peers.addressA, "Broken-TV"])
            #expect(await eventually(within: .seconds(10)) { peers.log("ptronly").contains("listening") })
            let report = try await diagnose(peers, ["--via", "builtin"])
            #expect(report["verdict"]?["check"]?.stringValue == "incomplete", "\(report)")
            let evidence = check(report, "incomplete")?["evidence"]?.arrayValue?.first?.stringValue ?? ""
            #expect(
                evidence.contains("Broken-TV._googlecast._tcp.local.") && evidence.contains("SRV")
                    && evidence.contains("TXT"))
        }
    }

    @Test func txtWithBadIDIsTheVerdict() async throws {
        try await DiscoveryPeers.with { peers in
            await peers.publishWithAvahi(id: "not-a-uuid")
            try? await Task.sleep(for: .seconds(1))
            let report = try await diagnose(peers)
            #expect(report["verdict"]?["check"]?.stringValue == "txt", "\(report)")
            #expect(
                check(report, "txt")?["evidence"]?.arrayValue?.first?.stringValue?.contains("id=not-a-uuid") == true)
        }
    }
}

extension DiscoveryDiagnosePeerTests {
    @Test func processOwning5353WithoutReusePortIsTheVerdict() async throws {
        try await DiscoveryPeers.with(noAvahi: ["B"]) { peers in
            await peers.spawn(
                "B", "hog",
                [
                    DiscoveryPeers.python, "-c",
                    "import socket, time\ns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\ns.bind(('', 5353))\n"
                        + "print('bound', flush=True)\ntime.sleep(120)",
                ])
            #expect(await eventually(within: .seconds(10)) { peers.log("hog").contains("bound") })
            let report = try await diagnose(peers)
            #expect(report["verdict"]?["check"]?.stringValue == "port", "\(report)")
            let evidence = check(report, "port")?["evidence"]?.arrayValue?.first?.stringValue ?? ""
            #expect(evidence.contains("python"), "\(evidence)")
        }
    }
}

/// `ip` in the root namespace (for `ip -n NS …`).
enum PeerProcessIP {
    static func run(_ arguments: [String]) async {
        _ = await SpawnedProcess.run("/usr/sbin/ip", arguments, timeout: 10)
    }
}
