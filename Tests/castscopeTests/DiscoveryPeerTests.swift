import CastJSON
import CastTestSupport
import Foundation
import Testing

/// Real peers in network namespaces: avahi-daemon, avahi-publish-service, python-zeroconf and castscope itself.
@Suite(.serialized) struct DiscoveryPeerTests {
    private func device(_ devices: [JSONValue], id: String) -> JSONValue? {
        devices.first { $0["id"]?.stringValue == id }
    }

    private func expectAvahiPublished(_ found: JSONValue?, via: String, address: String) {
        #expect(found?["friendlyName"]?.stringValue == "Living Room TV")
        #expect(found?["uniqueID"]?.stringValue == "cast:\(DiscoveryPeers.avahiID)")
        #expect(found?["modelName"]?.stringValue == "Chromecast Ultra")
        #expect(found?["port"]?.intValue == 8009)
        #expect(found?["capabilityMask"]?.intValue == 201221)
        #expect(
            found?["capabilities"]
                == .array(["VIDEO_OUT", "AUDIO_OUT", "ATTENUATION_OR_FIXED_VOLUME", "DYNAMIC_GROUPING_SUPPORTED"]))
        #expect(found?["status"]?.stringValue == "idle")
        #expect(found?["statusText"]?.stringValue == "YouTube")
        #expect(found?["protocolVersion"]?.intValue == 5)
        #expect(found?["icon"]?.stringValue == "/setup/icon.png")
        #expect(found?["instance"]?.stringValue == "Living Room TV._googlecast._tcp.local.")
        #expect(found?["addresses"]?.arrayValue?.first?.stringValue == address)
        #expect(found?["txt"]?.arrayValue?.count == 8)
        #expect(found?["via"]?.stringValue == via)
    }

    private func expectZeroconfRegistered(_ found: JSONValue?, via: String, address: String) {
        #expect(found?["friendlyName"]?.stringValue == "Küche Lautsprecher")
        #expect(found?["modelName"]?.stringValue == "Google Nest Audio")
        #expect(found?["host"]?.stringValue == "nest-8e0e23c0.local.")
        #expect(found?["addresses"] == .array([.string(address)]))
        #expect(found?["port"]?.intValue == 8009)
        #expect(found?["capabilityMask"]?.intValue == 199172)
        #expect(found?["status"]?.stringValue == "busy")
        #expect(found?["statusText"]?.stringValue == "Spotify")
        #expect(found?["protocolVersion"]?.intValue == 5)
        #expect(found?["instance"]?.stringValue == "Nest-Audio-\(DiscoveryPeers.zeroconfID)._googlecast._tcp.local.")
        #expect(found?["txt"]?.arrayValue?.contains(.string("cd=5A3C2B1D0E9F8A7B6C5D4E3F2A1B0C9D")) == true)
        #expect(found?["via"]?.stringValue == via)
    }

    @Test func avahiAndZeroconfServicesAreFoundByBothBackendsWithExactFields() async throws {
        try await DiscoveryPeers.with { peers in
            await peers.publishWithAvahi()
            await peers.registerWithZeroconf()
            #expect(await eventually(within: .seconds(10)) { peers.log("zeroconf").contains("registered") })
            for via in ["builtin", "avahi"] {
                let devices = try await peers.discoverJSON(via: via)
                #expect(devices.count == 2, "\(via): \(devices)")
                expectAvahiPublished(device(devices, id: DiscoveryPeers.avahiID), via: via, address: peers.addressA)
                expectZeroconfRegistered(
                    device(devices, id: DiscoveryPeers.zeroconfID), via: via, address: peers.addressA)
                // Ordered by friendly name.
                #expect(
                    devices.map { $0["friendlyName"]?.stringValue ?? "" } == ["Küche Lautsprecher", "Living Room TV"])
            }
        }
    }

    @Test func goodbyesRemoveDevicesForBothBackends() async throws {
        try await DiscoveryPeers.with { peers in
            await peers.publishWithAvahi()
            await peers.registerWithZeroconf()
            await peers.spawn(
                "B", "watchBuiltin", [CastscopeProcessPath.path, "discover", "--via", "builtin", "--watch", "--json"])
            await peers.spawn(
                "B", "watchAvahi", [CastscopeProcessPath.path, "discover", "--via", "avahi", "--watch", "--json"])
            for watcher in ["watchBuiltin", "watchAvahi"] {
                #expect(
                    await eventually(within: .seconds(15)) { peers.log(watcher).components(separatedBy: "\"added\"").count == 3 },
                    "\(peers.log(watcher))")
            }
            await peers.signal("zeroconf")
            await peers.signal("avahipub")
            for watcher in ["watchBuiltin", "watchAvahi"] {
                #expect(
                    await eventually(within: .seconds(10)) { peers.log(watcher).components(separatedBy: "\"removed\"").count == 3 },
                    "\(peers.log(watcher))")
            }
        }
    }

    @Test func silentlyDeadResponderExpiresAtTTL() async throws {
        try await DiscoveryPeers.with { peers in
            await peers.registerWithZeroconf(ttl: 4)
            await peers.spawn("B", "watch", [CastscopeProcessPath.path, "discover", "--via", "builtin", "--watch", "--json"])
            #expect(await eventually(within: .seconds(10)) { peers.log("watch").contains("\"added\"") })
            // Refresh queries at 80–95 % of the TTL keep it while the responder lives.
            try? await Task.sleep(for: .seconds(6))
            #expect(!peers.log("watch").contains("\"removed\""))
            await peers.signal("zeroconf", "USR1")  // exits without goodbyes
            #expect(await eventually(within: .seconds(10)) { peers.log("watch").contains("\"removed\"") }, "\(peers.log("watch"))")
        }
    }

    @Test func advertisedServiceIsFoundByAvahiBrowseZeroconfAndPychromecast() async throws {
        try await DiscoveryPeers.with { peers in
            await peers.spawn(
                "A", "advertise",
                [
                    CastscopeProcessPath.path, "discover", "--advertise", "Emulated TV", "--port", "8009",
                    "--txt", "id=0123456789abcdef0123456789abcdef", "--txt", "fn=Emulated TV", "--txt", "md=castscope",
                    "--txt", "ve=05", "--txt", "ca=5", "--txt", "st=0",
                ])
            #expect(await eventually(within: .seconds(10)) { peers.log("advertise").contains("advertising") })
            let browse = await peers.run("B", ["avahi-browse", "-rtp", "_googlecast._tcp"], timeout: 15)
            let resolved = browse.output.split(separator: "\n").filter { $0.hasPrefix("=;") && $0.contains(";IPv4;") }
            #expect(resolved.count == 1, "\(browse.output) \(browse.errors)")
            #expect(resolved.first?.contains("Emulated\\032TV;_googlecast._tcp;local;") == true)
            #expect(resolved.first?.contains(";\(peers.addressA);8009;") == true)
            #expect(resolved.first?.contains("\"id=0123456789abcdef0123456789abcdef\"") == true)
            let zeroconf = await peers.run(
                "B", [DiscoveryPeers.python, DiscoveryPeers.peerScript, "browse", peers.addressB, "10"], timeout: 20)
            #expect(zeroconf.status == 0 && zeroconf.output.hasPrefix("first "), "\(zeroconf.errors)")
            let cast = await peers.run(
                "B", [DiscoveryPeers.python, DiscoveryPeers.peerScript, "pychromecast", peers.addressB, "3"],
                timeout: 30)
            #expect(
                cast.output == "Emulated TV|0123456789abcdef0123456789abcdef|\(peers.addressA)|8009|castscope\n",
                "\(cast.errors)")
            await peers.signal("advertise", "INT")
            #expect(peers.log("advertise").contains("withdrawn Emulated TV"))
        }
    }
}

