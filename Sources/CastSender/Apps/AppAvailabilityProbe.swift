import CastChannel
import CastDiscovery
import CastJSON
import CastNet
import CastWire

/// GET_APP_AVAILABILITY as a `PlatformQuestion`, and what its answer means for `CastAppAvailabilityChecker`.
enum AppAvailabilityProbe {
    /// The request for every id at once.
    static func question(_ appIDs: [String]) -> PlatformQuestion {
        var request = ReceiverRequest(type: .getAppAvailability)
        request.appIDs = appIDs
        return PlatformQuestion(
            namespace: .receiver, payload: request.json.objectValue ?? JSONObject(),
            replyTypes: [.getAppAvailability])
    }

    /// Types that answer GET_APP_AVAILABILITY: the availability itself, or an error reply.
    static let replyTypes = question([]).replyTypes

    /// Whether a receiver-namespace message answers our request (see `PlatformQuery.isReply`).
    static func isReply(_ message: CastMessage, json: JSONValue, senderID: String, requestID: Int64) -> Bool {
        PlatformQuery.isReply(message, json: json, senderID: senderID, requestID: requestID, replyTypes: replyTypes)
    }


    /// The reply to our request: the availability map, or the error the device sent instead.
    static func result(of json: JSONValue, appIDs: [String]) -> AppAvailabilityResult {
        guard json["availability"] != nil else {
            let type = json.castMessageType?.rawValue ?? json["responseType"]?.stringValue ?? "a reply"
            let reason = json["reason"]?.stringValue.map { " (\($0))" } ?? ""
            return .unreachable(reason: "the device answered \(type)\(reason) instead of the availability")
        }
        let response: AppAvailabilityResponse
        do throws(CastPayloadError) {
            response = try AppAvailabilityResponse(json: json)
        } catch {
            return .unreachable(reason: "unreadable GET_APP_AVAILABILITY reply: \(error)")
        }
        let answer = appIDs.map { appID in
            "\(appID)=\(response.availability.first { $0.appID == appID }?.value ?? "not in the reply")"
        }.joined(separator: ", ")
        return appIDs.contains(where: response.isAvailable) ? .available(answer: answer) : .unavailable(answer: answer)
    }
}
