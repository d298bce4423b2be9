import CastDiscovery
import CastNet
import CastReceiver
import CastTestSupport
import CastWire
import Synchronization
import Testing

@testable import CastSender

/// The live stack against the emulator in process, over loopback TLS with device authentication.
@Suite(.serialized) struct SenderEmulatorTests {
    static func bunnyLoad() -> MediaLoadRequestData {
        var metadata = MediaMetadata(metadataType: .movie)
        metadata.setString("Big Buck Bunny", forKey: MediaMetadataKey.title)
        var builder = MediaInformationBuilder(contentURL: "http://127.0.0.1/bbb.mp4")
        builder.contentType = "video/mp4"
        builder.streamDuration = 596
        builder.metadata = metadata
        return MediaLoadRequestData(mediaInformation: builder.build())
    }

    static func playerState(_ context: CastContext) async -> String? {
        await context.withSessionManager { $0.currentCastSession?.remoteMediaClient.mediaStatus?.playerState }
    }

    @Test func fullSessionLaunchLoadControlAndEnd() async throws {
        let harness = try SenderHarness()
        let recorder = CallbackRecorder()
        await harness.context.withSessionManager { manager in manager.add(recorder) }
        let result = await harness.context.startSession(with: harness.device)
        let session = try result.get()
        await harness.context.withSessionManager { _ in session.remoteMediaClient.add(recorder) }
        #expect(await harness.context.withSessionManager { $0.connectionState } == .connected)
        #expect(await harness.context.withSessionManager { _ in session.transportID } != nil)

        let load = await harness.context.perform {
            $0.currentCastSession?.remoteMediaClient.loadMedia(Self.bunnyLoad())
        }
        #expect(load == .completed)
        #expect(await eventually(within: .seconds(5)) { await Self.playerState(harness.context) == "PLAYING" })
        #expect(await harness.context.perform { $0.currentCastSession?.remoteMediaClient.pause() } == .completed)
        #expect(await Self.playerState(harness.context) == "PAUSED")
        let seek = await harness.context.perform {
            $0.currentCastSession?.remoteMediaClient.seek(with: MediaSeekOptions(interval: 42))
        }
        #expect(seek == .completed)
        let position = await harness.context.withSessionManager {
            $0.currentCastSession?.remoteMediaClient.approximateStreamPosition
        }
        #expect(position == 42)
        #expect(await harness.context.perform { $0.currentCastSession?.remoteMediaClient.play() } == .completed)
        #expect(await harness.context.perform { $0.currentCastSession?.setDeviceVolume(0.25) } == .completed)
        #expect(await harness.context.perform { $0.currentCastSession?.setDeviceMuted(true) } == .completed)
        #expect(await harness.context.perform { $0.currentCastSession?.remoteMediaClient.setStreamVolume(0.5) }
            == .completed)
        #expect(await harness.context.perform { $0.currentCastSession?.remoteMediaClient.stop() } == .completed)
        await harness.context.endSession(stopCasting: true)
        let events = recorder.events
        #expect(events.first == "willStart")
        #expect(events.contains("didStart"))
        #expect(events.contains("didStartMediaSession"))
        #expect(events.contains("metadata Big Buck Bunny"))
        #expect(events.contains("volume 0.25 false"))
        #expect(events.suffix(2) == ["willEnd", "didEnd nil"])
        await harness.shutdown()
    }

    @Test func aDeviceWithSeveralAddressesIsReachedAtTheOneThatAnswers() async throws {
        let harness = try SenderHarness()
        // ::1 first (RFC 8305 puts IPv6 first), where nothing listens on the emulator's port: refused, then IPv4.
        var device = harness.device
        device.addresses = [.v6(.loopback)] + device.addresses
        let session = try await harness.context.startSession(with: device).get()
        #expect(await harness.context.withSessionManager { $0.connectionState } == .connected)
        #expect(await harness.context.withSessionManager { _ in session.transportID } != nil)
        await harness.shutdown()
    }

    @Test func commandsWithoutMediaFailWithNoMediaSession() async throws {
        let harness = try SenderHarness()
        _ = try await harness.context.startSession(with: harness.device).get()
        let outcome = await harness.context.perform { $0.currentCastSession?.remoteMediaClient.pause() }
        #expect(outcome == .failed(CastError(.noMediaSession, "no media is loaded")))
        await harness.shutdown()
    }

    @Test func launchErrorFailsTheStartWithApplicationNotFound() async throws {
        let harness = try SenderHarness(appID: "0BADA990")
        let recorder = CallbackRecorder()
        await harness.context.withSessionManager { manager in manager.add(recorder) }
        let result = await harness.context.startSession(with: harness.device)
        #expect(throws: CastError.self) { try result.get() }
        if case let .failure(error) = result { #expect(error.code == .applicationNotFound) }
        let events = recorder.events.filter { !$0.hasPrefix("volume") }
        #expect(events == ["willStart", "didFailToStart ApplicationNotFound"])
        await harness.shutdown()
    }

    @Test func untrustedDeviceFailsAuthentication() async throws {
        let harness = try SenderHarness(trusted: false)
        let result = await harness.context.startSession(with: harness.device)
        guard case let .failure(error) = result else {
            Issue.record("the session started with an untrusted device")
            await harness.shutdown()
            return
        }
        // An empty trust store: no path to a root, which the SDK reports as DeviceCertificateNotTrusted.
        #expect(error.code == .deviceCertificateNotTrusted)
        #expect("\(error)".contains("untrusted-root"))
        await harness.shutdown()
    }

    @Test func skippingAuthenticationStillStarts() async throws {
        let harness = try SenderHarness(authenticate: false, trusted: false)
        _ = try await harness.context.startSession(with: harness.device).get()
        await harness.shutdown()
    }

    @Test func loadFailedFaultMapsToMediaLoadFailedWithDetailedCode() async throws {
        let harness = try SenderHarness(ReceiverConfiguration(faults: [.loadFailed(104)]))
        _ = try await harness.context.startSession(with: harness.device).get()
        let outcome = await harness.context.perform {
            $0.currentCastSession?.remoteMediaClient.loadMedia(Self.bunnyLoad())
        }
        guard case let .failed(error) = outcome else {
            Issue.record("LOAD did not fail: \(outcome)")
            await harness.shutdown()
            return
        }
        #expect(error.code == .mediaLoadFailed)
        #expect(error.detailedCode?.rawValue == 104)
        await harness.shutdown()
    }

    @Test func customChannelRunsTheAdInsertionExchange() async throws {
        let harness = try SenderHarness(appID: ReceiverAppDefinition.adInsertionID)
        let recorder = CallbackRecorder()
        let session = try await harness.context.startSession(with: harness.device).get()
        let sent = await harness.context.withSessionManager { _ -> Bool in
            guard let channel = GenericCastChannel(namespace: ReceiverAppDefinition.adInsertionNamespace) else {
                return false
            }
            channel.delegate = recorder
            session.add(channel)
            return (try? channel.sendTextMessage("requestAd,http://ads.test/tag,12.5")) != nil
        }
        #expect(sent)
        let paused = await eventually(within: .seconds(5)) {
            recorder.events.contains { $0.hasPrefix("text onContentPauseRequested") }
        }
        #expect(paused)
        #expect(await eventually(within: .seconds(8)) { recorder.events.contains("text onContentResumeRequested") })
        #expect(recorder.events.first == "channelConnected")
        await harness.shutdown()
    }

    @Test func lostConnectionSuspendsAndResumesTheSameSession() async throws {
        let harness = try SenderHarness { options in
            options.backoff.initial = .milliseconds(50)
        }
        let recorder = CallbackRecorder()
        await harness.context.withSessionManager { manager in manager.add(recorder) }
        let session = try await harness.context.startSession(with: harness.device).get()
        let before = await harness.context.withSessionManager { _ in session.sessionID }
        await harness.context.withSessionManager { _ in session.simulateNetworkLoss() }
        #expect(await eventually(within: .seconds(5)) { recorder.events.contains("didResume") })
        #expect(recorder.events.contains("didSuspend NetworkError"))
        #expect(await harness.context.withSessionManager { _ in session.sessionID } == before)
        #expect(await harness.context.withSessionManager { $0.connectionState } == .connected)
        await harness.shutdown()
    }

    @Test func frameworkListenersRunAfterAppListenersOnlyForWillCallbacks() async throws {
        let harness = try SenderHarness()
        let shared = OrderLog()
        let app = OrderedListener("app", shared)
        let framework = OrderedListener("framework", shared)
        await harness.context.withSessionManager { manager in
            manager.add(app)
            manager.add(framework, framework: true)
        }
        _ = try await harness.context.startSession(with: harness.device).get()
        await harness.context.endSession(stopCasting: false)
        #expect(shared.lines == [
            "app willStart", "framework willStart", "framework didStart", "app didStart",
            "framework willEnd", "app willEnd", "framework didEnd", "app didEnd",
        ])
        await harness.shutdown()
    }
}

/// Lines appended by several listeners, in call order.
final class OrderLog: @unchecked Sendable {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    func append(_ line: String) { storage.withLock { $0.append(line) } }
}

/// A listener writing `name callback` into a shared log.
final class OrderedListener: SessionManagerListener, @unchecked Sendable {
    let name: String
    let log: OrderLog
    init(_ name: String, _ log: OrderLog) {
        self.name = name
        self.log = log
    }
    func sessionManager(_ manager: SessionManager, willStart session: CastSession) { log.append("\(name) willStart") }
    func sessionManager(_ manager: SessionManager, didStart session: CastSession) { log.append("\(name) didStart") }
    func sessionManager(_ manager: SessionManager, willEnd session: CastSession) { log.append("\(name) willEnd") }
    func sessionManager(_ manager: SessionManager, didEnd session: CastSession, withError error: CastError?) {
        log.append("\(name) didEnd")
    }
}
