import CastJSON
import CastWire
import Testing

@testable import CastSender

@Suite struct MediaRequestEncodingTests {
    static func bunny() -> MediaInformation {
        var metadata = MediaMetadata(metadataType: .movie)
        metadata.setString("Big Buck Bunny (2008)", forKey: MediaMetadataKey.title)
        metadata.setString("A giant rabbit", forKey: MediaMetadataKey.subtitle)
        metadata.addImage(MediaImage(url: "https://example.test/bbb.jpg", width: 480, height: 360))
        var builder = MediaInformationBuilder(contentURL: "https://example.test/bbb.mp4")
        builder.streamType = .buffered
        builder.contentType = "video/mp4"
        builder.metadata = metadata
        return builder.build()
    }

    @Test func loadCarriesMediaMetadataImagesAndSessions() {
        var data = MediaLoadRequestData(mediaInformation: Self.bunny())
        data.startTime = 12
        data.autoplay = false
        let text = data.loadRequest(requestID: 7, sessionID: "S1").jsonText
        #expect(text == #"{"type":"LOAD","requestId":7,"sessionId":"S1","#
            + #""media":{"contentId":"https://example.test/bbb.mp4","#
            + #""contentUrl":"https://example.test/bbb.mp4","contentType":"video/mp4","streamType":"BUFFERED","#
            + #""metadata":{"metadataType":1,"title":"Big Buck Bunny (2008)","subtitle":"A giant rabbit","#
            + #""images":[{"url":"https://example.test/bbb.jpg","width":480,"height":360}]}},"autoplay":false,"#
            + #""currentTime":12}"#)
    }

    @Test func castConnectCredentialsGoInLoadAndLaunch() {
        var data = MediaLoadRequestData(mediaInformation: Self.bunny())
        data.credentials = CredentialsData(credentials: "user-token", credentialsType: "ios")
        let load = data.loadRequest(requestID: 1, sessionID: "S").json
        #expect(load["credentials"]?.stringValue == "user-token")
        #expect(load["credentialsType"]?.stringValue == "ios")
        let options = LaunchOptions(androidReceiverCompatible: true, languageCode: "fa-IR",
                                    credentialsData: CredentialsData(credentials: "c"))
        let launch = options.launchRequest(appID: "CC1AD845", requestID: 2).json
        #expect(launch["supportedAppTypes"] == ["WEB", "ANDROID_TV"])
        #expect(launch["language"]?.stringValue == "fa-IR")
        #expect(launch["appParams"]?["launchCheckerParams"]?["credentialsData"]?["credentials"]?.stringValue == "c")
    }

    @Test func queueDataStartsAtItsStartIndex() {
        var builder = MediaQueueDataBuilder(queueType: "PLAYLIST")
        builder.items = ["a", "b"].compactMap { name in
            var item = MediaQueueItemBuilder()
            item.mediaInformation = MediaInformation(contentID: "https://example.test/\(name).mp4")
            return item.build()
        }
        builder.startIndex = 1
        builder.repeatMode = .all
        let load = MediaLoadRequestData(queueData: builder.build()).loadRequest(requestID: 3, sessionID: "S").json
        #expect(load["media"]?["contentId"]?.stringValue == "https://example.test/b.mp4")
        #expect(load["queueData"]?["repeatMode"]?.stringValue == "REPEAT_ALL")
        #expect(load["queueData"]?["items"]?.arrayValue?.count == 2)
        #expect(MediaQueueItemBuilder().build() == nil)
    }

    @Test func commandsCarrySessionIDsAndTheirMembers() {
        let factory = MediaCommandFactory(sessionID: "S", mediaSessionID: 5)
        #expect(factory.pause(requestID: 2).jsonText
            == #"{"type":"PAUSE","requestId":2,"mediaSessionId":5,"sessionId":"S"}"#)
        let seek = factory.seek(MediaSeekOptions(interval: 30, resumeState: .play), requestID: 3).json
        #expect(seek["currentTime"]?.doubleValue == 30 && seek["resumeState"]?.stringValue == "PLAYBACK_START")
        let relative = factory.seek(MediaSeekOptions(interval: -10, relative: true), requestID: 4).json
        #expect(relative["relativeTime"]?.doubleValue == -10 && relative["currentTime"] == nil)
        #expect(factory.setStreamVolume(1.5, requestID: 5).json["volume"]?["level"]?.doubleValue == 1)
        #expect(factory.setStreamMuted(true, requestID: 6).json["volume"]?["muted"]?.boolValue == true)
        #expect(factory.queueNext(requestID: 7).json["jump"]?.intValue == 1)
        #expect(factory.queuePrevious(requestID: 8).json["jump"]?.intValue == -1)
        #expect(factory.queueSetRepeatMode(.allAndShuffle, requestID: 9).json["repeatMode"]?.stringValue
            == "REPEAT_ALL_AND_SHUFFLE")
        #expect(factory.queueRemove([1, 2], requestID: 10).json["itemIds"] == [1, 2])
        #expect(factory.queueReorder([2], beforeItemID: 1, requestID: 11).json["insertBefore"]?.intValue == 1)
        #expect(factory.queueInsert([], playIndex: 0, requestID: 12).json["currentItemIndex"]?.intValue == 0)
        #expect(factory.queueJump(to: 4, requestID: 13).json["currentItemId"]?.intValue == 4)
        #expect(factory.setPlaybackRate(2, requestID: 14).json["playbackRate"]?.doubleValue == 2)
        #expect(factory.setActiveTrackIDs([1], requestID: 15).json["activeTrackIds"] == [1])
        #expect(factory.requestStatus(requestID: 16).json["type"]?.stringValue == "GET_STATUS")
    }

    @Test func metadataRoundTripsThroughJSON() {
        let media = Self.bunny()
        let metadata = MediaMetadata(json: media.metadata ?? [:])
        #expect(metadata.metadataType == .movie)
        #expect(metadata.title == "Big Buck Bunny (2008)")
        #expect(metadata.images.first?.width == 480)
        #expect(metadata.json == media.metadata)
    }
}
