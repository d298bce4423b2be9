import Foundation
import CastNet
import CastWire
import Dispatch
import Synchronization
import Testing

@testable import CastDiscovery

/// A backend the test drives by hand.
private final class FakeBackend: DiscoveryBackend, @unchecked Sendable {
    let kind = DiscoveryBackendKind.builtin
    private let deliverBox = Mutex<(@Sendable (DiscoveryEvent) -> Void)?>(nil)

    func start(deliver: @escaping @Sendable (DiscoveryEvent) -> Void) async throws {
        deliverBox.withLock { $0 = deliver }
    }
    func stop() async { deliverBox.withLock { $0 = nil } }
    func send(_ event: DiscoveryEvent) { deliverBox.withLock { $0 }?(event) }
}

/// Records listener callbacks as text.
private final class RecordingListener: DiscoveryManagerListener, @unchecked Sendable {
    private let events = Mutex<[String]>([])
    var log: [String] { events.withLock { $0 } }

    func didStartDiscovery() { events.withLock { $0.append("start") } }
    func willUpdateDeviceList() { events.withLock { $0.append("will") } }
    func didUpdateDeviceList() { events.withLock { $0.append("did") } }
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

@Suite struct DiscoveryManagerTests {
    private func device(_ name: String, instance: String? = nil, status: String = "0") -> Device {
        Device(
            instanceName: "\(instance ?? name)._googlecast._tcp.local.", instanceLabel: instance ?? name,
            host: "h.local.", port: 8009, addresses: [.v4(IPv4Address(10, 0, 0, 1))],
            txt: ["id=\(name)", "fn=\(name)", "st=\(status)"].map { Array($0.utf8) }, interfaceIndex: 2, via: .builtin)
    }

    private func drain(_ manager: DiscoveryManager) { manager.callbackQueue.sync {} }

    @Test func listIsOrderedByFriendlyNameWithInsertIndices() async throws {
        let backend = FakeBackend()
        let manager = DiscoveryManager(backends: [backend])
        let listener = RecordingListener()
        manager.add(listener)
        try await manager.startDiscovery()
        backend.send(.found(device("Kitchen")))
        backend.send(.found(device("bedroom")))
        backend.send(.found(device("Living Room")))
        drain(manager)
        #expect(manager.deviceList.map(\.friendlyName) == ["bedroom", "Kitchen", "Living Room"])
        #expect(
            listener.log == [
                "start", "will", "insert Kitchen@0", "did", "will", "insert bedroom@0", "did", "will",
                "insert Living Room@2", "did",
            ])
        #expect(manager.discoveryState == .running)
        #expect(manager.device(withUniqueID: "cast:Kitchen")?.friendlyName == "Kitchen")
    }

    @Test func changedRecordIsAnUpdateAndRenameMoves() async throws {
        let backend = FakeBackend()
        let manager = DiscoveryManager(backends: [backend])
        let listener = RecordingListener()
        manager.add(listener)
        try await manager.startDiscovery()
        backend.send(.found(device("A", instance: "one")))
        backend.send(.found(device("B", instance: "two")))
        backend.send(.found(device("A", instance: "one", status: "1")))
        backend.send(.found(device("C", instance: "one")))
        backend.send(.found(device("C", instance: "one")))  // identical: no callback
        drain(manager)
        #expect(listener.log.filter { $0.hasPrefix("update") } == ["update A@0->0", "update C@0->1"])
        #expect(manager.deviceList.map(\.friendlyName) == ["B", "C"])
    }

    @Test func lostDeviceIsRemovedAtItsIndex() async throws {
        let backend = FakeBackend()
        let manager = DiscoveryManager(backends: [backend])
        let listener = RecordingListener()
        manager.add(listener)
        try await manager.startDiscovery()
        backend.send(.found(device("A")))
        backend.send(.found(device("B")))
        backend.send(.lost(instanceName: "b._googlecast._tcp.local.", reason: .goodbye))
        drain(manager)
        #expect(listener.log.suffix(3) == ["will", "remove B@1", "did"])
        #expect(manager.deviceCount == 1)
    }

    @Test func eventsAfterStopAreIgnored() async throws {
        let backend = FakeBackend()
        let manager = DiscoveryManager(backends: [backend])
        try await manager.startDiscovery()
        await manager.stopDiscovery()
        backend.send(.found(device("A")))
        drain(manager)
        #expect(manager.deviceCount == 0)
        #expect(manager.discoveryState == .stopped)
    }

    @Test func findDeviceWaitsForTheDeviceToAppear() async throws {
        let backend = FakeBackend()
        let manager = DiscoveryManager(backends: [backend])
        try await manager.startDiscovery()
        // A plain thread, not a Task: on a 2-core machine the cooperative pool can be busy with other suites'
        // blocking work, and the event must arrive while findDevice is waiting, whatever the pool is doing.
        let later = device("Later")
        Thread.detachNewThread {
            usleep(20_000)
            backend.send(.found(later))
        }
        let found = await manager.findDevice(withUniqueID: "cast:Later", timeout: .seconds(30))
        #expect(found?.friendlyName == "Later")
        #expect(await manager.findDevice(withUniqueID: "cast:Never", timeout: .zero) == nil)
    }

    @Test func criteriaWithAppIDsRequireAvailabilityButNoneDoNot() {
        #expect(DiscoveryCriteria(applicationIDs: ["CC1AD845"]).requiresAppAvailability)
        #expect(!DiscoveryCriteria().requiresAppAvailability)
    }
}

@Suite struct DeviceTests {
    @Test func txtFieldsBecomeGCKDeviceFields() {
        let txt = MDNSTestPackets.txt.map { Array($0.utf8) }
        let device = Device(
            instanceName: "X._googlecast._tcp.local.", instanceLabel: "X", host: "h.local.", port: 8009,
            addresses: [.v6(IPv6Address.loopback), .v4(IPv4Address(10, 0, 0, 2))], txt: txt, interfaceIndex: 1,
            via: .avahi)
        #expect(device.deviceID == "4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5")
        #expect(device.uniqueID == "cast:4f9e6b2ad0c14a8c9b7e35f1d2c3b4a5")
        #expect(device.friendlyName == "Living Room TV")
        #expect(device.modelName == "Chromecast Ultra")
        #expect(device.networkAddress == .v4(IPv4Address(10, 0, 0, 2)))
        #expect(device.status == .idle)
        #expect(device.statusText == "YouTube")
        #expect(device.protocolVersion == 5)
        #expect(device.iconPath == "/setup/icon.png")
        #expect(device.hasCapabilities([.videoOut, .audioOut]))
    }

    @Test func missingTXTFallsBackToInstanceLabel() {
        let device = Device(
            instanceName: "Y._googlecast._tcp.local.", instanceLabel: "Y", host: "", port: 1, addresses: [], txt: [],
            interfaceIndex: 0, via: .builtin)
        #expect(device.friendlyName == "Y")
        #expect(device.deviceID == "Y")
        #expect(device.status == .unknown)
        #expect(device.capabilities.isEmpty)
    }
}
