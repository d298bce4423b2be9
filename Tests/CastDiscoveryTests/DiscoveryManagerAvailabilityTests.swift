import CastNet
import CastTestSupport
import Dispatch
import Synchronization
import Testing

@testable import CastDiscovery

/// A backend the test drives by hand.
final class ManualBackend: DiscoveryBackend, @unchecked Sendable {
    let kind = DiscoveryBackendKind.builtin
    private let deliverBox = Mutex<(@Sendable (DiscoveryEvent) -> Void)?>(nil)

    func start(deliver: @escaping @Sendable (DiscoveryEvent) -> Void) async throws {
        deliverBox.withLock { $0 = deliver }
    }
    func stop() async { deliverBox.withLock { $0 = nil } }
    func send(_ event: DiscoveryEvent) { deliverBox.withLock { $0 }?(event) }
}

/// Fault injection for the filter: answers from a table by friendly name; held names wait until released (or
/// until their task is cancelled, which is recorded).
final class ScriptedChecker: DeviceAvailabilityChecker {
    private struct State {
        var answers: [String: AppAvailabilityResult] = [:]
        var answersByAddress: [String: AppAvailabilityResult] = [:]
        var held: Set<String> = []
        var waiting: [String: CheckedContinuation<Void, Never>] = [:]
        var calls: [String] = []
        var cancelled: [String] = []
    }

    private let state = Mutex(State())

    var calls: [String] { state.withLock { $0.calls } }
    var cancelled: [String] { state.withLock { $0.cancelled } }

    func answer(_ name: String, _ result: AppAvailabilityResult) { state.withLock { $0.answers[name] = result } }
    /// An answer for `name` asked at `address` only (before the answer by name).
    func answer(_ name: String, at address: String, _ result: AppAvailabilityResult) {
        state.withLock { $0.answersByAddress["\(name)@\(address)"] = result }
    }
    func hold(_ name: String) { state.withLock { _ = $0.held.insert(name) } }

    func release(_ name: String) {
        let waiting = state.withLock { state in
            state.held.remove(name)
            return state.waiting.removeValue(forKey: name)
        }
        waiting?.resume()
    }

    func availability(of device: Device, appIDs: [String]) async -> AppAvailabilityResult {
        let name = device.friendlyName
        let held = state.withLock { state in
            state.calls.append("\(name)@\(device.networkAddress?.description ?? "-") \(appIDs.joined(separator: ","))")
            return state.held.contains(name)
        }
        if held {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let resumeNow = state.withLock { state -> Bool in
                        guard state.held.contains(name) else { return true }
                        state.waiting[name] = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                let waiting = state.withLock { state in
                    state.cancelled.append(name)
                    state.held.remove(name)
                    return state.waiting.removeValue(forKey: name)
                }
                waiting?.resume()
            }
            if Task.isCancelled { return .unreachable(reason: "cancelled") }
        }
        let asked = "\(name)@\(device.networkAddress?.description ?? "-")"
        return state.withLock { $0.answersByAddress[asked] ?? $0.answers[name] }
            ?? .unavailable(answer: "\(appIDs.joined())=APP_UNAVAILABLE")
    }
}

/// Records listener callbacks as text.
final class ListRecorder: DiscoveryManagerListener, @unchecked Sendable {
    private let events = Mutex<[String]>([])
    var log: [String] { events.withLock { $0 } }

    func didInsert(_ device: Device, at index: Int) {
        events.withLock { $0.append("insert \(device.friendlyName)@\(index)") }
    }
    func didUpdate(_ device: Device, at oldIndex: Int, andMoveTo index: Int) {
        events.withLock { $0.append("update \(device.friendlyName)@\(oldIndex)->\(index)") }
    }
    func didRemove(_ device: Device, at index: Int) {
        events.withLock { $0.append("remove \(device.friendlyName)@\(index)") }
    }
}

@Suite struct DiscoveryManagerAvailabilityTests {
    private static let appID = "CC1AD845"

    private func device(_ name: String, host: UInt8 = 1, status: String = "0") -> Device {
        Device(
            instanceName: "\(name)._googlecast._tcp.local.", instanceLabel: name, host: "h.local.", port: 8009,
            addresses: [.v4(IPv4Address(10, 0, 0, host))],
            txt: ["id=\(name)", "fn=\(name)", "st=\(status)"].map { Array($0.utf8) }, interfaceIndex: 2, via: .builtin)
    }

    private func makeManager(_ checker: ScriptedChecker) async throws -> (DiscoveryManager, ManualBackend, ListRecorder)
    {
        let backend = ManualBackend()
        let manager = DiscoveryManager(
            backends: [backend], criteria: DiscoveryCriteria(applicationIDs: [Self.appID]),
            availabilityChecker: checker)
        let recorder = ListRecorder()
        manager.add(recorder)
        try await manager.startDiscovery()
        return (manager, backend, recorder)
    }

