import CastNet
import CastTestKit
import CastTestSupport
import Dispatch
import Synchronization
import Testing

@testable import CastDiscovery

/// A backend whose `stop` can be held, to start discovery again while the previous stop is still running.
private final class GatedBackend: DiscoveryBackend, @unchecked Sendable {
    private struct State {
        var deliver: (@Sendable (DiscoveryEvent) -> Void)?
        var holdStop = false
        var stopsWaiting = 0
        var gate: CheckedContinuation<Void, Never>?
    }

    let kind = DiscoveryBackendKind.builtin
    private let state = Mutex(State())

    var stopsWaiting: Int { state.withLock { $0.stopsWaiting } }
    func holdStop() { state.withLock { $0.holdStop = true } }
    func releaseStop() {
        let gate = state.withLock { state in
            state.holdStop = false
            defer { state.gate = nil }
            return state.gate
        }
        gate?.resume()
    }

    func start(deliver: @escaping @Sendable (DiscoveryEvent) -> Void) async throws {
        state.withLock { $0.deliver = deliver }
    }

    func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let held = state.withLock { state -> Bool in
                guard state.holdStop else { return false }
                state.stopsWaiting += 1
                state.gate = continuation
                return true
            }
            if !held { continuation.resume() }
        }
    }

    func send(_ event: DiscoveryEvent) { state.withLock { $0.deliver }?(event) }
}

/// The app-availability filter under faults: unreachable devices are asked again with backoff, checks are capped
/// and shared per endpoint, answers are kept per address, and a stop does not cancel the next run's checks.
@Suite struct DiscoveryManagerRecheckTests {
    private static let appID = "CC1AD845"
    private static let available = AppAvailabilityResult.available(answer: "CC1AD845=APP_AVAILABLE")
    private static let refused = AppAvailabilityResult.unreachable(reason: "connect: Connection refused")

    /// A record with `addresses` in the given order (as a backend may report them, e.g. IPv6 first).
    private func device(_ name: String, addresses: [String] = ["10.0.0.1"], instance: String? = nil) -> Device {
        var device = Device(
            instanceName: "\(instance ?? name)._googlecast._tcp.local.", instanceLabel: instance ?? name,
            host: "h.local.", port: 8009, addresses: [],
            txt: ["id=\(name)", "fn=\(name)"].map { Array($0.utf8) }, interfaceIndex: 2, via: .builtin)
        device.addresses = addresses.compactMap { IPAddress($0) }
        return device
    }

    private func makeManager(
        _ checker: ScriptedChecker, clock: ManualClock = ManualClock(), backend: any DiscoveryBackend = ManualBackend(),
        maximumConcurrentChecks: Int = 8
    ) async throws -> DiscoveryManager {
        let manager = DiscoveryManager(
            backends: [backend], criteria: DiscoveryCriteria(applicationIDs: [Self.appID]),
            availabilityChecker: checker, maximumConcurrentChecks: maximumConcurrentChecks, clock: clock)
        try await manager.startDiscovery()
        return manager
    }

