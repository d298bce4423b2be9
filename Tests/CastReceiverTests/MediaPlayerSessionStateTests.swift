import CastJSON
import CastNet
import CastReceiver
import CastWire
import Testing

/// STORE_SESSION / RESUME_SESSION on the emulated Default Media Receiver (stream transfer as documented).
@Suite struct MediaPlayerSessionStateTests {
    let start = MonotonicInstant(nanoseconds: 5_000_000_000)

    private func playing() -> MediaPlayer {
        var player = MediaPlayer(bufferingTime: .zero)
        _ = player.handle(
            [
                "type": "LOAD", "media": ["contentId": "http://127.0.0.1/a.mp4", "duration": 100],
                "customData": ["k": 1], "activeTrackIds": [2],
            ], now: start)
        _ = player.advance(to: start)
        return player
    }

    private func sessionState(_ reply: MediaPlayerReply) -> JSONValue? {
        guard case .message(.sessionState, let fields) = reply else { return nil }
        return fields["sessionState"]
    }

    private func invalidReason(_ reply: MediaPlayerReply) -> String? {
        guard case .error(.invalidRequest, let fields) = reply else { return nil }
        return fields["reason"]?.stringValue
    }

    @Test func storeSessionReportsMediaPositionAndPlaybackAsLoadRequestData() throws {
        var player = playing()
        let state = try #require(sessionState(player.handle(["type": "STORE_SESSION"], now: start + .seconds(7))))
        let load = try #require(state["loadRequestData"])
        #expect(load["media"]?["contentId"] == "http://127.0.0.1/a.mp4")
        #expect(load["currentTime"]?.doubleValue == 7)
        #expect(load["autoplay"] == true)
        #expect(load["customData"]?["k"] == 1)
        #expect(load["activeTrackIds"] == [2])
        #expect(load["queueData"] == nil)
        // Storing changes nothing on the source.
        #expect(player.playerState == .playing)
    }

    @Test func aPausedSessionIsStoredWithoutAutoplay() throws {
        var player = playing()
        _ = player.handle(["type": "PAUSE", "mediaSessionId": 1], now: start + .seconds(3))
        let state = try #require(sessionState(player.handle(["type": "STORE_SESSION"], now: start + .seconds(9))))
        #expect(state["loadRequestData"]?["autoplay"] == false)
        #expect(state["loadRequestData"]?["currentTime"]?.doubleValue == 3)
    }

    @Test func storeSessionWithoutMediaIsAnInvalidRequest() {
        var player = MediaPlayer()
        #expect(invalidReason(player.handle(["type": "STORE_SESSION"], now: start)) == "INVALID_MEDIA_SESSION_ID")
    }

    @Test func resumeSessionLoadsTheStoredStateAtItsPosition() throws {
        var source = playing()
        let state = try #require(sessionState(source.handle(["type": "STORE_SESSION"], now: start + .seconds(12))))
        var destination = MediaPlayer(bufferingTime: .zero)
        let reply = destination.handle(["type": "RESUME_SESSION", "sessionState": state], now: start)
        #expect(reply == .statusChanged)
        _ = destination.advance(to: start)
        #expect(destination.playerState == .playing)
        #expect(destination.position(at: start) == 12)
        let status = try #require(destination.peekStatus(at: start).first)
        #expect(status["media"]?["contentId"] == "http://127.0.0.1/a.mp4")
        #expect(status["customData"]?["k"] == 1)
    }

    @Test func aQueueTravelsWithTheSessionState() throws {
        var source = MediaPlayer(bufferingTime: .zero)
        _ = source.handle(
            [
                "type": "QUEUE_LOAD", "startIndex": 1, "repeatMode": "REPEAT_ALL",
                "items": [
                    ["media": ["contentId": "http://127.0.0.1/a"]], ["media": ["contentId": "http://127.0.0.1/b"]],
                ],
            ], now: start)
        let state = try #require(sessionState(source.handle(["type": "STORE_SESSION"], now: start)))
        var destination = MediaPlayer(bufferingTime: .zero)
        #expect(destination.handle(["type": "RESUME_SESSION", "sessionState": state], now: start) == .statusChanged)
        let status = try #require(destination.peekStatus(at: start).first)
        #expect(status["items"]?.arrayValue?.count == 2)
        #expect(status["media"]?["contentId"] == "http://127.0.0.1/b")
        #expect(status["repeatMode"] == "REPEAT_ALL")
    }

    @Test(arguments: [
        #"{"type":"RESUME_SESSION"}"#,
        #"{"type":"RESUME_SESSION","sessionState":null}"#,
        #"{"type":"RESUME_SESSION","sessionState":"x"}"#,
        #"{"type":"RESUME_SESSION","sessionState":{}}"#,
        #"{"type":"RESUME_SESSION","sessionState":{"loadRequestData":[1,2]}}"#,
        #"{"type":"RESUME_SESSION","sessionState":{"loadRequestData":{}}}"#,
        #"{"type":"RESUME_SESSION","sessionState":{"loadRequestData":{"media":7}}}"#,
        #"{"type":"RESUME_SESSION","sessionState":{"loadRequestData":{"queueData":{"items":[{}]}}}}"#,
        #"{"type":"RESUME_SESSION","sessionState":{"loadRequestData":{"media":{"contentId":"http://a"},"#
            + #""queueData":{"items":[{"media":{"contentId":"http://a"}}],"startIndex":-9223372036854775808}}}}"#,
    ])
    func malformedSessionStateIsAnInvalidRequestAndLoadsNothing(_ text: String) throws {
        var player = MediaPlayer()
        let reply = player.handle(try JSONValue(parsing: text), now: start)
        #expect(invalidReason(reply) == "INVALID_PARAMS")
        #expect(player.mediaSessionID == nil)
    }

    @Test func resumeSessionUnderTheLoadFailedFaultFailsLikeALoad() throws {
        var source = playing()
        let state = try #require(sessionState(source.handle(["type": "STORE_SESSION"], now: start)))
        var destination = MediaPlayer()
        let reply = destination.handle(["type": "RESUME_SESSION", "sessionState": state], now: start, loadFailure: 905)
        guard case .error(.loadFailed, _) = reply else {
            Issue.record("expected LOAD_FAILED, got \(reply)")
            return
        }
        #expect(destination.mediaSessionID == nil)
    }
}

/// The fuzz script reaches STORE_SESSION and RESUME_SESSION (the FuzzReceiver seed `store-resume`).
@Suite struct ReceiverDeviceScriptSessionStateTests {
    @Test func scriptedStoreAndResumeKeepTheDeviceInvariants() {
        // open #0; CONNECT; LAUNCH CC1AD845; CONNECT to it; LOAD; advance 2 s; then, to the transport, BOGUS
        // (137 % 23 == 22) read as STORE_SESSION (b == 4) and RESUME_SESSION (b == 2), good and broken.
        let media = UInt8(0x80 | (3 << 2))
        let setup: [UInt8] = [0x00, 0x80, 0, 0, 0, 0x88, 4, 0, 0, 0x80, 0x8A, 0, 0, media, 0x92, 80, 0, 0x40, 100]
        let transfer: [UInt8] = [media, 137, 5, 4, media, 137, 0, 2, 0x40, 10, media, 137, 3, 2, media, 137, 4, 2]
        // SESSION_STATE, RESUME's MEDIA_STATUS, INVALID_REQUEST, the queue RESUME's MEDIA_STATUS: one reply each.
        #expect(ReceiverDeviceScript.run(setup + transfer) >= ReceiverDeviceScript.run(setup) + 4)
    }
}
