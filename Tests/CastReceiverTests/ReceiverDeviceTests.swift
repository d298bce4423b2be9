import CastJSON
import CastReceiver
import CastWire
import Testing

@Suite struct ReceiverDeviceTests {
    @Test func launchRepliesWithTheLaunchRequestIDAndBroadcastsToOthers() {
        var sender = ReceiverTestSender()
        let first = sender.open(1)
        let second = sender.open(2)
        _ = sender.send(first, .connection, ["type": "CONNECT"])
        _ = sender.send(second, .connection, ["type": "CONNECT"], from: "sender-b")
        let replies = sender.send(first, .receiver, ["type": "LAUNCH", "appId": "CC1AD845", "requestId": 7])
        #expect(replies.count == 2)
        #expect(replies[0].0 == first && replies[0].1 == "sender-0")
        #expect(replies[0].2["requestId"] == 7)
        #expect(replies[1].0 == second && replies[1].1 == "*")
        #expect(replies[1].2["requestId"] == 0)
        let app = replies[0].2["status"]?["applications"]?.arrayValue?.first
        #expect(app?["appId"] == "CC1AD845")
        #expect(app?["transportId"] == app?["sessionId"])
        let names = app?["namespaces"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.contains("urn:x-cast:com.google.cast.media"))
    }

