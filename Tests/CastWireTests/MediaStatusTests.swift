import CastJSON
import Testing
@testable import CastWire

@Suite struct MediaStatusTests {
    static let text = #"{"type":"MEDIA_STATUS","status":[{"mediaSessionId":1,"playbackRate":1,"playerState":"PLAYING","currentTime":12.5,"supportedMediaCommands":274447,"volume":{"level":1,"muted":false},"activeTrackIds":[],"media":{"contentId":"http://x/v.mp4","contentType":"video/mp4","streamType":"BUFFERED","duration":596.47,"metadata":{"metadataType":0,"title":"T"}},"currentItemId":1,"repeatMode":"REPEAT_OFF","extendedStatus":{"playerState":"LOADING"}}],"requestId":4}"#

    @Test func readsSessionFieldsAndCommandBits() throws {
        let status = try MediaStatus(jsonText: Self.text)
        #expect(status.requestID == 4)
        let session = try #require(status.status.first)
        #expect(session.mediaSessionID == 1 && session.playerState == "PLAYING" && session.currentTime == 12.5)
        #expect(session.media?.duration == 596.47 && session.media?.metadata?["title"] == "T")
        let commands = try #require(session.supportedMediaCommands)
        #expect(commands.contains(.pause) && commands.contains(.seek) && commands.contains(.streamTransfer))
        #expect(!commands.contains(.like))
        #expect(session.unknown["extendedStatus"]?["playerState"] == "LOADING")
        #expect(try MediaStatus(json: status.json) == status)
    }

    @Test func supportedMediaCommandBitsHaveNames() {
        #expect(SupportedMediaCommands(rawValue: 3).names == ["PAUSE", "SEEK"])
        #expect(SupportedMediaCommands(rawValue: 274_447).description
            == "PAUSE|SEEK|STREAM_VOLUME|STREAM_MUTE|EDIT_TRACKS|PLAYBACK_RATE|STREAM_TRANSFER")
        #expect(SupportedMediaCommands(rawValue: 1 << 20 | 1).names == ["PAUSE", "BIT_20"])
        #expect(SupportedMediaCommands.named.count == 19)
    }

    @Test func emptyStatusMeansNoSession() throws {
        #expect(try MediaStatus(jsonText: #"{"type":"MEDIA_STATUS","status":[]}"#).status.isEmpty)
        #expect(try MediaStatus(jsonText: #"{"type":"MEDIA_STATUS"}"#).status.isEmpty)
    }

    @Test func wrongTypeInsideSessionNamesThePath() {
        let text = #"{"type":"MEDIA_STATUS","status":[{"supportedMediaCommands":"all"}]}"#
        #expect(throws: CastPayloadError(.wrongType(expected: "integer", found: "string"),
                                         path: "payload.status[0].supportedMediaCommands")) {
            try MediaStatus(jsonText: text)
        }
    }

    @Test func loadFailedCarriesDetailedCode() throws {
        let failed = try LoadFailed(jsonText: #"{"type":"LOAD_FAILED","requestId":9,"itemId":2,"detailedErrorCode":104}"#)
        #expect(failed.requestID == 9 && failed.itemID == 2)
        #expect(failed.detailedErrorCode?.name == "MEDIA_SRC_NOT_SUPPORTED")
        #expect(failed.detailedErrorCode?.description == "104 MEDIA_SRC_NOT_SUPPORTED")
        #expect(MediaDetailedErrorCode(rawValue: 7).description == "7")
        #expect(try LoadFailed(json: failed.json) == failed)
    }

    @Test func loadRequestNeedsMedia() throws {
        #expect(throws: CastPayloadError(.missingKey, path: "payload.media")) {
            try LoadRequest(jsonText: #"{"type":"LOAD","requestId":1}"#)
        }
        let load = try LoadRequest(jsonText: #"{"type":"LOAD","media":{"contentId":"u","streamType":"BUFFERED"},"autoplay":true,"currentTime":0,"customData":{},"credentials":"secret","requestId":2,"sessionId":"s"}"#)
        #expect(load.media.contentID == "u" && load.autoplay == true && load.unknown["credentials"] == "secret")
        #expect(try LoadRequest(json: load.json) == load)
    }

    @Test func mediaCommandsReadTheirMembers() throws {
        let seek = try MediaCommand(jsonText: #"{"type":"SEEK","mediaSessionId":1,"currentTime":30,"resumeState":"PLAYBACK_START","requestId":5}"#)
        #expect(seek.type == .seek && seek.currentTime == 30 && seek.resumeState == "PLAYBACK_START")
        let next = try MediaCommand(jsonText: #"{"type":"QUEUE_UPDATE","jump":-1,"mediaSessionId":1}"#)
        #expect(next.jump == -1)
        let volume = try MediaCommand(jsonText: #"{"type":"SET_VOLUME","volume":{"muted":true}}"#)
        #expect(volume.volume?.muted == true)
        #expect(throws: CastPayloadError.self) { try MediaCommand(jsonText: #"{"type":"LOAD"}"#) }
    }
}
