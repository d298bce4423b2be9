import CastJSON
import CastNet
import CastReceiver
import CastWire
import Testing

@Suite struct MediaPlayerTests {
    let start = MonotonicInstant(nanoseconds: 5_000_000_000)

    func loaded(
        _ media: JSONValue = [
            "contentId": "http://127.0.0.1/a.mp4", "streamType": "BUFFERED",
            "duration": 10,
        ]
    ) -> MediaPlayer {
        var player = MediaPlayer(bufferingTime: .milliseconds(500))
        _ = player.handle(["type": "LOAD", "media": media, "customData": ["k": 1]], now: start)
        return player
    }

    @Test func loadBuffersThenPlaysAndAdvancesWithRate() {
        var player = loaded()
        #expect(player.playerState == .buffering)
        #expect(player.mediaSessionID == 1)
        let changed = player.advance(to: start + .milliseconds(500))
        #expect(changed)
        #expect(player.playerState == .playing)
        #expect(player.position(at: start + .milliseconds(2500)) == 2)
        _ = player.handle(
            ["type": "SET_PLAYBACK_RATE", "playbackRate": 2, "mediaSessionId": 1],
            now: start + .milliseconds(2500))
        #expect(player.position(at: start + .milliseconds(3500)) == 4)
    }

    @Test func finishesAtDurationThenReportsIdleOnceAndThenNothing() {
        var player = loaded()
        let changed = player.advance(to: start + .seconds(11))
        #expect(changed)
        #expect(player.playerState == .idle)
        let status = player.takeStatus(at: start + .seconds(11))
        #expect(status.first?["idleReason"] == "FINISHED")
        #expect(player.takeStatus(at: start + .seconds(12)).isEmpty)
    }

    @Test func liveStreamHasNoDurationAndNeverFinishes() {
        var player = loaded(["contentId": "http://127.0.0.1/live.m3u8", "streamType": "LIVE"])
        _ = player.advance(to: start + .seconds(1))
        #expect(player.nextDeadline() == nil)
        _ = player.advance(to: start + .seconds(100_000))
        #expect(player.playerState == .playing)
        #expect(player.peekStatus(at: start).first?["media"]?["duration"] == nil)
    }