    @Test func startsWithBackdropAsTheIdleScreen() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        let replies = sender.send(connection, .receiver, ["type": "GET_STATUS", "requestId": 1])
        let app = replies.first?.2["status"]?["applications"]?.arrayValue?.first
        #expect(app?["appId"] == "E8C28D3C")
        #expect(app?["isIdleScreen"] == true)
        #expect(replies.first?.2["requestId"] == 1)
    }

    @Test func unknownAppGetsLaunchErrorNotFound() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        let replies = sender.send(connection, .receiver, ["type": "LAUNCH", "appId": "DEADBEEF", "requestId": 3])
        #expect(replies.first?.2["type"] == "LAUNCH_ERROR")
        #expect(replies.first?.2["reason"] == "NOT_FOUND")
        #expect(replies.first?.2["requestId"] == 3)
    }

    @Test func launchErrorFaultAnswersEveryLaunch() {
        var sender = ReceiverTestSender(ReceiverConfiguration(faults: [.launchError("CANCELLED")]))
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        let replies = sender.send(connection, .receiver, ["type": "LAUNCH", "appId": "CC1AD845", "requestId": 3])
        #expect(replies.first?.2["reason"] == "CANCELLED")
    }

    @Test func stopWithWrongSessionGetsInvalidSessionID() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        _ = sender.launch(connection, "CC1AD845")
        let replies = sender.send(connection, .receiver, ["type": "STOP", "sessionId": "nope", "requestId": 4])
        #expect(replies.first?.2["type"] == "INVALID_REQUEST")
        #expect(replies.first?.2["reason"] == "INVALID_SESSION_ID")
    }

    @Test func stopClosesTheAppConnectionsAndReturnsToBackdrop() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        let transport = sender.launch(connection, "CC1AD845")
        let replies = sender.send(
            connection, .receiver,
            [
                "type": "STOP", "sessionId": .string(transport),
                "requestId": 5,
            ])
        #expect(replies.first?.2["type"] == "CLOSE")
        let status = replies.last?.2
        #expect(status?["requestId"] == 5)
        #expect(status?["status"]?["applications"]?.arrayValue?.first?["appId"] == "E8C28D3C")
        #expect(sender.device.connections[connection]?.contains { $0.endpointID == transport } == false)
    }

    @Test func setVolumeChangesLevelAndMute() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        _ = sender.send(connection, .receiver, ["type": "SET_VOLUME", "volume": ["level": 0.25], "requestId": 2])
        let replies = sender.send(
            connection, .receiver,
            [
                "type": "SET_VOLUME", "volume": ["muted": true],
                "requestId": 3,
            ])
        let volume = replies.first?.2["status"]?["volume"]
        #expect(volume?["level"]?.doubleValue == 0.25)
        #expect(volume?["muted"] == true)
    }

    @Test func appAvailabilityListsKnownApps() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        let replies = sender.send(
            connection, .receiver,
            [
                "type": "GET_APP_AVAILABILITY",
                "appId": ["CC1AD845", "00000000"], "requestId": 9,
            ])
        #expect(replies.first?.2["availability"]?["CC1AD845"] == "APP_AVAILABLE")
        #expect(replies.first?.2["availability"]?["00000000"] == "APP_UNAVAILABLE")
    }

    @Test func heartbeatPingGetsPong() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        let replies = sender.send(connection, .heartbeat, ["type": "PING"])
        #expect(replies.first?.2["type"] == "PONG")
    }

    @Test func ignoreFaultLeavesTheTypeUnanswered() {
        var sender = ReceiverTestSender(ReceiverConfiguration(faults: [.ignore("GET_STATUS")]))
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        #expect(sender.send(connection, .receiver, ["type": "GET_STATUS", "requestId": 1]).isEmpty)
    }

    @Test func connectToMissingEndpointGetsClose() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        let replies = sender.send(connection, .connection, ["type": "CONNECT"], to: "no-such-transport")
        #expect(replies.first?.2["type"] == "CLOSE")
    }

    @Test func messageWithoutVirtualConnectionIsDropped() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        #expect(sender.send(connection, .receiver, ["type": "GET_STATUS", "requestId": 1]).isEmpty)
        #expect(sender.closed.isEmpty)
    }

    @Test func usingAnotherSendersSessionWithoutConnectClosesOnlyThatConnection() {
        var sender = ReceiverTestSender()
        let owner = sender.open(1)
        let intruder = sender.open(2)
        let transport = sender.launch(owner, "CC1AD845")
        _ = sender.send(
            intruder, .media, ["type": "PAUSE", "mediaSessionId": 1, "requestId": 1], from: "sender-x",
            to: transport)
        #expect(sender.closed[intruder] != nil)
        #expect(sender.closed[owner] == nil)
        let replies = sender.send(owner, .media, ["type": "GET_STATUS", "requestId": 2], to: transport)
        #expect(replies.first?.2["type"] == "MEDIA_STATUS")
    }

    @Test func invalidJSONAndBadNamespaceCloseTheConnection() {
        var sender = ReceiverTestSender()
        let first = sender.open(1)
        let second = sender.open(2)
        _ = sender.sendText(
            first, namespace: CastNamespace.receiver.rawValue, "{not json", from: "sender-0",
            to: "receiver-0")
        _ = sender.sendText(second, namespace: "bogus", "{}", from: "sender-0", to: "receiver-0")
        #expect(sender.closed[first]?.contains("invalid JSON") == true)
        #expect(sender.closed[second]?.contains("unknown namespace") == true)
    }

    @Test func echoAppReturnsCustomMessages() throws {
        let app = try ReceiverAppDefinition(parsingAppSpec: "ABCD1234=urn:x-cast:com.example.echo")
        var sender = ReceiverTestSender(ReceiverConfiguration(extraApps: [app]))
        let connection = sender.open(1)
        let transport = sender.launch(connection, "ABCD1234")
        let replies = sender.sendText(
            connection, namespace: "urn:x-cast:com.example.echo", "hello, echo",
            from: "sender-0", to: transport)
        #expect(replies.first?.2 == .string("hello, echo"))
        #expect(replies.first?.1 == "sender-0")
    }

    @Test func adAppPausesForAnAdAndResumes() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        let transport = sender.launch(connection, ReceiverAppDefinition.adInsertionID)
        _ = sender.send(
            connection, .media,
            [
                "type": "LOAD", "requestId": 2,
                "media": [
                    "contentId": "http://127.0.0.1/content.mp4", "contentType": "video/mp4", "streamType": "BUFFERED",
                ],
            ],
            to: transport)
        _ = sender.advance(by: .seconds(1))
        let namespace = ReceiverAppDefinition.adInsertionNamespace
        let paused = sender.sendText(
            connection, namespace: namespace, "requestAd,http://127.0.0.1/ad.xml,12.5",
            from: "sender-0", to: transport)
        #expect(paused.first?.2 == .string("onContentPauseRequested,12.5"))
        #expect(sender.device.mediaPlayer?.playerState == .paused)
        let resumed = sender.advance(by: .seconds(2))
        #expect(resumed.first?.2 == .string("onContentResumeRequested"))
        #expect(sender.device.mediaPlayer?.playerState == .playing)
        #expect(sender.device.mediaPlayer?.position(at: sender.now) == 12.5)
        _ = sender.sendText(connection, namespace: namespace, "seek,42", from: "sender-0", to: transport)
        #expect(sender.device.mediaPlayer?.position(at: sender.now) == 42)
    }

    @Test func shutdownClosesEveryVirtualConnection() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        _ = sender.launch(connection, "CC1AD845")
        let closes = sender.device.shutdownActions()
        #expect(closes.count == 2)
    }
}

@Suite struct ReceiverDeviceLimitTests {
    @Test func virtualConnectionsPastTheCapAreRefusedWithClose() {
        var sender = ReceiverTestSender()
        let connection = sender.open(1)
        for index in 0..<64 {
            #expect(sender.send(connection, .connection, ["type": "CONNECT"], from: "sender-\(index)").isEmpty)
        }
        let refused = sender.send(connection, .connection, ["type": "CONNECT"], from: "sender-extra")
        #expect(refused.count == 1)
        #expect(refused.first?.1 == "sender-extra")
        #expect(refused.first?.2["type"] == "CLOSE")
        // Connecting again with an id that already has a link is not a new link.
        #expect(sender.send(connection, .connection, ["type": "CONNECT"], from: "sender-3").isEmpty)
    }
}
