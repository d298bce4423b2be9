import CastJSON
import CastTestSupport
import Foundation
import Testing

/// The built-in querier and responder over IPv6 alone (ff02::fb, link-local addresses), between two network
/// namespaces from `DiscoveryPeers` with no avahi-daemon, no IPv4 addresses and every IPv4 packet dropped.
@Suite(.serialized) struct MDNSIPv6PeerTests {
    static let id = "6a6b6c6d6e6f70717273747576777879"

    /// Takes IPv4 away from a host: its veth keeps only the IPv6 link-local address, and nft drops all IPv4 in and
    /// out, so whatever is found was found over IPv6.
    private func makeIPv6Only(_ peers: DiscoveryPeers, host: String, interface: String) async {
        await peers.run(host, ["ip", "-4", "addr", "flush", "dev", interface])
        await peers.run(host, ["nft", "add", "table", "ip", "castscope_v4off"])
        for (chain, hook) in [("in", "input"), ("out", "output")] {
            await peers.run(
                host,
                [
                    "nft", "add", "chain", "ip", "castscope_v4off", chain,
                    "{ type filter hook \(hook) priority 0 ; policy drop ; }",
                ])
        }
    }

    @Test func builtinQuerierFindsBuiltinResponderOverIPv6LinkLocalMulticastOnly() async throws {
        try await DiscoveryPeers.with(noAvahi: ["A", "B"]) { peers in
            let interfaceA = peers.environment["IF_A"] ?? ""
            let interfaceB = peers.interfaceB
            await makeIPv6Only(peers, host: "A", interface: interfaceA)
            await makeIPv6Only(peers, host: "B", interface: interfaceB)
            let addressesA = await peers.run("A", ["ip", "-o", "addr", "show", "dev", interfaceA]).output
            #expect(!addressesA.contains("inet "), "\(addressesA)")
            #expect(
                await eventually(within: .seconds(5)) {
                    await peers.run("A", ["ip", "-6", "-o", "addr", "show", "dev", interfaceA]).output.contains("fe80::")
                })
            await peers.spawn(
                "A", "advertise",
                [
                    CastscopeProcessPath.path, "discover", "--advertise", "IPv6 Only TV", "--port", "8009",
                    "--interface", interfaceA, "--txt", "id=\(Self.id)", "--txt", "fn=IPv6 Only TV",
                    "--txt", "md=castscope", "--txt", "ve=05", "--txt", "ca=5", "--txt", "st=0",
                ])
            #expect(await eventually(within: .seconds(10)) { peers.log("advertise").contains("advertising") }, "\(peers.log("advertise"))")
            let result = await peers.castscope([
                "discover", "--via", "builtin", "--json", "--timeout", "3s", "--interface", interfaceB,
            ])
            #expect(result.status == 0, "\(result.errors)")
            let devices = try JSONValue(parsing: result.output).arrayValue ?? []
            #expect(devices.count == 1, "\(result.output) \(result.errors)")
            let device = devices.first
            #expect(device?["id"]?.stringValue == Self.id)
            #expect(device?["friendlyName"]?.stringValue == "IPv6 Only TV")
            #expect(device?["port"]?.intValue == 8009)
            #expect(device?["via"]?.stringValue == "builtin")
            // AAAA-only: every address is IPv6 link-local.
            let addresses = device?["addresses"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(!addresses.isEmpty && addresses.allSatisfy { $0.lowercased().hasPrefix("fe80:") }, "\(addresses)")
            await peers.signal("advertise", "INT")
            #expect(peers.log("advertise").contains("withdrawn IPv6 Only TV"), "\(peers.log("advertise"))")
        }
    }
}
