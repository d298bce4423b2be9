import CastNet
import CastWire
import Testing

@testable import CastSender

@Suite struct MediaControllerTests {
    static let zero = MonotonicInstant(nanoseconds: 0)

    static func controller(state: String, commands: Int64 = 12303, stream: String = "BUFFERED") throws
        -> MediaController
    {
        var controller = MediaController()
        controller.sessionStarted()
        let text = #"{"type":"MEDIA_STATUS","status":[{"mediaSessionId":1,"playerState":"\#(state)","currentTime":75,"#
            + #""supportedMediaCommands":\#(commands),"#
            + #""media":{"contentId":"u","streamType":"\#(stream)","duration":600},"#
            + #""repeatMode":"REPEAT_OFF"}]}"#
        controller.update(try MediaStatus(jsonText: text), at: zero)
        return controller
    }

    @Test func nothingIsEnabledWithoutASession() {
        let states = MediaController().controls(at: Self.zero)
        #expect(states == MediaControlStates())
        #expect(MediaController().lastKnownPlayerState == .unknown)
        #expect(MediaController().lastKnownStreamPosition == nil)
    }

    @Test func playingBufferedMediaEnablesPauseNotPlay() throws {
        let states = try Self.controller(state: "PLAYING").controls(at: Self.zero)
        #expect(!states.play && states.pause && states.playPauseToggle && states.stop && states.seek)
        #expect(states.toggleState == .play)
        #expect(states.positionText == "1:15" && states.durationText == "10:00")
        #expect(!states.next && !states.previous)
    }

    @Test func pausedMediaTogglesToPlay() throws {
        let controller = try Self.controller(state: "PAUSED")
        #expect(controller.controls(at: Self.zero).play)
        #expect(!controller.controls(at: Self.zero).pause)
        #expect(controller.togglePlayPause(at: Self.zero) == .play)
    }

    @Test func liveStreamTogglesToStopAndHidesDuration() throws {
        let controller = try Self.controller(state: "PLAYING", commands: 0, stream: "LIVE")
        let states = controller.controls(at: Self.zero)
        #expect(states.toggleState == .playLive)
        #expect(!states.pause && !states.seek && !states.progress)
        #expect(states.durationText == "--:--")
        #expect(controller.togglePlayPause(at: Self.zero) == .stop)
    }

    @Test func mediaWithoutPauseSupportDisablesPause() throws {
        let states = try Self.controller(state: "PLAYING", commands: 0).controls(at: Self.zero)
        #expect(!states.pause && !states.playPauseToggle && !states.seek)
    }

    @Test func queueCommandsFollowSupportedBits() throws {
        let states = try Self.controller(state: "PLAYING", commands: 64 | 128).controls(at: Self.zero)
        #expect(states.next && states.previous)
    }

    @Test func repeatCyclesOffAllSingleShuffleOff() {
        var mode = MediaRepeatMode.off
        var seen: [MediaRepeatMode] = []
        for _ in 0..<4 {
            mode = mode.next
            seen.append(mode)
        }
        #expect(seen == [.all, .single, .allAndShuffle, .off])
    }

    @Test func everythingIsDisabledWhileARequestIsInProgress() throws {
        var controller = try Self.controller(state: "PLAYING")
        controller.requestStarted()
        let states = controller.controls(at: Self.zero)
        #expect(!states.pause && !states.stop && !states.repeatMode && !states.seek)
        #expect(controller.togglePlayPause(at: Self.zero) == nil)
        controller.requestEnded()
        #expect(controller.controls(at: Self.zero).pause)
        #expect(controller.cycleRepeatMode(at: Self.zero) == .setRepeatMode(.all))
    }

    @Test func lastKnownStateSurvivesTheSessionEnd() throws {
        var controller = try Self.controller(state: "PLAYING")
        controller.sessionEnded(at: Self.zero + .seconds(5))
        #expect(controller.lastKnownPlayerState == .playing)
        #expect(controller.lastKnownStreamPosition == 80)
        #expect(controller.controls(at: Self.zero) == MediaControlStates())
    }

    @Test func skipClampsAtZeroAndDuration() throws {
        let controller = try Self.controller(state: "PAUSED")
        #expect(controller.skip(by: -100, at: Self.zero) == .seek(to: 0))
        #expect(controller.skip(by: 10, at: Self.zero) == .seek(to: 85))
        #expect(controller.skip(by: 1000, at: Self.zero) == .seek(to: 600))
    }
}

@Suite struct MediaControllerHostileValueTests {
    @Test func hugeOrNonFiniteTimesDrawAsUnknownInsteadOfTrapping() {
        #expect(MediaController.clock(1e300) == "--:--")
        #expect(MediaController.clock(.infinity) == "--:--")
        #expect(MediaController.clock(.nan) == "--:--")
        #expect(MediaController.clock(61) == "1:01")
    }
}
