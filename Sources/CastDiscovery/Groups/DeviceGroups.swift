public import CastJSON
import CastNet
public import CastWire

/// Speaker groups assembled from what discovery and the multizone namespace said: each group's members (tied
/// to discovered devices by id), which one leads (the group's instance runs on it), and each speaker's
/// `_googlezone._tcp` instance. For `discover`'s table and JSON.
public struct DeviceGroups: Sendable {
    /// One member of a group.
    public struct Member: Sendable, Hashable {
        /// As the group listed it.
        public var entry: MultizoneDevice
        /// The discovered device with its id, if any.
        public var device: Device?
        /// True when the group's instance runs on this member.
        public var isLeader: Bool
    }

    /// Every discovered device.
    public let devices: [Device]
    /// Every resolved `_googlezone._tcp` instance.
    public let zones: [GoogleZoneInstance]
    /// MULTIZONE_STATUS members by group device id.
    public let memberLists: [String: [MultizoneDevice]]
    /// CASTING_GROUPS by device id.
    public let castingGroups: [String: [CastingGroup]]
    /// Why a device's multizone answer is missing, by device id.
    public let failures: [String: String]

    /// Groups over these inputs.
    public init(devices: [Device], zones: [GoogleZoneInstance] = [], memberLists: [String: [MultizoneDevice]] = [:],
                castingGroups: [String: [CastingGroup]] = [:], failures: [String: String] = [:]) {
        self.devices = devices
        self.zones = zones
        self.memberLists = memberLists
        self.castingGroups = castingGroups
        self.failures = failures
    }

    /// The groups among the devices.
    public var groups: [Device] { devices.filter(\.isGroup) }

    /// The discovered device a group runs on: the one whose host name is the group's SRV target, else the only
    /// non-group device at the group's address.
    public func leader(of group: Device) -> Device? {
        let speakers = devices.filter { !$0.isGroup && $0.deviceID != group.deviceID }
        if let byHost = speakers.first(where: { !group.host.isEmpty && $0.host.lowercased() == group.host.lowercased() }) {
            return byHost
        }
        let sameAddress = speakers.filter { !Set($0.addresses).isDisjoint(with: group.addresses) }
        return sameAddress.count == 1 ? sameAddress.first : nil
    }

    /// The group's members, nil until its MULTIZONE_STATUS is known.
    public func members(of group: Device) -> [Member]? {
        guard let list = memberLists[group.deviceID] else { return nil }
        let leader = leader(of: group)
        return list.map { entry in
            let device = devices.first { entry.matches($0.deviceID) }
            return Member(entry: entry, device: device, isLeader: leader.map { entry.matches($0.deviceID) } ?? false)
        }
    }

    /// The speaker's `_googlezone._tcp` instance.
    public func zone(of device: Device) -> GoogleZoneInstance? { zones.first { $0.belongs(to: device.deviceID) } }

    /// `device.jsonValue` with `leader` and `members` for a group (members once known: id, name, leader,
    /// discovered address), `zone` for a speaker with a zone instance, `groups` once CASTING_GROUPS answered, and
    /// `multizoneError` when asking failed.
    public func jsonValue(for device: Device) -> JSONValue {
        guard case var .object(object) = device.jsonValue else { return device.jsonValue }
        if device.isGroup {
            let leader = leader(of: device)
            object["leader"] = leader.map { .string($0.deviceID) } ?? .null
            if let members = members(of: device) {
                object["members"] = .array(members.map { member in
                    var entry = JSONObject()
                    entry.appendUnchecked("id", .string(member.entry.canonicalID))
                    entry.appendUnchecked("name", member.entry.name.map { .string($0) } ?? .null)
                    entry.appendUnchecked("leader", .bool(member.isLeader))
                    entry.appendUnchecked("address", member.device.map { .string($0.endpointDescription) } ?? .null)
                    if let level = member.entry.volume?.level { entry.appendUnchecked("volume", .double(level)) }
                    return .object(entry)
                })
            }
        }
        if let zone = zone(of: device) {
            object["zone"] = ["instance": .string(zone.instanceName), "port": .int(Int64(zone.port))]
        }
        if let groups = castingGroups[device.deviceID] {
            object["groups"] = .array(groups.map { group in
                ["id": group.deviceID.map { .string(MultizoneDevice.canonical($0)) } ?? .null,
                 "name": group.name.map { .string($0) } ?? .null]
            })
        }
        if let failure = failures[device.deviceID] { object["multizoneError"] = .string(failure) }
        return .object(object)
    }

    /// Lines for the table view: per group, its leader and members (or why they are unknown).
    public var textLines: [String] {
        groups.flatMap { group -> [String] in
            let leaderName = leader(of: group)?.friendlyName ?? "not among the devices found"
            var lines = ["group \(group.friendlyName) (\(group.endpointDescription)), leader: \(leaderName)"]
            if let members = members(of: group) {
                lines += members.map { member in
                    let name = member.entry.name ?? member.entry.canonicalID
                    let place = member.device.map(\.endpointDescription) ?? "not discovered"
                    return "  \(member.isLeader ? "*" : "-") \(name)  \(member.entry.canonicalID)  \(place)"
                }
            } else if let failure = failures[group.deviceID] {
                lines.append("  members unknown: \(failure)")
            }
            return lines
        }
    }

}