    @Test func deviceIsHeldOutOfTheListUntilItsCheckSaysAvailable() async throws {
        let checker = ScriptedChecker()
        checker.answer("Kitchen", .available(answer: "CC1AD845=APP_AVAILABLE"))
        checker.hold("Kitchen")
        let (manager, backend, recorder) = try await makeManager(checker)
        #expect(manager.isAppAvailabilityFilterApplied)
        backend.send(.found(device("Kitchen")))
        #expect(await eventually { checker.calls.count == 1 })
        #expect(checker.calls == ["Kitchen@10.0.0.1 CC1AD845"])
        #expect(manager.deviceList.isEmpty)
        #expect(manager.availabilityChecksInFlight == 1)
        checker.release("Kitchen")
        #expect(await manager.waitForAvailabilityChecks(timeout: .seconds(60)))
        #expect(manager.deviceList.map(\.friendlyName) == ["Kitchen"])
        #expect(recorder.log == ["insert Kitchen@0"])
        #expect(manager.filteredOutDevices.isEmpty)
    }

    @Test func unavailableAndUnreachableDevicesAreFilteredOutWithTheirAnswers() async throws {
        let checker = ScriptedChecker()
        checker.answer("Attic", .available(answer: "CC1AD845=APP_AVAILABLE"))
        checker.answer("Bedroom", .unavailable(answer: "CC1AD845=APP_UNAVAILABLE"))
        checker.answer("Cellar", .unreachable(reason: "connect: Connection refused"))
        let (manager, backend, recorder) = try await makeManager(checker)
        backend.send(.found(device("Cellar", host: 3)))
        backend.send(.found(device("Bedroom", host: 2)))
        backend.send(.found(device("Attic", host: 1)))
        #expect(await eventually { checker.calls.count == 3 })
        #expect(await manager.waitForAvailabilityChecks(timeout: .seconds(60)))
        #expect(manager.deviceList.map(\.friendlyName) == ["Attic"])
        #expect(
            manager.filteredOutDevices.map { "\($0.device.friendlyName) \($0.result)" } == [
                "Bedroom unavailable: CC1AD845=APP_UNAVAILABLE", "Cellar unreachable: connect: Connection refused",
            ])
        #expect(recorder.log == ["insert Attic@0"])
    }

    @Test func updateAtTheSameAddressReusesTheAnswer() async throws {
        let checker = ScriptedChecker()
        checker.answer("Kitchen", .available(answer: "CC1AD845=APP_AVAILABLE"))
        let (manager, backend, recorder) = try await makeManager(checker)
        backend.send(.found(device("Kitchen")))
        #expect(await eventually { manager.deviceCount == 1 })
        backend.send(.found(device("Kitchen", status: "1")))
        #expect(await eventually { recorder.log.count == 2 })
        #expect(recorder.log == ["insert Kitchen@0", "update Kitchen@0->0"])
        #expect(manager.deviceList.first?.status == .busy)
        #expect(checker.calls.count == 1)
    }

    @Test func newAddressIsAskedAgainAndTheDeviceLeavesWhenNoLongerAvailable() async throws {
        let checker = ScriptedChecker()
        checker.answer("Kitchen", .available(answer: "CC1AD845=APP_AVAILABLE"))
        let (manager, backend, recorder) = try await makeManager(checker)
        backend.send(.found(device("Kitchen", host: 1)))
        #expect(await eventually { manager.deviceCount == 1 })
        checker.answer("Kitchen", .unavailable(answer: "CC1AD845=APP_UNAVAILABLE"))
        checker.hold("Kitchen")
        backend.send(.found(device("Kitchen", host: 9)))
        #expect(await eventually { checker.calls.count == 2 })
        // Still listed with its old record while the new address is being asked.
        #expect(manager.deviceList.first?.networkAddress == .v4(IPv4Address(10, 0, 0, 1)))
        checker.release("Kitchen")
        #expect(await eventually { manager.deviceCount == 0 })
        #expect(checker.calls == ["Kitchen@10.0.0.1 CC1AD845", "Kitchen@10.0.0.9 CC1AD845"])
        #expect(recorder.log == ["insert Kitchen@0", "remove Kitchen@0"])
        #expect(manager.filteredOutDevices.map { $0.device.networkAddress } == [.v4(IPv4Address(10, 0, 0, 9))])
    }

    @Test func deviceLostWhileBeingAskedIsNeverInserted() async throws {
        let checker = ScriptedChecker()
        checker.answer("Kitchen", .available(answer: "CC1AD845=APP_AVAILABLE"))
        checker.hold("Kitchen")
        let (manager, backend, recorder) = try await makeManager(checker)
        backend.send(.found(device("Kitchen")))
        #expect(await eventually { checker.calls.count == 1 })
        backend.send(.lost(instanceName: "kitchen._googlecast._tcp.local.", reason: .goodbye))
        #expect(await eventually { checker.cancelled == ["Kitchen"] })
        #expect(await manager.waitForAvailabilityChecks(timeout: .seconds(60)))
        #expect(manager.deviceList.isEmpty)
        #expect(manager.filteredOutDevices.isEmpty)
        #expect(recorder.log.isEmpty)
    }

    @Test func stopCancelsRunningChecksAndTheNextStartAsksAgain() async throws {
        let checker = ScriptedChecker()
        checker.answer("Kitchen", .available(answer: "CC1AD845=APP_AVAILABLE"))
        checker.hold("Kitchen")
        let (manager, backend, _) = try await makeManager(checker)
        backend.send(.found(device("Kitchen")))
        #expect(await eventually { checker.calls.count == 1 })
        await manager.stopDiscovery()
        #expect(await eventually { checker.cancelled == ["Kitchen"] })
        #expect(await manager.waitForAvailabilityChecks(timeout: .seconds(60)))
        try await manager.startDiscovery()
        backend.send(.found(device("Kitchen")))
        #expect(await eventually { manager.deviceCount == 1 })
        #expect(checker.calls.count == 2)
    }

    @Test func appIDsWithoutACheckerKeepEveryDevice() async throws {
        let backend = ManualBackend()
        let manager = DiscoveryManager(backends: [backend], criteria: DiscoveryCriteria(applicationIDs: [Self.appID]))
        #expect(!manager.isAppAvailabilityFilterApplied)
        try await manager.startDiscovery()
        backend.send(.found(device("Kitchen")))
        manager.callbackQueue.sync {}
        #expect(manager.deviceList.map(\.friendlyName) == ["Kitchen"])
    }
}

