import CastJSON
import CastReceiver
import CastWire
import Testing

@Suite struct ReceiverMultizoneTests {
    static let kitchen = MultizoneDevice(deviceID: "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9", name: "Kitchen",
                                         capabilityMask: 4, volume: CastVolume(level: 1, muted: false))
    static let office = MultizoneDevice(deviceID: "ffeeddcc-bbaa-9988-7766-554433221100", name: "Office",
                                        capabilityMask: 4, volume: CastVolume(level: 0.5, muted: false))

    static func group() -> ReceiverTestSender {
        var configuration = ReceiverConfiguration(name: "Downstairs", deviceID: "11112222333344445555666677778888")
        configuration.groupMembers = [kitchen, office]
        return ReceiverTestSender(configuration)
    }

    @Test func groupAnswersGetStatusWithItsMembers() throws {
        var sender = Self.group()
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        let replies = sender.send(connection, .multizone, ["type": "GET_STATUS", "requestId": 4])
        let reply = try #require(replies.first)
        #expect(reply.1 == "sender-0" && reply.2["requestId"] == 4)
        guard case let .status(status) = try MultizoneMessage(json: reply.2) else {
            Issue.record("not MULTIZONE_STATUS: \(reply.2)")
            return
        }
        #expect(status.status.devices.map(\.name) == ["Kitchen", "Office"])
        #expect(status.status.playbackSession == nil, "nothing plays on the idle screen")
    }

    @Test func playingGroupReportsItsPlaybackSession() throws {
        var sender = Self.group()
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        _ = sender.send(connection, .receiver, ["type": "LAUNCH", "appId": "CC1AD845", "requestId": 1])
        let replies = sender.send(connection, .multizone, ["type": "GET_STATUS", "requestId": 2])
        guard case let .status(status) = try MultizoneMessage(json: try #require(replies.first).2) else {
            Issue.record("not MULTIZONE_STATUS")
            return
        }
        #expect(status.status.playbackSession?.appAllowsGrouping == true)
    }

    @Test func memberVolumeChangeAnswersAndBroadcastsDeviceUpdated() throws {
        var sender = Self.group()
        let first = sender.open(1)
        let second = sender.open(2)
        _ = sender.send(first, .connection, ["type": "CONNECT"])
        _ = sender.send(second, .connection, ["type": "CONNECT"], from: "sender-b")
        let replies = sender.send(first, .multizone, [
            "type": "SET_DEVICE_VOLUME", "requestId": 9, "deviceId": "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
            "volume": ["level": 0.25],
        ])
        #expect(replies.count == 2)
        #expect(replies[0].0 == first && replies[0].2["requestId"] == 9)
        #expect(replies[1].0 == second && replies[1].1 == "*" && replies[1].2["requestId"] == 0)
        guard case let .deviceUpdated(device) = try MultizoneMessage(json: replies[0].2) else {
            Issue.record("not DEVICE_UPDATED")
            return
        }
        #expect(device.name == "Kitchen" && device.volume?.level == 0.25 && device.volume?.muted == false)
        #expect(sender.events == [.memberVolumeChanged(deviceID: Self.kitchen.deviceID,
                                                         volume: CastVolume(level: 0.25, muted: false))])
        #expect(sender.device.members.first?.volume?.level == 0.25)
    }

    @Test func badMemberRequestsGetInvalidRequest() {
        var sender = Self.group()
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        let office = JSONValue.string(Self.office.deviceID)
        let cases: [(JSONValue, String)] = [
            (["type": "SET_DEVICE_VOLUME", "requestId": 1, "deviceId": "nobody", "volume": ["level": 0.5]],
             "INVALID_DEVICE_ID"),
            (["type": "SET_DEVICE_VOLUME", "requestId": 2, "deviceId": office, "volume": ["level": 2]],
             "INVALID_PARAMS"),
            (["type": "SET_DEVICE_VOLUME", "requestId": 3, "deviceId": office], "INVALID_COMMAND"),
            (["type": "LAUNCH", "requestId": 4], "INVALID_COMMAND"),
        ]
        for (request, reason) in cases {
            let reply = sender.send(connection, .multizone, request).first?.2
            #expect(reply?["type"] == "INVALID_REQUEST" && reply?["reason"] == .string(reason), "\(request)")
            #expect(reply?["requestId"] == request["requestId"])
        }
        #expect(sender.events.isEmpty)
    }

    @Test func memberChangeSeenOnTheMemberReachesTheGroupsSendersOnce() {
        var sender = Self.group()
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        let volume = CastVolume(level: 0.7, muted: true)
        let first = sender.device.memberVolumeChanged(deviceID: "ffeeddccbbaa99887766554433221100", volume: volume)
        #expect(first.count == 1)
        // The same volume again (the group's own SET_DEVICE_VOLUME coming back from the member) is not news.
        #expect(sender.device.memberVolumeChanged(deviceID: Self.office.deviceID, volume: volume).isEmpty)
        #expect(sender.device.memberVolumeChanged(deviceID: "stranger", volume: volume).isEmpty)
    }

    @Test func singleDeviceHasNoMembersAndListsItsGroups() throws {
        var configuration = ReceiverConfiguration()
        configuration.castingGroups = [CastingGroup(deviceID: "g-1", name: "Downstairs")]
        var sender = ReceiverTestSender(configuration)
        let connection = sender.open(1)
        _ = sender.send(connection, .connection, ["type": "CONNECT"])
        let status = sender.send(connection, .multizone, ["type": "GET_STATUS", "requestId": 1]).first?.2
        #expect(status?["status"]?["devices"] == .array([]))
        let groups = sender.send(connection, .multizone, ["type": "GET_CASTING_GROUPS", "requestId": 2]).first?.2
        #expect(try MultizoneMessage(json: try #require(groups))
                == .castingGroups(requestID: 2, groups: configuration.castingGroups))
    }

    @Test func groupAdvertisesTheGroupBitsAndModel() {
        var configuration = ReceiverConfiguration(name: "Downstairs")
        configuration.groupMembers = [Self.kitchen]
        let record = CastTXTRecord(configuration.txtRecord.strings)
        #expect(record.capabilities?.contains(.multizoneGroup) == true)
        #expect(record.model == "Google Cast Group")
        #expect(CastTXTRecord(ReceiverConfiguration().txtRecord.strings).capabilities?.contains(.multizoneGroup) == false)
    }
}