    @Test func commandsWithoutSessionGetInvalidPlayerState() {
        var player = MediaPlayer()
        #expect(
            player.handle(["type": "PAUSE", "mediaSessionId": 1], now: start)
                == .error(type: .invalidPlayerState, fields: JSONObject()))
        #expect(player.handle(["type": "GET_STATUS"], now: start) == .status)
        #expect(player.peekStatus(at: start).isEmpty)
    }

    @Test func wrongMediaSessionIDGetsInvalidRequest() {
        var player = loaded()
        #expect(
            player.handle(["type": "PAUSE", "mediaSessionId": 99], now: start)
                == .error(type: .invalidRequest, fields: ["reason": "INVALID_MEDIA_SESSION_ID"]))
    }

    @Test func loadFailedFaultAnswersLoadFailed() {
        var player = MediaPlayer()
        let reply = player.handle(
            ["type": "LOAD", "media": ["contentId": "http://127.0.0.1/x"]], now: start, loadFailure: 104)
        #expect(reply == .error(type: .loadFailed, fields: ["detailedErrorCode": 104]))
        #expect(player.mediaSessionID == nil)
    }

    @Test func contentThatIsNotAnHTTPURLFailsToLoad() {
        var player = MediaPlayer()
        #expect(
            player.handle(["type": "LOAD", "media": ["contentId": "file:///etc/passwd"]], now: start)
                == .error(type: .loadFailed, fields: ["detailedErrorCode": 104]))
        #expect(
            player.handle(["type": "LOAD", "media": ["contentType": "video/mp4"]], now: start)
                == .error(type: .invalidRequest, fields: ["reason": "INVALID_PARAMS"]))
        #expect(player.mediaSessionID == nil)
    }

    @Test func seekHonoursResumeState() {
        var player = loaded()
        _ = player.advance(to: start + .seconds(1))
        _ = player.handle(["type": "PAUSE", "mediaSessionId": 1], now: start + .seconds(2))
        #expect(player.position(at: start + .seconds(3)) == 1.5)
        _ = player.handle(
            ["type": "SEEK", "currentTime": 7, "resumeState": "PLAYBACK_START", "mediaSessionId": 1],
            now: start + .seconds(3))
        #expect(player.playerState == .playing)
        #expect(player.position(at: start + .seconds(4)) == 8)
        _ = player.handle(
            ["type": "SEEK", "relativeTime": -2, "resumeState": "PLAYBACK_PAUSE"],
            now: start + .seconds(4))
        #expect(player.playerState == .paused)
        #expect(player.position(at: start + .seconds(9)) == 6)
    }

    @Test func stopGoesIdleCancelled() {
        var player = loaded()
        _ = player.handle(["type": "STOP", "mediaSessionId": 1], now: start)
        #expect(player.takeStatus(at: start).first?["idleReason"] == "CANCELLED")
        #expect(player.takeStatus(at: start).isEmpty)
    }

    @Test func queueJumpsRepeatsAndEdits() {
        var player = MediaPlayer(bufferingTime: .zero)
        let items: JSONValue = [
            ["media": ["contentId": "http://127.0.0.1/a", "duration": 5]],
            ["media": ["contentId": "http://127.0.0.1/b", "duration": 5]],
            ["media": ["contentId": "http://127.0.0.1/c", "duration": 5]],
        ]
        _ = player.handle(["type": "QUEUE_LOAD", "items": items, "repeatMode": "REPEAT_ALL"], now: start)
        func current() -> String? {
            player.peekStatus(at: start).first?["media"]?["contentId"]?.stringValue.map { String($0.suffix(1)) }
        }
        #expect(current() == "a")
        _ = player.handle(["type": "QUEUE_UPDATE", "jump": 1], now: start)
        #expect(current() == "b")
        _ = player.handle(["type": "QUEUE_PREV"], now: start)
        _ = player.handle(["type": "QUEUE_PREV"], now: start)
        #expect(current() == "c")
        _ = player.handle(
            ["type": "QUEUE_INSERT", "items": [["media": ["contentId": "http://127.0.0.1/d"]]], "insertBefore": 1],
            now: start)
        #expect(
            player.peekStatus(at: start).first?["items"]?.arrayValue?.first?["media"]?["contentId"]
                == "http://127.0.0.1/d")
        _ = player.handle(["type": "QUEUE_REORDER", "itemIds": [4]], now: start)
        #expect(
            player.peekStatus(at: start).first?["items"]?.arrayValue?.last?["media"]?["contentId"]
                == "http://127.0.0.1/d")
        _ = player.handle(["type": "QUEUE_REMOVE", "itemIds": [3]], now: start)
        #expect(current() == "d")
        _ = player.handle(["type": "QUEUE_UPDATE", "repeatMode": "REPEAT_SINGLE"], now: start)
        _ = player.advance(to: start + .seconds(600 + 1))
        #expect(current() == "d")
        _ = player.handle(["type": "EDIT_TRACKS_INFO", "activeTrackIds": [1]], now: start)
        #expect(player.peekStatus(at: start).first?["activeTrackIds"] == [1])
        #expect(player.peekStatus(at: start).first?["repeatMode"] == "REPEAT_SINGLE")
    }

    @Test func streamVolumeIsReported() {
        var player = loaded()
        _ = player.handle(
            ["type": "SET_VOLUME", "volume": ["level": 0.5, "muted": true], "mediaSessionId": 1],
            now: start)
        let volume = player.peekStatus(at: start).first?["volume"]
        #expect(volume?["level"]?.doubleValue == 0.5)
        #expect(volume?["muted"] == true)
        #expect(
            player.peekStatus(at: start).first?["supportedMediaCommands"]?.intValue
                == MediaPlayer.supportedMediaCommands)
    }
}

