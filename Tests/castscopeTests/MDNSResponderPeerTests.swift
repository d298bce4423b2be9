import CastJSON
import CastTestSupport
import Foundation
import Testing

/// Two built-in responders claiming one name from two network namespaces at the same moment: probing,
/// tie-breaking and renaming leave one "Same Name" and one "Same Name (2)".
@Suite(.serialized) struct MDNSResponderPeerTests {
    @Test func simultaneousAdvertisersOfOneNameEndUpWithTwoDistinctNames() async throws {
        try await DiscoveryPeers.with(noAvahi: ["A", "B"]) { peers in
            let interfaceA = peers.environment["IF_A"] ?? ""
            for (host, interface, port, id) in [
                ("A", interfaceA, "8009", "0000000000000000000000000000000a"),
                ("B", peers.interfaceB, "8010", "0000000000000000000000000000000b"),
            ] {
                await peers.spawn(
                    host, "advertise\(host)",
                    [
                        CastscopeProcessPath.path, "discover", "--advertise", "Same Name", "--port", port,
                        "--interface", interface, "--txt", "id=\(id)", "--txt", "fn=Same Name \(host)",
                    ])
            }
            // Probing, a possible one-second deferral, the rename and its probing take a few seconds.
            var instances: [String] = []
            _ = await eventually(within: .seconds(15)) {
                let result = await peers.castscope([
                    "discover", "--via", "builtin", "--json", "--timeout", "2s", "--interface", peers.interfaceB,
                ])
                let devices = (try? JSONValue(parsing: result.output).arrayValue) ?? []
                instances = devices.compactMap { $0["instance"]?.stringValue }.sorted()
                return instances.count == 2
            }
            #expect(
                instances == ["Same Name (2)._googlecast._tcp.local.", "Same Name._googlecast._tcp.local."],
                "\(instances) A: \(peers.log("advertiseA")) B: \(peers.log("advertiseB"))")
            await peers.signal("advertiseA", "INT")
            await peers.signal("advertiseB", "INT")
            let withdrawn = [peers.log("advertiseA"), peers.log("advertiseB")].filter {
                $0.contains("withdrawn Same Name (2)")
            }
            #expect(withdrawn.count == 1, "A: \(peers.log("advertiseA")) B: \(peers.log("advertiseB"))")
        }
    }

    /// RFC 6762 §5.5: a query sent straight to the device's address (what `discover --diagnose --host` sends) is
    /// answered by unicast, so it works where multicast is filtered on the way.
    @Test func aQuerySentDirectlyToTheResponderGetsAUnicastAnswer() async throws {
        try await DiscoveryPeers.with(noAvahi: ["A", "B"]) { peers in
            await peers.spawn("A", "advertise", [
                CastscopeProcessPath.path, "discover", "--advertise", "Direct Answer", "--port", "8009",
                "--interface", peers.environment["IF_A"] ?? "", "--txt", "id=0000000000000000000000000000000d",
            ])
            var output = ""
            // Probing and announcing take about two seconds; ask until the name is claimed.
            _ = await eventually(within: .seconds(15)) {
                output = await peers.run("B", [
                    DiscoveryPeers.python, DiscoveryPeers.repositoryRoot + "/scripts/mdns-direct-query.py",
                    peers.addressB, peers.addressA, "1",
                ]).output
                return output.contains("answer Direct Answer._googlecast._tcp.local")
            }
            #expect(output.contains("answer Direct Answer._googlecast._tcp.local"), "\(output) \(peers.log("advertise"))")
            await peers.signal("advertise", "INT")
        }
    }
}
