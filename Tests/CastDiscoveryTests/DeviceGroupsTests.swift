import CastJSON
import CastNet
import CastWire
import Testing

@testable import CastDiscovery

@Suite struct DeviceGroupsTests {
    static let kitchenID = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
    static let officeID = "ffeeddccbbaa99887766554433221100"
    static let groupID = "6a7b8c9d0e1f20314253647586970a1b"

    static func device(_ name: String, id: String, address: String, port: UInt16, host: String,
                       model: String = "Google Nest Mini", ca: Int = 199172) -> Device {
        Device(instanceName: "\(name)._googlecast._tcp.local.", instanceLabel: name, host: host, port: port,
               addresses: IPAddress(address).map { [$0] } ?? [],
               txt: ["id=\(id)", "fn=\(name)", "md=\(model)", "ca=\(ca)"].map { Array($0.utf8) },
               interfaceIndex: 1, via: .builtin)
    }

    static let kitchen = device("Kitchen", id: kitchenID, address: "10.0.0.2", port: 8009, host: "kitchen.local.")
    static let office = device("Office", id: officeID, address: "10.0.0.3", port: 8009, host: "office.local.")
    static let group = device("Downstairs", id: groupID, address: "10.0.0.3", port: 32219, host: "office.local.",
                              model: "Google Cast Group", ca: 2084)

    @Test func groupsAreMarkedByTheirBitOrTheirModel() {
        #expect(Self.group.isGroup && !Self.kitchen.isGroup)
        let byModelOnly = Self.device("G", id: "x", address: "10.0.0.9", port: 8009, host: "g.local.",
                                      model: "Google Cast Group", ca: 4)
        #expect(byModelOnly.isGroup)
        #expect(Self.group.jsonValue["group"] == true && Self.kitchen.jsonValue["group"] == false)
    }

    @Test func theLeaderIsTheSpeakerTheGroupRunsOn() {
        let groups = DeviceGroups(devices: [Self.kitchen, Self.office, Self.group])
        #expect(groups.leader(of: Self.group)?.deviceID == Self.officeID)
        // Without a host name to go by, the one speaker at the group's address leads; two there, none is sure.
        var anonymous = Self.group
        anonymous.host = ""
        #expect(DeviceGroups(devices: [Self.kitchen, Self.office, anonymous]).leader(of: anonymous)?.friendlyName
                == "Office")
        var twin = Self.kitchen
        twin.addresses = Self.office.addresses
        #expect(DeviceGroups(devices: [twin, Self.office, anonymous]).leader(of: anonymous) == nil)
    }

    @Test func membersAreTiedToDiscoveredDevicesByIdWhateverTheSpelling() throws {
        let entries = [
            MultizoneDevice(deviceID: MultizoneDevice.hyphenated(Self.kitchenID), name: "Kitchen",
                            volume: CastVolume(level: 0.4)),
            MultizoneDevice(deviceID: MultizoneDevice.hyphenated(Self.officeID), name: "Office"),
            MultizoneDevice(deviceID: "12345678-1234-1234-1234-123456789abc", name: "Garage"),
        ]
        let groups = DeviceGroups(devices: [Self.kitchen, Self.office, Self.group],
                                  memberLists: [Self.groupID: entries])
        let members = try #require(groups.members(of: Self.group))
        #expect(members.map(\.device?.friendlyName) == ["Kitchen", "Office", nil])
        #expect(members.map(\.isLeader) == [false, true, false])
        let json = groups.jsonValue(for: Self.group)
        #expect(json["leader"] == .string(Self.officeID))
        let listed = json["members"]?.arrayValue ?? []
        try #require(listed.count == 3)
        #expect(listed[0]["id"] == .string(Self.kitchenID))
        #expect(listed[0]["volume"] == 0.4)
        #expect(listed[2]["address"] == .null)
        #expect(groups.textLines == [
            "group Downstairs (10.0.0.3:32219), leader: Office",
            "  - Kitchen  \(Self.kitchenID)  10.0.0.2:8009",
            "  * Office  \(Self.officeID)  10.0.0.3:8009",
            "  - Garage  12345678123412341234123456789abc  not discovered",
        ])
    }

    @Test func zonesGroupsAndFailuresAppearOnTheirDevices() {
        let zone = GoogleZoneInstance(
            instanceName: "\(Self.kitchenID)._googlezone._tcp.local.",
            txt: ["id=\(Self.kitchenID.uppercased())", "__common_time__=1:2"].map { Array($0.utf8) },
            host: "kitchen.local.", port: 10001, addresses: Self.kitchen.addresses)
        let groups = DeviceGroups(
            devices: [Self.kitchen, Self.office, Self.group], zones: [zone],
            castingGroups: [Self.kitchenID: [CastingGroup(deviceID: MultizoneDevice.hyphenated(Self.groupID),
                                                          name: "Downstairs")]],
            failures: [Self.groupID: "no answer within 3 s"])
        #expect(groups.zone(of: Self.kitchen)?.port == 10001)
        #expect(groups.zone(of: Self.office) == nil)
        #expect(groups.jsonValue(for: Self.kitchen)["zone"]?["port"] == 10001)
        #expect(groups.jsonValue(for: Self.kitchen)["groups"]?.arrayValue?.first?["id"] == .string(Self.groupID))
        #expect(groups.jsonValue(for: Self.group)["multizoneError"] == "no answer within 3 s")
        #expect(groups.jsonValue(for: Self.group)["members"] == nil)
        #expect(groups.textLines.last == "  members unknown: no answer within 3 s")
    }
}
