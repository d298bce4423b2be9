import CastDiscovery
import CastJSON
import CastNet
import CastReceiver
import CastTLS
import CastTestKit
import CastTestSupport
import CastWire
import Testing

@testable import CastSender

/// Stream transfer: the emulator moves its app session to a second emulator and says so in RECEIVER_STATUS; the
/// sender follows it — didUpdateDevice, willResume, didResume with `device` the destination — and its media
/// commands then go to the destination.
@Suite(.serialized) struct StreamTransferTests {
    static let kitchenID = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
    static let denID = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"

    @Test func theSessionFollowsItsAppToTheDestinationDevice() async throws {
        let denLoop = try EventLoop(name: "emulator-den")
        guard let loopback = SocketAddress(parsing: "127.0.0.1:0") else { throw HarnessError("loopback") }
        let den = try ReceiverEmulator(
            options: ReceiverEmulatorOptions(
                configuration: ReceiverConfiguration(name: "Den", deviceID: Self.denID),
                address: loopback, tlsKey: try TestKeys.rsa2048(named: "emulator-tls")),
            eventLoop: denLoop)
        let denAddress = try den.start()
        let harness = try SenderHarness(
            ReceiverConfiguration(name: "Kitchen", deviceID: Self.kitchenID),
            extraRoots: [den.deviceCertificate.certificate])
        defer {
            den.stop()
            denLoop.shutdown()
        }
        let recorder = CallbackRecorder()
        await harness.context.withSessionManager { $0.add(recorder) }
        let session = try await harness.context.startSession(with: harness.device).get()
        let loaded = await harness.context.perform {
            $0.currentCastSession?.remoteMediaClient.loadMedia(SenderEmulatorTests.bunnyLoad())
        }
        #expect(loaded == .completed)
        let before = await harness.context.withSessionManager { _ in session.sessionID }

        #expect(await harness.emulator.transferSession(to: den, at: denAddress))
        #expect(await eventually(within: .seconds(8)) { recorder.events.contains("didResume") }, "\(recorder.events)")

        let transferEvents = recorder.events.filter { !$0.hasPrefix("volume") && !$0.hasPrefix("metadata") }
            .drop { $0 != "didUpdateDevice \(Self.denID)" }
        #expect(Array(transferEvents.prefix(3)) == ["didUpdateDevice \(Self.denID)", "willResume", "didResume"])
        #expect(!recorder.events.contains { $0.hasPrefix("didEnd") || $0.hasPrefix("didSuspend") })
        let (deviceID, port, state, sessionID) = await harness.context.withSessionManager { _ in
            (session.device.deviceID, session.device.servicePort, session.connectionState, session.sessionID)
        }
        #expect(deviceID == Self.denID)
        #expect(port == denAddress.port)
        #expect(state == .connected)
        #expect(sessionID != nil && sessionID != before)
        // The destination's player carries on with the media loaded on the source.
        #expect(
            await eventually(within: .seconds(5)) {
                await harness.context.withSessionManager { _ in session.remoteMediaClient.mediaStatus != nil }
            })
        let paused = await harness.context.perform { _ in session.remoteMediaClient.pause() }
        #expect(paused == .completed)
        #expect(await den.connectedSenderCount() == 1)
        await harness.shutdown()
    }

    /// `--fault transfer-after=D`: the emulator starts its own destination ("NAME 2") and moves the session there.
    @Test func theTransferAfterFaultMovesTheSessionToTheEmulatorsSecondDevice() async throws {
        let harness = try SenderHarness(
            ReceiverConfiguration(name: "Harness TV", deviceID: Self.kitchenID, faults: [.transferAfter(.seconds(1))]),
            authenticate: false)
        let recorder = CallbackRecorder()
        await harness.context.withSessionManager { $0.add(recorder) }
        let session = try await harness.context.startSession(with: harness.device).get()
        #expect(await eventually(within: .seconds(10)) { recorder.events.contains("didResume") }, "\(recorder.events)")
        let (name, deviceID) = await harness.context.withSessionManager { _ in
            (session.device.friendlyName, session.device.deviceID)
        }
        #expect(name == "Harness TV 2")
        #expect(deviceID == String(Self.kitchenID.dropLast()) + "b")
        let loaded = await harness.context.perform { _ in
            session.remoteMediaClient.loadMedia(SenderEmulatorTests.bunnyLoad())
        }
        #expect(loaded == .completed)
        await harness.shutdown()
    }

    @Test func aDestinationWithoutAnAddressIsFoundOnlyThroughTheDeviceLookup() async throws {
        let signal = try #require(StreamTransferSignal(status: Self.movedStatus(host: nil), sessionID: "s-1"))
        #expect(signal.deviceID == Self.denID && signal.host == nil)
        let manager = try SessionManager(
            options: CastOptions(discoveryCriteria: .init(applicationIDs: [])),
            eventLoop: EventLoop(name: "transfer-lookup"), clock: ManualClock(),
            tls: .init(configuration: .client()))
        #expect(manager.destinationDevice(for: signal) == nil)
        manager.deviceLookup = { id in id == Self.denID ? SenderHarnessDevices.den : nil }
        #expect(manager.destinationDevice(for: signal)?.friendlyName == "Den")
        manager.eventLoop.shutdown()
    }

    @Test func contextLooksTransferDestinationsUpInItsDiscoveryList() async throws {
        let signal = try #require(StreamTransferSignal(status: Self.movedStatus(host: nil), sessionID: "s-1"))
        let den = try #require(SenderHarnessDevices.den)
        let loop = try EventLoop(name: "transfer-context-lookup")
        var options = CastOptions(discoveryCriteria: .init(applicationIDs: []))
        options.deviceAuthentication = false
        let context = try CastContext(
            options: options, eventLoop: loop, clock: ManualClock(), discoveryBackends: [ListedDeviceBackend(den)])
        let discovery = try #require(context.discoveryManager)
        try await discovery.startDiscovery()
        _ = await discovery.firstDevice(where: { _ in true }, timeout: .seconds(5))
        let found = await context.withSessionManager { $0.destinationDevice(for: signal)?.friendlyName }
        #expect(found == "Den")
        await discovery.stopDiscovery()
        loop.shutdown()
    }

    @Test func theSignalNeedsTheSessionGoneAndNamed() throws {
        #expect(StreamTransferSignal(status: Self.movedStatus(host: "127.0.0.1"), sessionID: "other") == nil)
        var stillHere = Self.movedStatus(host: "127.0.0.1")
        stillHere.status?.applications = [
            ReceiverApplication(
                appID: "CC1AD845", sessionID: "s-1",
                transportID: "s-1")
        ]
        #expect(StreamTransferSignal(status: stillHere, sessionID: "s-1") == nil)
        var plain = Self.movedStatus(host: "127.0.0.1")
        plain.status?.unknown = JSONObject()
        #expect(StreamTransferSignal(status: plain, sessionID: "s-1") == nil)
        let signal = StreamTransferSignal(status: Self.movedStatus(host: "127.0.0.1"), sessionID: "s-1")
        #expect(
            signal
                == StreamTransferSignal(
                    sessionID: "s-1", deviceID: Self.denID, friendlyName: "Den",
                    host: "127.0.0.1", port: 8010))
    }

    /// A RECEIVER_STATUS from the source after the move: the idle screen, and where session s-1 went.
    static func movedStatus(host: String?) -> ReceiverStatus {
        var destination: JSONObject = ["deviceId": .string(denID), "friendlyName": "Den"]
        if let host {
            destination["host"] = .string(host)
            destination["port"] = 8010
        }
        var status = ReceiverStatus.Status(applications: [
            ReceiverApplication(appID: "E8C28D3C", sessionID: "idle-1", transportID: "idle-1")
        ])
        status.unknown["streamTransfer"] = ["sessionId": "s-1", "destination": .object(destination)]
        return ReceiverStatus(requestID: 0, status: status)
    }
}

/// A device for the lookup test.
enum SenderHarnessDevices {
    static var den: CastDiscovery.Device? {
        guard let ip = IPAddress("127.0.0.1") else { return nil }
        return CastDiscovery.Device(
            instanceName: "Den", instanceLabel: "Den", host: "127.0.0.1", port: 8010, addresses: [ip],
            txt: [Array("id=\(StreamTransferTests.denID)".utf8), Array("fn=Den".utf8)], interfaceIndex: 0,
            via: .builtin)
    }
}

/// A discovery backend that reports one device when started.
private final class ListedDeviceBackend: DiscoveryBackend, @unchecked Sendable {
    let kind = DiscoveryBackendKind.builtin
    let device: CastDiscovery.Device
    init(_ device: CastDiscovery.Device) { self.device = device }
    func start(deliver: @escaping @Sendable (DiscoveryEvent) -> Void) async throws { deliver(.found(device)) }
    func stop() async {}
}
