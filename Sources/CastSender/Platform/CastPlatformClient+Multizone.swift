public import CastDiscovery
import CastJSON
import CastLog
public import CastWire

/// What a device said on the multizone namespace: a group's members, the groups a device belongs to.
public struct MultizoneQueryResult: Sendable {
    /// MULTIZONE_STATUS, when it answered GET_STATUS (a single device lists no members).
    public var status: MultizoneStatus?
    /// CASTING_GROUPS' groups, when asked and answered.
    public var castingGroups: [CastingGroup]?
    /// Why an answer is missing or unusable.
    public var failure: String?
}

extension CastPlatformClient {
    /// Asks `device` for its members (multizone GET_STATUS) and, with `castingGroups`, the groups it belongs to
    /// (GET_CASTING_GROUPS), on one channel. Logs as GCKMultizoneControlChannel.
    public func multizone(of device: Device, castingGroups: Bool = true) async -> MultizoneQueryResult {
        var questions = [Self.question(.getStatus(requestID: nil), answeredBy: .multizoneStatus)]
        if castingGroups {
            questions.append(Self.question(.getCastingGroups(requestID: nil), answeredBy: .castingGroups))
        }
        let answers = await ask(device, questions, log: options.log.multizoneControlChannel)
        var result = MultizoneQueryResult(failure: answers.failure)
        for (index, reply) in answers.replies.enumerated() {
            guard let reply else { continue }
            do throws(CastPayloadError) {
                switch try MultizoneMessage(json: reply) {
                case let .status(status): result.status = status
                case let .castingGroups(_, groups): result.castingGroups = groups
                default: break
                }
            } catch {
                let type = reply.castMessageType?.rawValue ?? "a reply"
                let reason = reply["reason"]?.stringValue.map { " (\($0))" } ?? ""
                let asked = index == 0 ? "GET_STATUS" : "GET_CASTING_GROUPS"
                let why = CastErrorResponse.types.contains(reply.castMessageType ?? .other(""))
                    ? "answered \(asked) with \(type)\(reason)" : "unreadable answer to \(asked): \(error)"
                result.failure = result.failure.map { "\($0); \(why)" } ?? why
            }
        }
        let summary = result.status.map { "\($0.status.devices.count) member(s)" } ?? "no MULTIZONE_STATUS"
        options.log.multizoneControlChannel.info(
            "multizone of \(device.friendlyName): \(summary)\(result.failure.map { " (\($0))" } ?? "")",
            ["cast.device": .string(device.deviceID)])
        return result
    }

    private static func question(_ message: MultizoneMessage, answeredBy type: CastMessageType) -> PlatformQuestion {
        PlatformQuestion(namespace: .multizone, payload: message.json.objectValue ?? JSONObject(), replyTypes: [type])
    }
}