    /// Lets the manager's queue apply everything already queued, without blocking a pool thread.
    private func drain(_ manager: DiscoveryManager) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            manager.callbackQueue.async { continuation.resume() }
        }
    }

    @Test func unreachableDeviceIsAskedAgainAfterThirtySecondsAndListedOnceItAnswers() async throws {
        let checker = ScriptedChecker()
        checker.answer("Cellar", Self.refused)
        let clock = ManualClock()
        let backend = ManualBackend()
        let manager = try await makeManager(checker, clock: clock, backend: backend)
        backend.send(.found(device("Cellar")))
        #expect(await eventually { manager.filteredOutDevices.count == 1 })
        #expect(await manager.waitForAvailabilityChecks(timeout: .seconds(10)))
        // The device finished booting.
        checker.answer("Cellar", Self.available)
        clock.advance(by: .seconds(29))
        await drain(manager)
        #expect(checker.calls.count == 1)
        clock.advance(by: .seconds(1))
        #expect(await eventually { manager.deviceCount == 1 })
        #expect(checker.calls.count == 2)
        #expect(manager.filteredOutDevices.isEmpty)
    }

    @Test func repeatedUnreachableAnswersBackOffThirtyThenSixtySeconds() async throws {
        let checker = ScriptedChecker()
        checker.answer("Cellar", Self.refused)
        let clock = ManualClock()
        let backend = ManualBackend()
        let manager = try await makeManager(checker, clock: clock, backend: backend)
        backend.send(.found(device("Cellar")))
        #expect(await eventually { manager.filteredOutDevices.count == 1 })
        clock.advance(by: .seconds(30))
        #expect(await eventually { checker.calls.count == 2 })
        #expect(await manager.waitForAvailabilityChecks(timeout: .seconds(10)))
        clock.advance(by: .seconds(59))
        await drain(manager)
        #expect(checker.calls.count == 2)
        clock.advance(by: .seconds(1))
        #expect(await eventually { checker.calls.count == 3 })
        #expect(DiscoveryManager.retryDelay(afterFailures: 3) == .seconds(120))
        #expect(DiscoveryManager.retryDelay(afterFailures: 40) == .seconds(480))
    }

    @Test func atMostEightChecksRunAtOnceAndTheRestWaitTheirTurn() async throws {
        let checker = ScriptedChecker()
        let names = (1...20).map { "Spoof\($0)" }
        for name in names {
            checker.answer(name, Self.available)
            checker.hold(name)
        }
        let backend = ManualBackend()
        let manager = try await makeManager(checker, backend: backend)
        for (index, name) in names.enumerated() {
            backend.send(.found(device(name, addresses: ["10.0.1.\(index + 1)"])))
        }
        #expect(await eventually { checker.calls.count == 8 })
        await drain(manager)
        #expect(manager.availabilityChecksRunning == 8)
        #expect(manager.availabilityChecksInFlight == 20)
        #expect(manager.devicesBeingAsked.count == 20)
        for name in names { checker.release(name) }
        #expect(await manager.waitForAvailabilityChecks(timeout: .seconds(20)))
        #expect(manager.deviceCount == 20)
        #expect(checker.calls.count == 20)
        #expect(manager.devicesBeingAsked.isEmpty)
    }

    @Test func instancesAtTheSameEndpointShareOneCheck() async throws {
        let checker = ScriptedChecker()
        checker.answer("Kitchen", Self.available)
        checker.hold("Kitchen")
        let backend = ManualBackend()
        let manager = try await makeManager(checker, backend: backend)
        backend.send(.found(device("Kitchen", instance: "Kitchen-a")))
        backend.send(.found(device("Kitchen", instance: "Kitchen-b")))
        #expect(await eventually { checker.calls.count == 1 })
        await drain(manager)
        #expect(manager.availabilityChecksInFlight == 1)
        checker.release("Kitchen")
        #expect(await eventually { manager.deviceCount == 2 })
        #expect(checker.calls.count == 1)
    }

    @Test func addressOrderFlipBetweenBackendsNeitherAsksAgainNorAbandonsTheRunningCheck() async throws {
        let checker = ScriptedChecker()
        checker.answer("Kitchen", Self.available)
        checker.hold("Kitchen")
        let backend = ManualBackend()
        let manager = try await makeManager(checker, backend: backend)
        let sixFirst = device("Kitchen", addresses: ["fd00::1", "10.0.0.1"])
        let fourFirst = device("Kitchen", addresses: ["10.0.0.1", "fd00::1"])
        backend.send(.found(sixFirst))
        #expect(await eventually { checker.calls.count == 1 })
        backend.send(.found(fourFirst))
        backend.send(.found(sixFirst))
        await drain(manager)
        checker.release("Kitchen")
        #expect(await eventually { manager.deviceCount == 1 })
        for _ in 0..<3 {
            backend.send(.found(fourFirst))
            backend.send(.found(sixFirst))
        }
        await drain(manager)
        #expect(checker.cancelled.isEmpty)
        #expect(checker.calls == ["Kitchen@fd00::1 CC1AD845"])
        #expect(manager.deviceCount == 1)
    }

    @Test func unreachableFirstAddressAsksTheNextAddressOfTheSameRecord() async throws {
        let checker = ScriptedChecker()
        checker.answer("Kitchen", at: "fd00::1", Self.refused)
        checker.answer("Kitchen", Self.available)
        let backend = ManualBackend()
        let manager = try await makeManager(checker, backend: backend)
        backend.send(.found(device("Kitchen", addresses: ["fd00::1", "10.0.0.1"])))
        #expect(await eventually { manager.deviceCount == 1 })
        #expect(checker.calls == ["Kitchen@fd00::1 CC1AD845", "Kitchen@10.0.0.1 CC1AD845"])
        #expect(manager.filteredOutDevices.isEmpty)
    }

    @Test func startDuringAStopStillInProgressKeepsTheNewChecks() async throws {
        let checker = ScriptedChecker()
        checker.answer("Kitchen", Self.available)
        let backend = GatedBackend()
        let manager = try await makeManager(checker, backend: backend)
        backend.holdStop()
        async let stopping: Void = manager.stopDiscovery()
        #expect(await eventually { backend.stopsWaiting == 1 })
        try await manager.startDiscovery()
        checker.hold("Kitchen")
        backend.send(.found(device("Kitchen")))
        #expect(await eventually { checker.calls.count == 1 })
        backend.releaseStop()
        await stopping
        await drain(manager)
        checker.release("Kitchen")
        #expect(await eventually { manager.deviceCount == 1 })
        #expect(checker.cancelled.isEmpty)
    }
}

@Suite struct DiscoveryDiagnosisAppFilterLimitTests {
    private func device(_ name: String, host: UInt8) -> Device {
        Device(
            instanceName: "\(name)._googlecast._tcp.local.", instanceLabel: name, host: "h.local.", port: 8009,
            addresses: [.v4(IPv4Address(10, 0, 2, host))], txt: ["fn=\(name)"].map { Array($0.utf8) },
            interfaceIndex: 1, via: .builtin)
    }

    @Test func diagnosisAsksAtMostEightDevicesAtOnceAndEachEndpointOnce() async {
        let checker = ScriptedChecker()
        var devices = (1...12).map { device("D\($0)", host: UInt8($0)) }
        // A second instance at D1's endpoint shares D1's check and answer.
        devices.append(device("D1", host: 1))
        for index in 1...12 {
            checker.answer("D\(index)", .available(answer: "X=APP_AVAILABLE"))
            checker.hold("D\(index)")
        }
        async let check = DiscoveryDiagnosis.appFilter(devices, appIDs: ["X"], checker: checker)
        var waited = 0
        while checker.calls.count < 8, waited < 500 {
            try? await Task.sleep(for: .milliseconds(20))
            waited += 1
        }
        #expect(checker.calls.count == 8)
        for index in 1...12 { checker.release("D\(index)") }
        let result = await check
        #expect(result.status == .ok)
        #expect(checker.calls.count == 12)
    }
}
