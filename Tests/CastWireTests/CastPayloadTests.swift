import CastJSON
import Testing
@testable import CastWire

@Suite struct CastPayloadTests {
    @Test func dispatchesByNamespaceAndType() throws {
        func decode(_ namespace: CastNamespace, _ text: String) throws -> CastPayload {
            try CastPayload(namespace: namespace, jsonText: text)
        }
        guard case .connection(let connect) = try decode(.connection, #"{"type":"CONNECT","connType":0,"origin":{}}"#)
        else { Issue.record("CONNECT"); return }
        #expect(connect.connType == 0 && connect.origin == JSONObject())
        guard case .heartbeat(let ping) = try decode(.heartbeat, #"{"type":"PING"}"#) else { Issue.record("PING"); return }
        #expect(ping.type == .ping)
        guard case .receiverRequest(let launch) = try decode(.receiver, #"{"type":"LAUNCH","appId":"CC1AD845","requestId":2}"#)
        else { Issue.record("LAUNCH"); return }
        #expect(launch.appID == "CC1AD845" && launch.requestID == 2)
        guard case .receiverRequest(let availability) = try decode(
            .receiver, #"{"type":"GET_APP_AVAILABILITY","appId":["CC1AD845"],"requestId":1}"#)
        else { Issue.record("GET_APP_AVAILABILITY"); return }
        #expect(availability.appIDs == ["CC1AD845"])
        guard case .appAvailability(let reply) = try decode(
            .receiver, #"{"type":"GET_APP_AVAILABILITY","requestId":1,"availability":{"CC1AD845":"APP_AVAILABLE"}}"#)
        else { Issue.record("availability reply"); return }
        #expect(reply.isAvailable("CC1AD845") && !reply.isAvailable("X"))
        guard case .error(let launchError) = try decode(.receiver, #"{"type":"LAUNCH_ERROR","reason":"NOT_FOUND","requestId":2}"#)
        else { Issue.record("LAUNCH_ERROR"); return }
        #expect(launchError.reason == "NOT_FOUND")
        guard case .error(let state) = try decode(.media, #"{"type":"INVALID_PLAYER_STATE","requestId":3}"#)
        else { Issue.record("INVALID_PLAYER_STATE"); return }
        #expect(state.type == .invalidPlayerState)
        guard case .mediaCommand(let pause) = try decode(.media, #"{"type":"PAUSE","mediaSessionId":1}"#)
        else { Issue.record("PAUSE"); return }
        #expect(pause.mediaSessionID == 1)
        guard case .other(let type, _) = try decode(.custom("urn:x-cast:com.example"), #"{"type":"HELLO"}"#)
        else { Issue.record("custom"); return }
        #expect(type == .other("HELLO"))
    }

    @Test func closeAndStopKeepTheirMembers() throws {
        let close = try ConnectionMessage(jsonText: #"{"type":"CLOSE","reasonCode":5}"#)
        #expect(close.reasonCode == 5 && close.jsonText == #"{"type":"CLOSE","reasonCode":5}"#)
        let stop = try ReceiverRequest(jsonText: #"{"type":"STOP","requestId":4,"sessionId":null}"#)
        #expect(stop.sessionID == nil && stop.requestID == 4)
    }

    @Test func notJSONIsReportedAsSuch() {
        #expect {
            try CastPayload(namespace: .media, jsonText: "{oops")
        } throws: { error in
            guard let error = error as? CastPayloadError, case .notJSON = error.kind else { return false }
            return error.path == "payload"
        }
    }

    @Test func payloadThatIsNotAnObjectIsAWrongType() {
        #expect(throws: CastPayloadError(.wrongType(expected: "object", found: "array"), path: "payload")) {
            try HeartbeatMessage(jsonText: "[]")
        }
    }

    @Test func errorDescriptionNamesPathAndTypes() {
        let error = CastPayloadError(.wrongType(expected: "number", found: "string"), path: "payload.status.volume.level")
        #expect(error.description == "payload.status.volume.level: expected number, found string")
    }

    @Test func setVolumeReadsNestedVolume() throws {
        let request = try ReceiverRequest(jsonText: #"{"type":"SET_VOLUME","volume":{"level":0.5},"requestId":8}"#)
        #expect(request.volume?.level == 0.5)
        #expect(try ReceiverRequest(json: request.json) == request)
    }
}
