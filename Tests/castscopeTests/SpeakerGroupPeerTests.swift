import CastJSON
import CastTestSupport
import Foundation
import Testing

/// `castscope receiver --group` in a network namespace against real peers: castscope's own discover and
/// pychromecast on the other host. Names are made up per run, so nothing can be built for them.
@Suite(.serialized) struct SpeakerGroupPeerTests {
    static var groupScript: String { DiscoveryPeers.repositoryRoot + "/scripts/pychromecast-group.py" }

    /// Two more addresses on host A, one per speaker (a real home has one host per speaker).
    private func speakerAddresses(_ peers: DiscoveryPeers) async -> [String] {
        let prefix = peers.addressA.split(separator: ".").dropLast().joined(separator: ".")
        let addresses = ["\(prefix).11", "\(prefix).12"]
        for address in addresses {
            await peers.run("A", ["ip", "addr", "add", "\(address)/24", "dev", peers.environment["IF_A"] ?? ""])
        }
        return addresses
    }

    private func startGroup(_ peers: DiscoveryPeers, name: String, members: [(String, String)], faults: [String] = [])
        async -> Bool
    {
        var arguments = [CastscopeProcessPath.path, "receiver", "--host", members[0].1, "--port", "8009",
                         "--group", name, "--advertise"]
        for (member, address) in members { arguments += ["--member", "\(member)@\(address)"] }
        for fault in faults { arguments += ["--fault", fault] }
        await peers.spawn("A", "group", arguments)
        return await eventually(within: .seconds(20)) { peers.log("group").contains("advertising group") }
    }

    @Test func discoverMarksTheGroupAndListsItsMembersWithTheLeader() async throws {
        try await DiscoveryPeers.with { peers in
            let tag = UUID().uuidString.prefix(4)
            let addresses = await speakerAddresses(peers)
            let members = [("Den \(tag)", addresses[0]), ("Porch \(tag)", addresses[1])]
            #expect(await startGroup(peers, name: "Everywhere \(tag)", members: members), "\(peers.log("group"))")
            for via in ["builtin", "avahi"] {
                let result = await peers.castscope(
                    ["discover", "--via", via, "--json", "--members", "--insecure-skip-auth", "--timeout", "4s"])
                let devices = try JSONValue(parsing: result.output).arrayValue ?? []
                let group = devices.first { $0["group"] == true }
                #expect(group?["friendlyName"]?.stringValue == "Everywhere \(tag)", "\(result.output) \(result.errors)")
                #expect(group?["port"]?.intValue != 8009)
                #expect(group?["addresses"]?.arrayValue?.first?.stringValue == addresses[0])
                let den = devices.first { $0["friendlyName"]?.stringValue == "Den \(tag)" }
                #expect(group?["leader"] == den?["id"] && den?["id"] != nil)
                let listed = group?["members"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
                #expect(listed == members.map(\.0))
                #expect(group?["members"]?.arrayValue?.first?["leader"] == true)
                #expect(den?["zone"]?["port"]?.intValue == 10001, "the speaker's _googlezone._tcp instance")
                #expect(den?["groups"]?.arrayValue?.first?["name"]?.stringValue == "Everywhere \(tag)")
            }
            await peers.signal("group", "INT")
        }
    }

    @Test func pychromecastSeesAGroupAndItsMembers() async throws {
        try await DiscoveryPeers.with { peers in
            let tag = UUID().uuidString.prefix(4)
            let addresses = await speakerAddresses(peers)
            let members = [("Study \(tag)", addresses[0]), ("Attic \(tag)", addresses[1])]
            #expect(await startGroup(peers, name: "Upstairs \(tag)", members: members), "\(peers.log("group"))")
            let run = await peers.run("B", [DiscoveryPeers.python, Self.groupScript, "members", peers.addressB, "4"],
                                      timeout: 60)
            let lines = run.output.split(separator: "\n").map(String.init)
            let group = lines.first { $0.hasPrefix("cast Upstairs \(tag)|group|") }
            #expect(group != nil && group?.hasSuffix("|8009") == false, "\(run.output) \(run.errors)")
            #expect(lines.contains("cast Study \(tag)|cast|8009"), "\(run.output) \(run.errors)")
            #expect(lines.contains("members " + members.map(\.0).sorted().joined(separator: ",")),
                    "\(run.output) \(run.errors)")
            await peers.signal("group", "INT")
        }
    }

