import CastDiscovery
import CastLog
import CastNet
import CastReceiver
import CastSender
import CastTLS
import CastTestKit
import CastTestSupport
import Glibc
import Synchronization
import Testing

/// An emulator on loopback and a checker on its own loop; `shutdown()` stops both.
private final class CheckerHarness: @unchecked Sendable {
    let serverLoop: EventLoop
    let clientLoop: EventLoop
    let emulator: ReceiverEmulator
    let device: Device

    init(_ configuration: ReceiverConfiguration = ReceiverConfiguration(name: "Checked TV")) throws {
        serverLoop = try EventLoop(name: "emulator")
        clientLoop = try EventLoop(name: "checker")
        guard let loopback = SocketAddress(parsing: "127.0.0.1:0") else { throw CheckerHarnessError() }
        emulator = try ReceiverEmulator(
            options: ReceiverEmulatorOptions(configuration: configuration, address: loopback, tlsKey: try TestKeys.rsa2048(named: "emulator-tls")), eventLoop: serverLoop)
        let address = try emulator.start()
        device = AppAvailabilityCheckerTests.device(name: configuration.name, port: address.port)
    }

    /// Options as `castscope discover --app` builds them: device authentication on, trusting this emulator.
    func options(_ appIDs: [String], trusted: Bool = true) -> CastOptions {
        var options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: appIDs))
        options.trustStore = CastTrustStore(roots: trusted ? [emulator.deviceCertificate.certificate] : [])
        return options
    }

    func checker(_ options: CastOptions, timeout: Duration = .seconds(10)) throws -> CastAppAvailabilityChecker {
        try CastAppAvailabilityChecker(options: options, eventLoop: clientLoop, timeout: timeout)
    }

    /// Waits until the emulator has no sender left (the checker closed its channel).
    func sendersGone() async -> Bool {
        await eventually { await emulator.connectedSenderCount() == 0 }
    }

    func shutdown() async {
        await emulator.stopAndWait()
        clientLoop.shutdown()
        serverLoop.shutdown()
    }
}

private struct CheckerHarnessError: Error {}

/// A backend that reports one device when started.
private final class OneDeviceBackend: DiscoveryBackend, @unchecked Sendable {
    let kind = DiscoveryBackendKind.builtin
    let device: Device
    init(_ device: Device) { self.device = device }
    func start(deliver: @escaping @Sendable (DiscoveryEvent) -> Void) async throws { deliver(.found(device)) }
    func stop() async {}
}

/// `CastAppAvailabilityChecker` against the in-process emulator on loopback: TLS, device authentication, CONNECT,
/// GET_APP_AVAILABILITY, CLOSE.
@Suite struct AppAvailabilityCheckerTests {
    static func device(name: String, port: UInt16) -> Device {
        Device(
            instanceName: "\(name)._googlecast._tcp.local.", instanceLabel: name, host: "127.0.0.1", port: port,
            addresses: [.v4(IPv4Address(127, 0, 0, 1))],
            txt: [Array("id=0123456789abcdef0123456789abcdef".utf8), Array("fn=\(name)".utf8)], interfaceIndex: 1,
            via: .builtin)
    }

    @Test func knownAppIsAvailableAfterDeviceAuthenticationAndTheChannelIsClosed() async throws {
        let harness = try CheckerHarness()
        let checker = try harness.checker(harness.options(["CC1AD845"]))
        let result = await checker.availability(of: harness.device, appIDs: ["CC1AD845"])
        #expect(result == .available(answer: "CC1AD845=APP_AVAILABLE"))
        #expect(await harness.sendersGone())
        await harness.shutdown()
    }

    @Test func appTheEmulatorLacksIsUnavailable() async throws {
        let harness = try CheckerHarness()
        let checker = try harness.checker(harness.options(["DEADBEEF"]))
        let result = await checker.availability(of: harness.device, appIDs: ["DEADBEEF"])
        #expect(result == .unavailable(answer: "DEADBEEF=APP_UNAVAILABLE"))
        await harness.shutdown()
    }

    @Test func anyAvailableIDOfSeveralKeepsTheDevice() async throws {
        let extra = ReceiverAppDefinition(appID: "ABCD1234", displayName: "Extra", namespaces: [], behaviour: .echo)
        let harness = try CheckerHarness(ReceiverConfiguration(name: "Extra TV", extraApps: [extra]))
        let checker = try harness.checker(harness.options(["DEADBEEF", "ABCD1234"]))
        let result = await checker.availability(of: harness.device, appIDs: ["DEADBEEF", "ABCD1234"])
        #expect(result == .available(answer: "DEADBEEF=APP_UNAVAILABLE, ABCD1234=APP_AVAILABLE"))
        await harness.shutdown()
    }