@Suite struct MediaPlayerHostileInputTests {
    let start = MonotonicInstant(nanoseconds: 5_000_000_000)

    func request(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    @Test func hugeAndInfiniteNumbersNeverReachTheClock() throws {
        var player = MediaPlayer(bufferingTime: .zero)
        _ = player.handle(
            try request(
                #"{"type":"LOAD","media":{"contentId":"http://127.0.0.1/a","duration":1e308},"currentTime":-1e308}"#),
            now: start)
        _ = player.advance(to: start + .seconds(1))
        #expect(player.nextDeadline() != nil)
        #expect(player.position(at: start + .seconds(2)).isFinite)
        // The JSON parser refuses 1e999, but values built in-process can be infinite or NaN.
        _ = player.handle(["type": "SEEK", "currentTime": .double(-.infinity)], now: start)
        _ = player.handle(["type": "SEEK", "currentTime": .double(.nan)], now: start)
        _ = player.handle(["type": "SET_PLAYBACK_RATE", "playbackRate": .double(.infinity)], now: start)
        #expect(player.playbackRate == 1)
        #expect(player.position(at: start + .seconds(3)).isFinite)
    }

    @Test func hugeQueueJumpDoesNotOverflow() throws {
        var player = MediaPlayer(bufferingTime: .zero)
        _ = player.handle(
            try request(
                #"{"type":"QUEUE_LOAD","items":[{"media":{"contentId":"http://127.0.0.1/a"}},"#
                    + #"{"media":{"contentId":"http://127.0.0.1/b"}}],"repeatMode":"REPEAT_ALL"}"#), now: start)
        _ = player.handle(try request(#"{"type":"QUEUE_UPDATE","jump":9223372036854775807}"#), now: start)
        _ = player.handle(try request(#"{"type":"QUEUE_UPDATE","jump":-9223372036854775808}"#), now: start)
        #expect(player.hasActiveSession)
    }
}

/// Regressions from review: a hostile sender must not grow the queue past what one MEDIA_STATUS frame can carry.
@Suite struct MediaPlayerQueueLimitTests {
    let start = MonotonicInstant(nanoseconds: 5_000_000_000)

    private func isInvalidRequest(_ reply: MediaPlayerReply) -> Bool {
        if case .error(let type, _) = reply { return type == .invalidRequest }
        return false
    }

    @Test func reorderWithRepeatedIdsIsRejectedAndDoesNotDuplicateItems() {
        var player = MediaPlayer()
        _ = player.handle(["type": "LOAD", "media": ["contentId": "http://127.0.0.1/a"]], now: start)
        _ = player.handle(
            ["type": "QUEUE_INSERT", "items": [["media": ["contentId": "http://127.0.0.1/b"]]]], now: start)
        let before = player.peekStatus(at: start).first?["items"]?.arrayValue?.count
        let reply = player.handle(["type": "QUEUE_REORDER", "itemIds": [2, 2, 2, 2]], now: start)
        #expect(isInvalidRequest(reply))
        #expect(player.peekStatus(at: start).first?["items"]?.arrayValue?.count == before)
    }

    @Test func insertBeyondTheQueueLimitIsRejected() {
        var player = MediaPlayer()
        _ = player.handle(["type": "LOAD", "media": ["contentId": "http://127.0.0.1/a"]], now: start)
        let item: JSONValue = ["media": ["contentId": "http://127.0.0.1/x"]]
        var rejected = false
        for _ in 0..<300 where !rejected {
            rejected = isInvalidRequest(player.handle(["type": "QUEUE_INSERT", "items": [item]], now: start))
        }
        #expect(rejected)
        #expect((player.peekStatus(at: start).first?["items"]?.arrayValue?.count ?? 0) <= 200)
    }
}
