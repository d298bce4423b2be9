import CastJSON
import CastTestSupport
import Foundation
import Testing

/// `castscope discover --app` end to end: the emulator advertises itself with `castscope receiver --advertise` on
/// host A, a second service on A advertises a port nothing listens on, and `castscope discover` on host B asks
/// both GET_APP_AVAILABILITY over TLS.
@Suite(.serialized) struct DiscoveryAppFilterPeerTests {
    static let emulatorID = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
    static let deadID = "ffeeddccbbaa99887766554433221100"
    static let chain = DiscoveryPeers.repositoryRoot + "/Tests/CastTLSTests/Fixtures/chain"

    /// The emulator (with the extra app ABCD1234 and the test device-auth chain) and the dead service on host A.
    private func startDevices(_ peers: DiscoveryPeers) async {
        await peers.spawn(
            "A", "receiver",
            [
                CastscopeProcessPath.path, "receiver", "--host", peers.addressA, "--port", "8009", "--name",
                "Emulated TV", "--id", Self.emulatorID, "--app", "ABCD1234", "--auth-chain", Self.chain, "--advertise",
            ])
        await peers.spawn(
            "A", "dead",
            [
                CastscopeProcessPath.path, "discover", "--advertise", "Dead TV", "--port", "8010", "--txt",
                "id=\(Self.deadID)", "--txt", "fn=Dead TV",
            ])
        #expect(await eventually(within: .seconds(10)) { peers.log("receiver").contains("advertising") }, "\(peers.log("receiver"))")
        #expect(await eventually(within: .seconds(10)) { peers.log("dead").contains("advertising") }, "\(peers.log("dead"))")
    }

    private func discover(_ peers: DiscoveryPeers, _ arguments: [String]) async throws -> (JSONValue, String, Int32?) {
        let result = await peers.castscope(["discover", "--via", "builtin", "--json", "--timeout", "3s"] + arguments)
        return (try JSONValue(parsing: result.output), result.errors, result.status)
    }

    @Test func appFilterKeepsOnlyDevicesReportingTheAppAvailable() async throws {
        try await DiscoveryPeers.with { peers in
            await startDevices(peers)
            // Without --app both services are listed.
            let (all, _, _) = try await discover(peers, [])
            #expect(all.arrayValue?.compactMap { $0["friendlyName"]?.stringValue } == ["Dead TV", "Emulated TV"])

            // Device authentication on (the default), trusting the test chain's root.
            let (kept, keptLog, keptStatus) = try await discover(
                peers, ["--app", "ABCD1234", "--trust-root", Self.chain + "/root.pem"])
            #expect(keptStatus == 0)
            #expect(kept.arrayValue?.compactMap { $0["id"]?.stringValue } == [Self.emulatorID], "\(keptLog)")
            #expect(keptLog.contains("filtered out by --app: Dead TV (\(peers.addressA):8010) unreachable: "))

            // With the built-in Cast roots (the default), the emulator's test chain is refused: nothing is kept, the
            // reason is printed and the fix points to `castscope auth check`.
            let (untrusted, untrustedLog, _) = try await discover(peers, ["--app", "ABCD1234"])
            #expect(untrusted.arrayValue?.isEmpty == true)
            #expect(untrustedLog.contains("untrusted-root"), "\(untrustedLog)")
            #expect(untrustedLog.contains("castscope auth check"), "\(untrustedLog)")

            // An app the emulator does not have.
            let (dropped, droppedLog, _) = try await discover(peers, ["--app", "DEADBEEF", "--insecure-skip-auth"])
            #expect(dropped.arrayValue?.isEmpty == true)
            let emulated = "Emulated TV (\(peers.addressA):8009)"
            #expect(
                droppedLog.contains("filtered out by --app: \(emulated) unavailable: DEADBEEF=APP_UNAVAILABLE"),
                "\(droppedLog)")
            #expect(droppedLog.contains("device authentication is off"))
        }
    }

    @Test func diagnoseListsTheDevicesAppFiltersOutWithTheirAnswers() async throws {
        try await DiscoveryPeers.with { peers in
            await startDevices(peers)
            let result = await peers.castscope([
                "discover", "--diagnose", "--via", "builtin", "--json", "--timeout", "3s", "--app", "DEADBEEF",
                "--insecure-skip-auth",
            ])
            let report = try JSONValue(parsing: result.output)
            let check = report["checks"]?.arrayValue?.first { $0["id"]?.stringValue == "app-filter" }
            #expect(check?["status"]?.stringValue == "fail", "\(result.output)")
            let summary = check?["summary"]?.stringValue ?? ""
            #expect(summary.hasPrefix("2 of 2 device(s) filtered out by --app DEADBEEF"), "\(summary)")
            let evidence = check?["evidence"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(evidence.first?.hasPrefix("Dead TV (\(peers.addressA):8010): unreachable: ") == true, "\(evidence)")
            #expect(evidence.contains("Emulated TV (\(peers.addressA):8009): unavailable: DEADBEEF=APP_UNAVAILABLE"))
            #expect(report["verdict"]?["check"]?.stringValue == "app-filter")
            #expect(result.status == 1)
        }
    }

    @Test func castByNameStopsLookingOnceTheDeviceAnswers() async throws {
        try await DiscoveryPeers.with { peers in
            await startDevices(peers)
            let began = ContinuousClock.now
            let result = await peers.castscope([
                "cast", "--device", "Emulated TV", "--timeout", "60s", "--insecure-skip-auth", "status",
            ])
            let elapsed = ContinuousClock.now - began
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.contains("app: "), "\(result.output)")
            // The 60 s discovery bound is far from reached: the lookup ended at the device's first answer.
            #expect(elapsed < .seconds(30), "\(elapsed)")
        }
    }
}
