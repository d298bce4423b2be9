import CastCLI
import CastDiscovery
import CastJSON
import CastNet
import CastSender
import CastWire
import Foundation

/// `castscope cast --device GROUP members` and `volume|mute --member NAME …`: a speaker group's members and each
/// member's own volume, over the group's multizone namespace on short-lived channels (no app is launched).
enum CastMembers {
    static func run(_ name: String, _ invocation: Invocation, device: Device, options: CastOptions,
                    timeout: Duration, _ io: any CommandOutput) async throws -> Int32 {
        let loop = try EventLoop(name: "castscope-cast-members")
        defer { loop.shutdown() }
        let client = try CastPlatformClient(options: options, eventLoop: loop, timeout: timeout)
        let members = try await list(device, client: client)
        switch name {
        case "members":
            if invocation.flag("json") {
                io.print(JSONValue.array(members.map(json)).serialized())
            } else {
                for line in table(members) { io.print(line) }
            }
            return 0
        default:
            let wanted = invocation.option("member") ?? ""
            let exact = members.first { $0.name == wanted || $0.matches(wanted) }
            let folded = members.first { $0.name?.lowercased() == wanted.lowercased() }
            guard let member = exact ?? folded else {
                let names = members.map { $0.name ?? $0.canonicalID }.joined(separator: ", ")
                throw CommandFailure("\(device.friendlyName) has no member \"\(wanted)\"", hint: "its members: \(names)")
            }
            var volume = CastVolume()
            if name == "volume" {
                volume.level = invocation.argument("level").flatMap(Double.init)
            } else {
                volume.muted = invocation.argument("state") == "on"
            }
            let request = MultizoneMessage.setDeviceVolume(requestID: nil, deviceID: member.deviceID, volume: volume)
            // A group may broadcast the DEVICE_UPDATED instead of answering with the request's id: that counts too.
            let memberID = member.deviceID
            let question = PlatformQuestion(
                namespace: .multizone, payload: request.json.objectValue ?? JSONObject(), replyTypes: [.deviceUpdated],
                alsoAnsweredBy: { json in
                    guard case let .deviceUpdated(device)? = try? MultizoneMessage(json: json) else { return false }
                    return device.matches(memberID)
                })
            let answers = await client.ask(device, [question], log: options.log.multizoneControlChannel)
            guard let reply = answers.replies.first ?? nil else {
                throw CommandFailure("\(device.friendlyName): \(answers.failure ?? "no answer")")
            }
            guard case let .deviceUpdated(updated) = try? MultizoneMessage(json: reply) else {
                let reason = reply["reason"]?.stringValue.map { " (\($0))" } ?? ""
                throw CommandFailure("\(device.friendlyName) refused: \(reply.castMessageType?.rawValue ?? "?")\(reason)")
            }
            io.print("\(updated.name ?? member.canonicalID): volume \(level(updated.volume))")
            return 0
        }
    }

    /// The group's members; a device that lists none is not a group.
    private static func list(_ device: Device, client: CastPlatformClient) async throws -> [MultizoneDevice] {
        let answer = await client.multizone(of: device, castingGroups: false)
        guard let status = answer.status else {
            throw CommandFailure("\(device.friendlyName): \(answer.failure ?? "no MULTIZONE_STATUS")")
        }
        guard !status.status.devices.isEmpty else {
            throw CommandFailure("\(device.friendlyName) lists no members: it is not a speaker group",
                                 hint: "'castscope discover --members' shows the groups and their members")
        }
        return status.status.devices
    }

    private static func level(_ volume: CastVolume?) -> String {
        let text = volume?.level.map { String(format: "%.2f", $0) } ?? "-"
        return volume?.muted == true ? "\(text) (muted)" : text
    }

    private static func json(_ member: MultizoneDevice) -> JSONValue {
        [
            "id": .string(member.canonicalID), "name": member.name.map { .string($0) } ?? .null,
            "volume": member.volume?.level.map { .double($0) } ?? .null,
            "muted": member.volume?.muted.map { .bool($0) } ?? .null,
            "capabilities": .array(member.capabilities.names.map { .string($0) }),
        ]
    }

    private static func table(_ members: [MultizoneDevice]) -> [String] {
        let rows = [["NAME", "ID", "VOLUME", "MUTED"]] + members.map { member in
            [member.name ?? "-", member.canonicalID, member.volume?.level.map { String(format: "%.2f", $0) } ?? "-",
             member.volume?.muted == true ? "yes" : "no"]
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, text in
                column == row.count - 1 ? text : text + String(repeating: " ", count: widths[column] - text.count)
            }.joined(separator: "  ")
        }
    }
}
