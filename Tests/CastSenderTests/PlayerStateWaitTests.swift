import CastReceiver
import CastSender
import CastWire
import Testing

/// `CastContext.waitForPlayerState`, behind `cast load --wait playing`, against the emulator's Default Media Receiver.
@Suite struct PlayerStateWaitTests {
    private func loaded(_ harness: SenderHarness, autoplay: Bool) async throws -> CastSession {
        let session = try await FaultMatrixTests.start(harness, CallbackRecorder()).get()
        var load = SenderEmulatorTests.bunnyLoad()
        load.autoplay = autoplay
        let request = load
        let outcome = await harness.context.perform { $0.currentCastSession?.remoteMediaClient.loadMedia(request) }
        #expect(outcome == .completed)
        return session
    }

    @Test func anAutoplayLoadReachesPlaying() async throws {
        let harness = try SenderHarness()
        let session = try await loaded(harness, autoplay: true)
        let outcome = await harness.context.waitForPlayerState([.playing], of: session, timeout: .seconds(5))
        #expect((try? outcome.get())?.playerState == "PLAYING")
        await harness.shutdown()
    }

    @Test func aPausedLoadTimesOutNamingTheStateItWaitedFor() async throws {
        let harness = try SenderHarness()
        let session = try await loaded(harness, autoplay: false)
        let outcome = await harness.context.waitForPlayerState([.playing], of: session, timeout: .milliseconds(300))
        guard case .failure(let error) = outcome else {
            Issue.record("waited for PLAYING on paused media and got \(outcome)")
            await harness.shutdown()
            return
        }
        #expect(error.code == .timeout)
        #expect(error.description.contains("PLAYING"))
        await harness.shutdown()
    }

    @Test func aStoppedMediaEndsTheWaitAtOnce() async throws {
        let harness = try SenderHarness()
        let session = try await loaded(harness, autoplay: false)
        let stopped = await harness.context.perform { $0.currentCastSession?.remoteMediaClient.stop() }
        #expect(stopped == .completed)
        let outcome = await harness.context.waitForPlayerState([.playing], of: session, timeout: .seconds(30))
        guard case .failure(let error) = outcome else {
            Issue.record("waited for PLAYING on stopped media and got \(outcome)")
            await harness.shutdown()
            return
        }
        #expect(error.code != .timeout, "\(error)")
        await harness.shutdown()
    }
}
