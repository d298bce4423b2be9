public import CastJSON
public import CastLog
public import CastWire
import Foundation

/// Speaker groups as a capture shows them: each group instance with where it ran over time and which speaker led
/// (the speaker whose SRV target is the group's), its members from the multizone messages of connections to it,
/// and the speakers' `_googlezone._tcp` instances.
public struct InspectGroups: Sendable {
    /// One place a group ran.
    public struct Stay: Sendable {
        /// When the group's SRV named it.
        public var time: LogTimestamp
        /// `host:port (addresses)`.
        public var place: String
        /// The leading speaker's friendly name, when a speaker instance has that host.
        public var leader: String?
    }

    /// One group.
    public struct Group: Sendable {
        /// Friendly name (TXT `fn`) or instance name.
        public var name: String
        /// TXT `id`.
        public var id: String?
        /// Instance name.
        public var instance: String
        /// Where it ran, in order.
        public var stays: [Stay]
        /// Members from MULTIZONE_STATUS and DEVICE_* messages on connections to the group (nil: none seen).
        public var members: [MultizoneDevice]?
    }

    /// The groups in first-seen order.
    public let groups: [Group]
    /// Every `_googlezone._tcp` instance, with the friendly name of the speaker it belongs to when known.
    public let zones: [(zone: GoogleZoneSighting, speaker: String?)]

    /// Groups from the analyser's instances and the connections' multizone members.
    public init(mdns: MDNSAnalyzer, connections: [ConnectionSummary]) {
        // The instances in order, once: `devices` builds a dictionary of them all on every use.
        let records = mdns.instances
        let speakers = records.filter { !$0.isGroup }
        var found: [Group] = []
        for record in records where record.isGroup {
            let stays = record.endpoints.map { endpoint in
                let leader = speakers.first { $0.host?.lowercased() == endpoint.host.lowercased() }
                return Stay(time: endpoint.time, place: mdns.place(endpoint.host, endpoint.port),
                            leader: leader.map { $0.txt?.friendlyName ?? $0.instance })
            }
            let ports = Set(record.endpoints.map(\.port))
            let addresses = record.ipv4.union(record.ipv6)
                .union(record.endpoints.flatMap { mdns.addresses(ofHost: $0.host) })
            // Every connection to the group adds what it learnt, later ones updating earlier ones.
            var members: MultizoneMembers?
            for connection in connections {
                guard let learnt = connection.groupMembers, let server = connection.flow.split(separator: "-").last,
                    let colon = server.lastIndex(of: ":"), let port = UInt16(server[server.index(after: colon)...])
                else { continue }
                let host = server[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                guard ports.contains(port), addresses.contains(String(host)) else { continue }
                var merged = members ?? MultizoneMembers()
                for member in learnt { merged.update(member) }
                members = merged
            }
            found.append(Group(name: record.txt?.friendlyName ?? record.instance, id: record.txt?.id,
                               instance: record.instance, stays: stays, members: members?.devices))
        }
        groups = found
        zones = mdns.zones.map { zone in
            (zone, speakers.first { zone.belongs(to: $0.txt?.id) }.map { $0.txt?.friendlyName ?? $0.instance })
        }
    }

    /// The readable section (empty when the capture has no group and no zone).
    public var lines: [String] {
        guard !groups.isEmpty || !zones.isEmpty else { return [] }
        var out = ["", "Speaker groups (\(groups.count)):"]
        for group in groups {
            out.append("  \(group.name) (id \(group.id ?? "?")), \(group.instance)")
            for stay in group.stays {
                out.append("    \(stay.time.rfc3339) on \(stay.place)" + (stay.leader.map { ", leader \($0)" } ?? ""))
            }
            if let members = group.members {
                out.append("    members: " + members.map { member in
                    member.name ?? member.canonicalID
                }.joined(separator: ", "))
            }
        }
        if !zones.isEmpty {
            let named = zones.map { entry in entry.speaker ?? entry.zone.id ?? entry.zone.instance }
            out.append("  _googlezone._tcp (\(zones.count)): \(named.joined(separator: ", "))")
        }
        return out
    }

    /// One `{"kind":"group",…}` object per group: name, id, instance, stays (time, place, leader), members.
    public var jsonValues: [JSONValue] {
        groups.map { group in
            var object: JSONObject = ["kind": "group", "name": .string(group.name), "instance": .string(group.instance)]
            object["id"] = group.id.map { .string($0) } ?? .null
            object["stays"] = .array(group.stays.map { stay in
                ["time": .string(stay.time.rfc3339), "place": .string(stay.place),
                 "leader": stay.leader.map { .string($0) } ?? .null]
            })
            object["members"] = group.members.map { members in
                .array(members.map { ["id": .string($0.canonicalID), "name": $0.name.map { .string($0) } ?? .null] })
            } ?? .null
            object["zones"] = .array(zones.filter { entry in
                group.members?.contains { entry.zone.belongs(to: $0.deviceID) } ?? false
            }.map { .string($0.zone.instance) })
            return .object(object)
        }
    }
}