    @Test func insecureSkipAuthAsksWithoutATrustStore() async throws {
        let harness = try CheckerHarness()
        var options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: ["CC1AD845"]))
        options.deviceAuthentication = false
        let checker = try harness.checker(options)
        let result = await checker.availability(of: harness.device, appIDs: ["CC1AD845"])
        #expect(result.isAvailable)
        await harness.shutdown()
    }

    @Test func untrustedDeviceIsUnreachableWithTheAuthenticationFailure() async throws {
        let harness = try CheckerHarness()
        let untrustedChecker = try harness.checker(harness.options(["CC1AD845"], trusted: false))
        let untrusted = await untrustedChecker.availability(of: harness.device, appIDs: ["CC1AD845"])
        guard case .unreachable(let reason) = untrusted else {
            Issue.record("expected unreachable, got \(untrusted)")
            return
        }
        #expect(reason.hasPrefix("device authentication failed"), "\(reason)")
        var noStore = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: ["CC1AD845"]))
        noStore.trustStore = nil
        let unconfiguredChecker = try harness.checker(noStore)
        let unconfigured = await unconfiguredChecker.availability(of: harness.device, appIDs: ["CC1AD845"])
        #expect(unconfigured.detail.contains("no Cast trust store"), "\(unconfigured)")
        #expect(await harness.sendersGone())
        await harness.shutdown()
    }

    @Test func closedPortIsUnreachable() async throws {
        let loop = try EventLoop(name: "checker")
        defer { loop.shutdown() }
        // A port held by a bound socket that never listens: connecting is refused, and no parallel test can
        // start listening on it meanwhile.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(holder >= 0)
        defer { close(holder) }
        var bound = sockaddr_in()
        bound.sin_family = sa_family_t(AF_INET)
        bound.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bindResult = withUnsafePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) }
        }
        try #require(bindResult == 0)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(holder, $0, &length) }
        }
        let checker = try CastAppAvailabilityChecker(
            options: CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: ["CC1AD845"])), eventLoop: loop)
        let result = await checker.availability(
            of: Self.device(name: "Gone", port: UInt16(bigEndian: bound.sin_port)), appIDs: ["CC1AD845"])
        guard case .unreachable(let reason) = result else {
            Issue.record("expected unreachable, got \(result)")
            return
        }
        #expect(reason.contains("refused"), "\(reason)")
    }

    @Test func deviceThatNeverAnswersTimesOut() async throws {
        let harness = try CheckerHarness(
            ReceiverConfiguration(name: "Silent TV", faults: [.ignore("GET_APP_AVAILABILITY")]))
        let checker = try harness.checker(harness.options(["CC1AD845"]), timeout: .milliseconds(300))
        let result = await checker.availability(of: harness.device, appIDs: ["CC1AD845"])
        guard case .unreachable(let reason) = result else {
            Issue.record("expected unreachable, got \(result)")
            return
        }
        #expect(reason.hasPrefix("no answer within"), "\(reason)")
        #expect(await harness.sendersGone())
        await harness.shutdown()
    }

    @Test func cancelledCheckReturnsUnreachable() async throws {
        let ring = RingBufferSink(capacity: 10_000)
        Logger.shared.addSink(ring)
        defer { Logger.shared.removeSink(ring) }
        let harness = try CheckerHarness(
            ReceiverConfiguration(name: "Silent TV", faults: [.ignore("GET_APP_AVAILABILITY")]))
        // A sender id of its own tells this check's request apart from other tests' in the shared log.
        var options = harness.options(["CC1AD845"])
        options.senderID = "sender-cancel-check"
        let checker = try harness.checker(options, timeout: .seconds(60))
        let device = harness.device
        let task = Task { await checker.availability(of: device, appIDs: ["CC1AD845"]) }
        // Cancel only once the emulator has received the request (after TLS, device authentication and CONNECT),
        // so what is cancelled is a check waiting for its answer.
        var received = false
        for _ in 0..<500 where !received {
            received = ring.records.contains {
                $0.message == "fault ignore=GET_APP_AVAILABILITY: not answering"
                    && $0.metadata["cast.source"] == .string("sender-cancel-check")
            }
            if !received { try? await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(received)
        task.cancel()
        #expect(await task.value == .unreachable(reason: "cancelled"))
        #expect(await harness.sendersGone())
        await harness.shutdown()
    }

    @Test func contextWiresTheCheckerIntoItsDiscoveryManager() async throws {
        let harness = try CheckerHarness()
        let kept = try CastContext(
            options: harness.options(["CC1AD845"]), eventLoop: harness.clientLoop,
            discoveryBackends: [OneDeviceBackend(harness.device)])
        let dropped = try CastContext(
            options: harness.options(["DEADBEEF"]), eventLoop: harness.clientLoop,
            discoveryBackends: [OneDeviceBackend(harness.device)])
        let keptManager = try #require(kept.discoveryManager)
        let droppedManager = try #require(dropped.discoveryManager)
        #expect(keptManager.isAppAvailabilityFilterApplied)
        try await keptManager.startDiscovery()
        try await droppedManager.startDiscovery()
        #expect(await keptManager.waitForAvailabilityChecks(timeout: .seconds(120)))
        #expect(await droppedManager.waitForAvailabilityChecks(timeout: .seconds(120)))
        #expect(keptManager.deviceList.map(\.friendlyName) == ["Checked TV"])
        #expect(droppedManager.deviceList.isEmpty)
        #expect(
            droppedManager.filteredOutDevices.map(\.result) == [.unavailable(answer: "DEADBEEF=APP_UNAVAILABLE")])
        await keptManager.stopDiscovery()
        await droppedManager.stopDiscovery()
        var noApp = CastOptions(discoveryCriteria: DiscoveryCriteria())
        noApp.deviceAuthentication = false
        let plain = try CastContext(options: noApp, eventLoop: harness.clientLoop)
        #expect(plain.appAvailabilityChecker == nil)
        #expect(plain.discoveryManager == nil)
        await harness.shutdown()
    }
}
