import CastFetch
import CastJSON
import CastMedia
import CastReceiver
import CastWire
import Testing

/// `--fetch-media`: a LOAD waits for its media to be fetched and judged, then plays or fails with the detailed
/// error code a device sends for the first error found.
@Suite struct ReceiverMediaFetchTests {
    private func load(_ sender: inout ReceiverTestSender, url: String) -> [(SenderConnectionID, String, JSONValue)] {
        let connection = sender.open(1)
        let transport = sender.launch(connection, ReceiverAppDefinition.defaultMediaReceiverID)
        return sender.send(connection, .media, [
            "type": "LOAD", "requestId": 7,
            "media": ["contentId": .string(url), "contentType": "video/mp4", "streamType": "BUFFERED"],
        ], to: transport)
    }

    @Test func aLoadWaitsForItsFetchThenPlaysOrFails() {
        var configuration = ReceiverConfiguration()
        configuration.fetchesMedia = true
        var sender = ReceiverTestSender(configuration)
        #expect(load(&sender, url: "http://10.0.0.2/a.mp4").isEmpty, "no answer before the fetch")
        #expect(sender.pendingLoads.map(\.url) == ["http://10.0.0.2/a.mp4"])
        #expect(sender.pendingLoads.first?.contentType == "video/mp4")
        let failed = sender.completeFetch(MediaFetchOutcome.forced(104))
        #expect(failed.first?.2["type"]?.stringValue == "LOAD_FAILED")
        #expect(failed.first?.2["detailedErrorCode"]?.intValue == 104)
        #expect(failed.first?.2["requestId"]?.intValue == 7)

        var playing = ReceiverTestSender(configuration)
        _ = load(&playing, url: "http://10.0.0.2/a.mp4")
        let replies = playing.completeFetch(MediaFetchOutcome(report: MediaCheckReport(url: "x", model: .strictest)))
        #expect(replies.first?.2["type"]?.stringValue == "MEDIA_STATUS")
        #expect(playing.device.mediaPlayer?.playerState == .buffering)
    }

    @Test func withoutTheFlagOrForAQueueNothingIsFetched() {
        var plain = ReceiverTestSender()
        #expect(load(&plain, url: "http://10.0.0.2/a.mp4").first?.2["type"]?.stringValue == "MEDIA_STATUS")
        #expect(plain.pendingLoads.isEmpty)
        var configuration = ReceiverConfiguration()
        configuration.fetchesMedia = true
        var sender = ReceiverTestSender(configuration)
        // Not an http(s) URL: the player refuses it at once, as before.
        #expect(load(&sender, url: "file:///etc/passwd").first?.2["detailedErrorCode"]?.intValue == 104)
        #expect(sender.pendingLoads.isEmpty)
    }

    @Test func theFirstErrorGivesTheCodeADeviceSends() {
        func code(_ reasonCode: MediaReason.Code, _ container: String?, _ resource: String?) -> Int? {
            var report = MediaCheckReport(url: "http://10.0.0.2/x", model: .strictest)
            report.container = container
            var reason = MediaReason(reasonCode, .error, "m", fix: "f")
            reason.resource = resource
            report.reasons = [MediaReason(.rangeUnsupported, .warning, "w", fix: "f"), reason]
            return MediaFetchOutcome(report: report).detailedErrorCode
        }
        #expect(code(.codecUnsupported, "mp4", nil) == 104)
        #expect(code(.httpStatus, "mp4", "media") == 103)
        #expect(code(.httpStatus, nil, "media") == 103)
        #expect(code(.httpStatus, "hls", "media") == 311)
        #expect(code(.corsMissing, "hls", "variant") == 312)
        #expect(code(.httpStatus, "hls", "segment") == 301)
        #expect(code(.httpStatus, "dash", "media") == 321)
        #expect(code(.corsMissing, "dash", "init") == 322)
        #expect(code(.mediaMalformed, "hls", nil) == 411)
        #expect(code(.loopbackURL, "mp4", "media") == 103)
        #expect(code(.tlsUntrusted, "hls", "media") == 311)
        var fine = MediaCheckReport(url: "x", model: .strictest)
        fine.reasons = [MediaReason(.rangeUnsupported, .warning, "w", fix: "f")]
        #expect(MediaFetchOutcome(report: fine).detailedErrorCode == nil)
    }
}
