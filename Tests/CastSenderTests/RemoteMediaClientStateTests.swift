import CastNet
import CastWire
import Testing

@testable import CastSender

@Suite struct RemoteMediaClientStateTests {
    static func status(_ text: String) throws -> MediaStatus { try MediaStatus(jsonText: text) }

    static let playing = #"{"type":"MEDIA_STATUS","requestId":0,"status":[{"mediaSessionId":1,"playbackRate":1,"#
        + #""playerState":"PLAYING","currentTime":10,"supportedMediaCommands":12303,"#
        + #""media":{"contentId":"u","streamType":"BUFFERED","duration":60,"metadata":{"metadataType":1,"title":"T"}},"#
        + #""repeatMode":"REPEAT_OFF","currentItemId":1,"items":[{"itemId":1},{"itemId":2}]}]}"#

    @Test func firstStatusStartsTheSessionAndReportsEverything() throws {
        var state = RemoteMediaClientState()
        let events = state.apply(try Self.status(Self.playing), at: MonotonicInstant(nanoseconds: 0))
        #expect(events.count == 4)
        #expect(events.first == .didStartMediaSession(1))
        #expect(events.contains(.didUpdateQueue))
        #expect(state.metadata?.title == "T")
        #expect(state.queueItemIDs == [1, 2])
        #expect(state.playerState == .playing)
    }

    @Test func laterStatusWithoutMediaKeepsTheMediaAndOnlyReportsStatus() throws {
        var state = RemoteMediaClientState()
        _ = state.apply(try Self.status(Self.playing), at: MonotonicInstant(nanoseconds: 0))
        let paused = #"{"type":"MEDIA_STATUS","status":[{"mediaSessionId":1,"playerState":"PAUSED","currentTime":12,"#
            + #""repeatMode":"REPEAT_OFF","currentItemId":1}]}"#
        let events = state.apply(try Self.status(paused), at: MonotonicInstant(nanoseconds: 0))
        #expect(events.count == 1)
        #expect(state.mediaStatus?.media?.duration == 60)
        #expect(state.playerState == .paused)
    }

    @Test func approximatePositionAdvancesOnlyWhilePlayingAndStopsAtTheDuration() throws {
        var state = RemoteMediaClientState()
        let start = MonotonicInstant(nanoseconds: 5_000_000_000)
        _ = state.apply(try Self.status(Self.playing), at: start)
        #expect(state.approximateStreamPosition(at: start + .milliseconds(2500)) == 12.5)
        #expect(state.approximateStreamPosition(at: start + .seconds(500)) == 60)
        let paused = #"{"type":"MEDIA_STATUS","status":[{"mediaSessionId":1,"playerState":"PAUSED","currentTime":20}]}"#
        _ = state.apply(try Self.status(paused), at: start)
        #expect(state.approximateStreamPosition(at: start + .seconds(30)) == 20)
    }

    @Test func emptyStatusEndsTheMediaSession() throws {
        var state = RemoteMediaClientState()
        _ = state.apply(try Self.status(Self.playing), at: MonotonicInstant(nanoseconds: 0))
        let events = state.apply(try Self.status(#"{"type":"MEDIA_STATUS","status":[]}"#),
                                 at: MonotonicInstant(nanoseconds: 0))
        #expect(events == [.didUpdateMediaStatus(nil)])
        #expect(state.approximateStreamPosition(at: MonotonicInstant(nanoseconds: 0)) == nil)
    }
}
