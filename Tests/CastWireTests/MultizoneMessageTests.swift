import CastJSON
import Testing
@testable import CastWire

@Suite struct MultizoneMessageTests {
    /// The shape real groups send: hyphenated member ids, a capability mask, each member's own volume.
    static let status = #"{"requestId":7,"status":{"devices":[{"capabilities":196612,"deviceId":"0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9","name":"Kitchen speaker","volume":{"level":0.3,"muted":false}},{"capabilities":2052,"deviceId":"ffeeddcc-bbaa-9988-7766-554433221100","name":"Office","volume":{"level":1.0,"muted":true}}],"isMultichannel":false,"playbackSession":{"appAllowsGrouping":true,"isVideoContent":false,"streamTransferSupported":true}},"type":"MULTIZONE_STATUS"}"#

    @Test func multizoneStatusListsMembersWithTheirVolumeAndCapabilities() throws {
        guard case let .status(message) = try MultizoneMessage(jsonText: Self.status) else {
            Issue.record("not read as MULTIZONE_STATUS")
            return
        }
        #expect(message.requestID == 7)
        let kitchen = try #require(message.status.devices.first)
        #expect(kitchen.name == "Kitchen speaker" && kitchen.volume?.level == 0.3)
        #expect(kitchen.capabilities.contains(.audioOut))
        #expect(kitchen.canonicalID == "0a1b2c3d4e5f60718293a4b5c6d7e8f9")
        #expect(message.status.devices[1].volume?.muted == true)
        #expect(message.status.playbackSession?.streamTransferSupported == true)
        #expect(message.status.isMultichannel == false)
    }

    @Test func everyMessageSurvivesARoundTrip() throws {
        let member = MultizoneDevice(deviceID: "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9", name: "Kitchen",
                                     capabilityMask: 4, volume: CastVolume(level: 0.5, muted: false))
        let messages: [MultizoneMessage] = [
            .getStatus(requestID: 1), .getCastingGroups(requestID: 2),
            .setDeviceVolume(requestID: 3, deviceID: member.deviceID, volume: CastVolume(level: 0.4)),
            .status(MultizoneStatus(requestID: 4, status: .init(devices: [member]))),
            .castingGroups(requestID: 5, groups: [CastingGroup(deviceID: "g1", name: "Downstairs")]),
            .deviceAdded(member), .deviceUpdated(member), .deviceRemoved(deviceID: member.deviceID),
            .playbackSessionUpdated(MultizonePlaybackSession(appAllowsGrouping: false)),
        ]
        for message in messages {
            let again = try MultizoneMessage(jsonText: message.jsonText)
            #expect(again == message, "\(message.jsonText)")
            #expect(message.json.castMessageType == message.type)
        }
    }