    @Test func pychromecastsSessionOnTheGroupSurvivesALeaderMove() async throws {
        try await DiscoveryPeers.with { peers in
            let tag = UUID().uuidString.prefix(4)
            let addresses = await speakerAddresses(peers)
            let members = [("Hall \(tag)", addresses[0]), ("Yard \(tag)", addresses[1])]
            #expect(await startGroup(peers, name: "Outside \(tag)", members: members,
                                     faults: ["leader-move-after=10s"]), "\(peers.log("group"))")
            let run = await peers.run("B", [DiscoveryPeers.python, Self.groupScript, "session", peers.addressB, "3"],
                                      timeout: 120)
            #expect(run.status == 0, "\(run.output) \(run.errors) \(peers.log("group").suffix(3000))")
            #expect(run.output.contains("ok moved \(addresses[0]):"), "\(run.output)")
            #expect(run.output.contains("-> \(addresses[1]):"), "\(run.output)")
            #expect(run.output.contains("ok paused"))
            #expect(peers.log("group").contains("moved \(addresses[1]):"))
            await peers.signal("group", "INT")
        }
    }

    private func groupsCheck(_ peers: DiscoveryPeers, timeout: String) async throws -> JSONValue? {
        let result = await peers.castscope(
            ["discover", "--diagnose", "--json", "--via", "builtin", "--insecure-skip-auth", "--timeout", timeout])
        let report = try JSONValue(parsing: result.output)
        return report["checks"]?.arrayValue?.first { $0["id"] == "groups" }
    }

    @Test func diagnoseNamesAGroupAnnouncedWhereNothingAnswers() async throws {
        try await DiscoveryPeers.with { peers in
            let tag = UUID().uuidString.prefix(4)
            await peers.spawn("A", "stale", [
                CastscopeProcessPath.path, "discover", "--advertise", "Old Group \(tag)", "--port", "32999",
                "--txt", "id=7f6e5d4c3b2a19080706050403020100", "--txt", "fn=Old Group \(tag)",
                "--txt", "md=Google Cast Group", "--txt", "ca=2084", "--txt", "ve=05", "--txt", "st=0",
            ])
            #expect(await eventually(within: .seconds(10)) { peers.log("stale").contains("advertising") })
            let check = try await groupsCheck(peers, timeout: "3s")
            #expect(check?["status"] == "warn", "\(String(describing: check))")
            #expect(check?["summary"]?.stringValue?.contains("announced at \(peers.addressA):32999, but nothing answers")
                    == true, "\(String(describing: check))")
            #expect(check?["fix"]?.stringValue?.contains("stale") == true)
            await peers.signal("stale", "INT")
        }
    }

    @Test func diagnoseSeesTheGroupMoveWhileItListens() async throws {
        try await DiscoveryPeers.with { peers in
            let tag = UUID().uuidString.prefix(4)
            let addresses = await speakerAddresses(peers)
            let members = [("Loft \(tag)", addresses[0]), ("Shed \(tag)", addresses[1])]
            #expect(await startGroup(peers, name: "Roaming \(tag)", members: members,
                                     faults: ["leader-move-after=4s"]), "\(peers.log("group"))")
            let check = try await groupsCheck(peers, timeout: "8s")
            let summary = check?["summary"]?.stringValue ?? ""
            #expect(summary.contains("group Roaming \(tag) moved during the diagnosis (\(addresses[0]):"),
                    "\(String(describing: check)) \(peers.log("group").suffix(2000))")
            #expect(summary.contains("→ \(addresses[1]):"))
            #expect(check?["evidence"]?.arrayValue?.contains { $0.stringValue?.hasSuffix("members Loft \(tag), Shed \(tag)") == true }
                    == true, "\(String(describing: check))")
            await peers.signal("group", "INT")
        }
    }
}
