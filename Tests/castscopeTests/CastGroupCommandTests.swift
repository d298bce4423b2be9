import CastJSON
import CastNet
import CastTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `castscope cast` against `castscope receiver --group` on loopback: members, a member's own volume, and a
/// session on the group like on a device.
@Suite(.serialized) struct CastGroupCommandTests {
    static func cast(_ group: ReceiverProcess, _ arguments: [String]) async throws -> CastscopeProcess.Result {
        try await CastscopeProcess.run(["cast", "--device", "127.0.0.1:\(group.port)", "--insecure-skip-auth"]
                                       + arguments)
    }

    @Test func membersAreListedAndAMembersVolumeIsSetThroughTheGroup() async throws {
        let group = try await ReceiverProcess.start(["--group", "Whole House", "--member", "Kitchen",
                                                     "--member", "Office"])
        #expect(group.name == "Whole House")
        let listed = try await Self.cast(group, ["members"])
        #expect(listed.exitCode == 0, "\(listed.standardError)")
        let lines = listed.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("NAME") == true && lines.count == 3, "\(listed.standardOutput)")
        #expect(lines.dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["Kitchen", "Office"])

        let set = try await Self.cast(group, ["volume", "--member", "office", "0.3"])
        #expect(set.exitCode == 0, "\(set.standardError)")
        #expect(set.standardOutput == "Office: volume 0.30\n")
        let muted = try await Self.cast(group, ["mute", "--member", "Kitchen", "on"])
        #expect(muted.standardOutput == "Kitchen: volume 1.00 (muted)\n", "\(muted.standardError)")
        let json = try await Self.cast(group, ["members", "--json"])
        let members = try JSONValue(parsing: json.standardOutput).arrayValue ?? []
        #expect(members.map { $0["volume"] } == [1, 0.3])
        #expect(members.map { $0["muted"] } == [true, false])

        let unknown = try await Self.cast(group, ["volume", "--member", "Garage", "0.5"])
        #expect(unknown.exitCode == 1)
        #expect(unknown.standardError.contains("no member \"Garage\"") && unknown.standardError.contains("Kitchen, Office"))
        let outOfRange = try await Self.cast(group, ["volume", "--member", "Office", "1.5"])
        #expect(outOfRange.exitCode == 64, "checked before connecting")
        await group.stopped()
    }

    @Test func groupOptionsAreCheckedBeforeAnythingListens() async throws {
        let cases: [([String], String)] = [
            (["--fault", "leader-move-after=2s"], "needs --group"),
            (["--member", "Den"], "--member needs --group"),
            (["--group", "Home", "--member", "Den", "--member", "den"], "a name of its own"),
            (["--group", "Home", "--member", "home"], "a name of its own"),
            (["--group", "Home"], "at least one --member"),
            (["--group", "Home", "--member", "Den@not-an-address"], "not an IPv4 or IPv6 address"),
        ]
        for (arguments, message) in cases {
            let result = try await CastscopeProcess.run(["receiver", "--port", "0"] + arguments)
            #expect(result.exitCode == 64, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
    }

    @Test func aSingleDeviceHasNoMembers() async throws {
        let device = try await ReceiverProcess.start()
        let listed = try await Self.cast(device, ["members"])
        #expect(listed.exitCode == 1)
        #expect(listed.standardError.contains("not a speaker group"), "\(listed.standardError)")
        await device.stopped()
    }

    @Test func aSessionOnTheGroupLoadsAndSetsTheGroupVolume() async throws {
        let group = try await ReceiverProcess.start(["--group", "Upstairs", "--member", "Study", "--member", "Attic"])
        let load = try await Self.cast(group, ["load", "http://127.0.0.1/song.mp3", "--content-type", "audio/mpeg"])
        #expect(load.exitCode == 0, "\(load.standardError)")
        let volume = try await Self.cast(group, ["volume", "0.5"])
        #expect(volume.standardOutput == "volume: 0.50\n", "\(volume.standardError)")
        let status = try await Self.cast(group, ["status", "--json"])
        #expect(status.standardOutput.contains("song.mp3"), "\(status.standardOutput)")
        await group.stopped()
    }

    @Test func watchFollowsTheGroupToItsNewLeader() async throws {
        let name = "Roaming \(UUID().uuidString.prefix(6))"
        let group = try await ReceiverProcess.start([
            "--group", name, "--member", "Den", "--member", "Porch", "--advertise", "--fault", "leader-move-after=6s",
        ])
        let path = try #require(CastscopeProcess.executablePath)
        let output = NSTemporaryDirectory() + "castscope-group-watch-\(UUID().uuidString).out"
        defer { unlink(output) }
        let watch = try ChildProcess(
            path: path, arguments: ["cast", "--device", name, "--interface", "lo", "--insecure-skip-auth", "watch"],
            output: .file(output), errors: .null)
        defer { if watch.isRunning { watch.terminate(SIGKILL, grace: 1) } }
        let text = { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
        #expect(await eventually(within: .seconds(20)) { text().contains("session: ") })
        let load = try await CastscopeProcess.run([
            "cast", "--device", name, "--interface", "lo", "--insecure-skip-auth", "load", "http://127.0.0.1/a.mp3",
            "--content-type", "audio/mpeg", "--wait", "playing",
        ])
        #expect(load.exitCode == 0, "\(load.standardError)")
        #expect(await eventually(within: .seconds(30)) { text().contains("session: resumed on \(name)") }, "\(text())")
        #expect(text().contains("session: suspended"))
        #expect(text().contains("session: moved to \(name)"))
        let status = await BlockingWork.run { watch.terminate(SIGINT, grace: 30) }
        #expect(status == 0)
        await group.stopped()
    }
}