    @Test func pychromecastsMessageShapesAreRead() throws {
        // The keys pychromecast's multizone controller reads: device.deviceId / device.name, deviceId on removal.
        let added = try MultizoneMessage(jsonText: #"{"type":"DEVICE_ADDED","device":{"deviceId":"a","name":"A"}}"#)
        #expect(added == .deviceAdded(MultizoneDevice(deviceID: "a", name: "A")))
        let removed = try MultizoneMessage(jsonText: #"{"type":"DEVICE_REMOVED","deviceId":"a"}"#)
        #expect(removed == .deviceRemoved(deviceID: "a"))
        let groups = try MultizoneMessage(jsonText: #"{"type":"CASTING_GROUPS","groups":[{"uuid":"g","name":"G"}]}"#)
        #expect(groups == .castingGroups(requestID: nil, groups: [CastingGroup(deviceID: "g", name: "G")]))
    }

    @Test func malformedMessagesNameTheKeyThatFailed() {
        let cases: [(String, String)] = [
            (#"{"type":"DEVICE_ADDED"}"#, "payload.device"),
            (#"{"type":"DEVICE_UPDATED","device":{"name":"x"}}"#, "payload.device.deviceId"),
            (#"{"type":"MULTIZONE_STATUS","status":{"devices":[{"deviceId":"a"},{"deviceId":5}]}}"#,
             "payload.status.devices[1].deviceId"),
            (#"{"type":"MULTIZONE_STATUS"}"#, "payload.status"),
            (#"{"type":"SET_DEVICE_VOLUME","deviceId":"a"}"#, "payload.volume"),
            (#"{"type":"LAUNCH"}"#, "payload.type"),
        ]
        for (text, path) in cases {
            #expect(throws: CastPayloadError.self, "\(text)") { try MultizoneMessage(jsonText: text) }
            do {
                _ = try MultizoneMessage(jsonText: text)
            } catch {
                #expect(error.path == path, "\(text): \(error)")
            }
        }
    }

    @Test func memberIdsMatchTheirTXTFormWhateverTheSpelling() {
        let member = MultizoneDevice(deviceID: "0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9")
        #expect(member.matches("0a1b2c3d4e5f60718293a4b5c6d7e8f9"))
        #expect(!member.matches("0a1b2c3d4e5f60718293a4b5c6d7e8f0"))
        #expect(MultizoneDevice.hyphenated("0a1b2c3d4e5f60718293a4b5c6d7e8f9") == "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9")
        #expect(MultizoneDevice.hyphenated("not-an-id") == "not-an-id")
    }

    @Test func googleZoneTXTGivesTheSpeakerIdAndKeepsTheRest() {
        let record = GoogleZoneTXTRecord(strings: [
            "id=0a1b2c3d4e5f60718293a4b5c6d7e8f9", "__common_time__=0:1:2", "ID=second", "flag",
        ].map { Array($0.utf8) })
        #expect(record.id == "0a1b2c3d4e5f60718293a4b5c6d7e8f9" && record.commonTime == "0:1:2")
        #expect(record.strings == ["id=0a1b2c3d4e5f60718293a4b5c6d7e8f9", "__common_time__=0:1:2", "flag"])
        #expect(GoogleZoneTXTRecord(id: "x", commonTime: "t").strings == ["id=x", "__common_time__=t"])
    }
}

@Suite struct MultizoneMembersTests {
    static func member(_ id: String, _ name: String, level: Double? = nil) -> MultizoneDevice {
        MultizoneDevice(deviceID: id, name: name, volume: level.map { CastVolume(level: $0) })
    }

    @Test func messagesChangeTheListAsAGroupMeansThem() {
        var members = MultizoneMembers()
        let status = MultizoneStatus(status: .init(devices: [Self.member("0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9", "A"),
                                                              Self.member("ffeeddccbbaa99887766554433221100", "B")]))
        let applied1 = members.apply(.status(status))
        #expect(applied1)
        let applied2 = members.apply(.deviceUpdated(Self.member("0A1B2C3D4E5F60718293A4B5C6D7E8F9", "A", level: 0.3)))
        #expect(applied2)
        #expect(members.devices.map(\.name) == ["A", "B"] && members.devices[0].volume?.level == 0.3)
        let applied3 = members.apply(.deviceRemoved(deviceID: "0a1b2c3d4e5f60718293a4b5c6d7e8f9"))
        #expect(applied3)
        let applied4 = members.apply(.deviceAdded(Self.member("c", "C")))
        #expect(applied4)
        let applied5 = members.apply(.deviceUpdated(Self.member("ffeeddcc-bbaa-9988-7766-554433221100", "B2")))
        #expect(applied5)
        #expect(members.devices.map(\.name) == ["B2", "C"])
        let applied6 = members.apply(.getStatus(requestID: 1))
        #expect(!applied6)
    }

    @Test func aDeviceCannotGrowTheListPastItsBound() {
        var members = MultizoneMembers()
        for index in 0..<(MultizoneMembers.maximum + 50) { members.update(Self.member("id-\(index)", "\(index)")) }
        #expect(members.devices.count == MultizoneMembers.maximum)
        let many = (0..<1000).map { Self.member("s-\($0)", "\($0)") }
        members.apply(.status(MultizoneStatus(status: .init(devices: many))))
        #expect(members.devices.count == MultizoneMembers.maximum && members.devices.first?.name == "0")
    }
}
