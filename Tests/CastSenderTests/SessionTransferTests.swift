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

/// `transferSession(to:)`: the documented stream transfer between two in-process emulators on loopback —
/// STORE_SESSION on the source, RESUME_SESSION on the destination, STOP on the source — and its failures, which
/// leave the source session playing.
@Suite(.serialized) struct SessionTransferTests {
    static let kitchenID = "cccccccccccccccccccccccccccccccc"
    static let denID = "dddddddddddddddddddddddddddddddd"

    /// A second emulator ("Den") beside the harness's ("Kitchen"), the sender trusting both.
    final class TwoReceivers: @unchecked Sendable {
        let denLoop: EventLoop
        let den: ReceiverEmulator
        let denAddress: SocketAddress
        let harness: SenderHarness
        let recorder = CallbackRecorder()

        init(denFaults: [ReceiverFault] = []) async throws {
            denLoop = try EventLoop(name: "emulator-den")
            guard let loopback = SocketAddress(parsing: "127.0.0.1:0") else { throw HarnessError("loopback") }
            den = try ReceiverEmulator(
                options: ReceiverEmulatorOptions(
                    configuration: ReceiverConfiguration(name: "Den", deviceID: SessionTransferTests.denID,
                                                         faults: denFaults),
                    address: loopback, tlsKey: try TestKeys.rsa2048(named: "emulator-tls")),
                eventLoop: denLoop)
            denAddress = try den.start()
            harness = try SenderHarness(
                ReceiverConfiguration(name: "Kitchen", deviceID: SessionTransferTests.kitchenID),
                extraRoots: [den.deviceCertificate.certificate])
            await harness.context.withSessionManager { [recorder] in $0.add(recorder) }
        }

        var denDevice: Device { SessionTransferTests.device("Den", SessionTransferTests.denID, port: denAddress.port) }

        /// Starts a session on Kitchen and loads Big Buck Bunny from 100 s, playing.
        func startPlaying() async throws -> CastSession {
            let session = try await harness.context.startSession(with: harness.device).get()
            var load = SenderEmulatorTests.bunnyLoad()
            load.startTime = 100
            let request = load
            let loaded = await harness.context.perform { $0.currentCastSession?.remoteMediaClient.loadMedia(request) }
            #expect(loaded == .completed)
            #expect(await eventually(within: .seconds(5)) { await SenderEmulatorTests.playerState(harness.context) == "PLAYING" })
            return session
        }

        func shutdown() async {
            await harness.shutdown()
            await den.stopAndWait()
            denLoop.shutdown()
        }
    }

    static func device(_ name: String, _ id: String, port: UInt16) -> Device {
        let ip = IPAddress("127.0.0.1")
        return Device(
            instanceName: "\(name)._googlecast._tcp.local.", instanceLabel: name, host: "127.0.0.1", port: port,
            addresses: ip.map { [$0] } ?? [], txt: [Array("id=\(id)".utf8), Array("fn=\(name)".utf8)],
            interfaceIndex: 1, via: .builtin)
    }

    /// The running app ids on the emulator at `address`, asked over a fresh connection.
    static func runningApps(at address: SocketAddress, loop: EventLoop) async throws -> [String] {
        let tls = try TLSContext(configuration: .client())
        guard let probe = await ReceiverProbe.connect(to: address, on: loop, tls: tls, senderID: "sender-probe")
        else { throw HarnessError("probe could not connect") }
        defer { probe.close() }
        probe.send(CastNamespace.connection.rawValue, text: #"{"type":"CONNECT","connType":0}"#)
        let status = await probe.request(.receiver, ["type": "GET_STATUS"], to: "receiver-0", timeout: .seconds(10))
        return (status?["status"]?["applications"]?.arrayValue ?? []).compactMap { $0["appId"]?.stringValue }
    }

    private static func mediaSnapshot(_ context: CastContext) async -> (String?, String?, Double?) {
        await context.withSessionManager { manager in
            let status = manager.currentCastSession?.remoteMediaClient.mediaStatus
            return (status?.media?.contentID ?? status?.media?.contentURL, status?.playerState, status?.currentTime)
        }
    }

    @Test func theSessionMovesToTheDestinationAndPlaysOnFromTheSamePosition() async throws {
        let rig = try await TwoReceivers()
        let session = try await rig.startPlaying()
        let before = rig.recorder.events.count

        let moved = try await rig.harness.context.transferSession(to: rig.denDevice).get()

        #expect(moved === session)
        let events = rig.recorder.events.dropFirst(before).filter {
            !$0.hasPrefix("volume") && !$0.hasPrefix("metadata") && !$0.hasPrefix("didStartMediaSession")
        }
        #expect(Array(events) == ["didUpdateDevice \(Self.denID)", "willResume", "didResume"])
        let (deviceID, state) = await rig.harness.context.withSessionManager { _ in
            (session.device.deviceID, session.connectionState)
        }
        #expect(deviceID == Self.denID)
        #expect(state == .connected)
        // The destination plays the same content from (about) where the source was.
        #expect(
            await eventually(within: .seconds(5)) {
                await Self.mediaSnapshot(rig.harness.context).1 == "PLAYING"
            })
        let (content, _, position) = await Self.mediaSnapshot(rig.harness.context)
        #expect(content == "http://127.0.0.1/bbb.mp4")
        #expect((position ?? 0) >= 100 && (position ?? 0) < 160, "position \(position ?? -1)")
        // The source's app is stopped; the destination runs it.
        #expect(try await !Self.runningApps(at: rig.harness.address, loop: rig.harness.clientLoop).contains("CC1AD845"))
        #expect(try await Self.runningApps(at: rig.denAddress, loop: rig.harness.clientLoop).contains("CC1AD845"))
        // Media commands now go to the destination.
        let paused = await rig.harness.context.perform { _ in session.remoteMediaClient.pause() }
        #expect(paused == .completed)
        await rig.shutdown()
    }