extension DiscoveryPeerTests {
    @Test func avahiPublisherIsFoundByBuiltinQuerierAndWithdrawn() async throws {
        try await DiscoveryPeers.with { peers in
            await peers.spawn(
                "A", "publish",
                [
                    CastscopeProcessPath.path, "discover", "--advertise", "Avahi Published", "--via", "avahi",
                    "--port", "8010", "--txt", "id=00112233445566778899aabbccddeeff", "--txt", "fn=Avahi Published",
                ])
            #expect(await eventually(within: .seconds(10)) { peers.log("publish").contains("advertising") })
            let devices = try await peers.discoverJSON(via: "builtin")
            #expect(devices.first?["friendlyName"]?.stringValue == "Avahi Published", "\(devices)")
            #expect(devices.first?["port"]?.intValue == 8010)
            await peers.signal("publish", "INT")
            #expect(peers.log("publish").contains("withdrawn Avahi Published (established)"))
        }
    }
}

extension DiscoveryPeerTests {
    /// Another querier on host B (a resolving avahi-daemon, here a stand-in that never stops) sends the instance's
    /// SRV and TXT as known answers; avahi on A then suppresses its multicast answers to B's address. The built-in
    /// querier still resolves the device, through its one-shot follow-up, answered by unicast.
    @Test func knownAnswersFromAnotherQuerierOnThisHostDoNotHideTheDevice() async throws {
        try await DiscoveryPeers.with { peers in
            await peers.publishWithAvahi()
            // avahi announces at about 0.7, 1.8 and 3.8 s; an announcement would resolve the device on its own.
            try? await Task.sleep(for: .seconds(4.5))
            await peers.spawn(
                "B", "knownanswers",
                [
                    DiscoveryPeers.python, DiscoveryPeers.peerScript, "known-answers", peers.addressB, peers.interfaceB,
                    "Living Room TV",
                    peers.environment["HOST_A"] ?? "", "8009",
                ] + DiscoveryPeers.avahiTXT)
            #expect(await eventually(within: .seconds(10)) { peers.log("knownanswers").contains("querying") })
            let devices = try await peers.discoverJSON(via: "builtin")
            #expect(devices.first?["friendlyName"]?.stringValue == "Living Room TV", "\(devices)")
            #expect(devices.first?["addresses"]?.arrayValue?.contains { $0.stringValue == peers.addressA } == true)
        }
    }
}

/// The castscope binary path for spawned commands.
enum CastscopeProcessPath {
    static var path: String { CastTestSupportPath.castscope }
}