@Suite struct DiscoveryDiagnosisAppFilterTests {
    private func device(_ name: String, host: UInt8) -> Device {
        Device(
            instanceName: "\(name)._googlecast._tcp.local.", instanceLabel: name, host: "h.local.", port: 8009,
            addresses: [.v4(IPv4Address(10, 0, 0, host))], txt: ["fn=\(name)"].map { Array($0.utf8) },
            interfaceIndex: 1, via: .builtin)
    }

    @Test func everyDeviceAvailableIsOK() {
        let check = DiscoveryDiagnosis.appFilterCheck(
            [(device("A", host: 1), .available(answer: "X=APP_AVAILABLE"))], appIDs: ["X"])
        #expect(check.id == "app-filter")
        #expect(check.status == .ok)
        #expect(check.summary == "--app X: no device was filtered out (1 report the app available)")
    }

    @Test func someFilteredIsAWarningListingEachAnswer() {
        let check = DiscoveryDiagnosis.appFilterCheck(
            [
                (device("A", host: 1), .available(answer: "X=APP_AVAILABLE")),
                (device("B", host: 2), .unavailable(answer: "X=APP_UNAVAILABLE")),
                (device("C", host: 3), .unreachable(reason: "connect: Connection refused")),
            ], appIDs: ["X"])
        #expect(check.status == .warn)
        #expect(check.summary.hasPrefix("2 of 3 device(s) filtered out by --app X"))
        #expect(
            check.evidence == [
                "B (10.0.0.2:8009): unavailable: X=APP_UNAVAILABLE",
                "C (10.0.0.3:8009): unreachable: connect: Connection refused",
                "1 device(s) report the app available",
            ])
        #expect(check.fix?.contains("Developer Console") == true)
        #expect(check.fix?.contains("--insecure-skip-auth") == true)
    }

    @Test func everyDeviceFilteredFailsAndBecomesTheVerdict() {
        let check = DiscoveryDiagnosis.appFilterCheck(
            [(device("B", host: 2), .unavailable(answer: "X=APP_UNAVAILABLE"))], appIDs: ["X"])
        #expect(check.status == .fail)
        let report = DiscoveryDiagnosisReport(
            checks: [DiagnosticCheck(id: "avahi", status: .ok, summary: "up"), check], devices: [device("B", host: 2)])
        #expect(report.verdict.checkID == "app-filter")
    }

    @Test func diagnosisAsksEveryDeviceThroughTheChecker() async {
        let checker = ScriptedChecker()
        checker.answer("A", .available(answer: "X=APP_AVAILABLE"))
        let check = await DiscoveryDiagnosis.appFilter(
            [device("A", host: 1), device("B", host: 2)], appIDs: ["X"], checker: checker)
        #expect(check.status == .warn)
        #expect(check.evidence.first == "B (10.0.0.2:8009): unavailable: X=APP_UNAVAILABLE")
        #expect(checker.calls.sorted() == ["A@10.0.0.1 X", "B@10.0.0.2 X"])
    }
}