    @Test func aDestinationRefusingResumeSessionLeavesTheSourcePlaying() async throws {
        let rig = try await TwoReceivers(denFaults: [.loadFailed(905)])
        let session = try await rig.startPlaying()
        let before = rig.recorder.events.count

        let result = await rig.harness.context.transferSession(to: rig.denDevice)

        guard case let .failure(error) = result else {
            Issue.record("the transfer should fail")
            return await rig.shutdown()
        }
        #expect(error.code == .mediaLoadFailed)
        await expectSourceStillPlaying(rig, session, eventsBefore: before)
        // The app the helper launched on the destination is stopped again.
        #expect(
            await eventually(within: .seconds(5)) {
                (try? await Self.runningApps(at: rig.denAddress, loop: rig.harness.clientLoop).contains("CC1AD845"))
                    == false
            })
        await rig.shutdown()
    }

    @Test func aDestinationThatNeverAnswersResumeSessionTimesOutAndTheSourcePlaysOn() async throws {
        let rig = try await TwoReceivers(denFaults: [.ignore("RESUME_SESSION")])
        let session = try await rig.startPlaying()
        let before = rig.recorder.events.count

        let result = await rig.harness.context.transferSession(to: rig.denDevice)

        guard case let .failure(error) = result else {
            Issue.record("the transfer should fail")
            return await rig.shutdown()
        }
        #expect(error.code == .timeout)
        await expectSourceStillPlaying(rig, session, eventsBefore: before)
        await rig.shutdown()
    }

    @Test func anUnreachableDestinationLeavesTheSourcePlaying() async throws {
        let rig = try await TwoReceivers()
        let session = try await rig.startPlaying()
        let before = rig.recorder.events.count
        // Nothing listens there any more: the connection is refused.
        let gone = Self.device("Gone", "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", port: rig.denAddress.port)
        await rig.den.stopAndWait()

        let result = await rig.harness.context.transferSession(to: gone)

        guard case let .failure(error) = result else {
            Issue.record("the transfer should fail")
            return await rig.shutdown()
        }
        #expect(error.code == .networkError)
        await expectSourceStillPlaying(rig, session, eventsBefore: before)
        await rig.shutdown()
    }

    @Test func aSessionWithoutMediaCannotBeStored() async throws {
        let rig = try await TwoReceivers()
        let session = try await rig.harness.context.startSession(with: rig.harness.device).get()

        let result = await rig.harness.context.transferSession(to: rig.denDevice)

        guard case let .failure(error) = result else {
            Issue.record("the transfer should fail")
            return await rig.shutdown()
        }
        #expect(error.code == .noMediaSession)
        let (deviceID, state) = await rig.harness.context.withSessionManager { _ in
            (session.device.deviceID, session.connectionState)
        }
        #expect(deviceID == Self.kitchenID && state == .connected)
        #expect(try await !Self.runningApps(at: rig.denAddress, loop: rig.harness.clientLoop).contains("CC1AD845"))
        await rig.shutdown()
    }

    @Test func transferWithoutASessionFails() async throws {
        let rig = try await TwoReceivers()
        let result = await rig.harness.context.transferSession(to: rig.denDevice)
        guard case let .failure(error) = result else {
            Issue.record("the transfer should fail")
            return await rig.shutdown()
        }
        #expect(error.code == .sessionIsNotActive)
        await rig.shutdown()
    }

    private func expectSourceStillPlaying(_ rig: TwoReceivers, _ session: CastSession, eventsBefore: Int) async {
        let (deviceID, state, transfer) = await rig.harness.context.withSessionManager { _ in
            (session.device.deviceID, session.connectionState, session.documentedTransfer == nil)
        }
        #expect(deviceID == Self.kitchenID)
        #expect(state == .connected)
        #expect(transfer)
        let events = rig.recorder.events.dropFirst(eventsBefore)
        #expect(!events.contains { $0.hasPrefix("did") && !$0.hasPrefix("didStartMediaSession") }, "\(events)")
        let (content, playerState, _) = await Self.mediaSnapshot(rig.harness.context)
        #expect(content == "http://127.0.0.1/bbb.mp4")
        #expect(playerState == "PLAYING")
        let paused = await rig.harness.context.perform { _ in session.remoteMediaClient.pause() }
        #expect(paused == .completed)
        let sourceApps = try? await Self.runningApps(at: rig.harness.address, loop: rig.harness.clientLoop)
        #expect(sourceApps?.contains("CC1AD845") == true)
    }
}
