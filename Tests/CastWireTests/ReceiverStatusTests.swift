import CastJSON
import Testing
@testable import CastWire

@Suite struct ReceiverStatusTests {
    static let text = #"{"type":"RECEIVER_STATUS","requestId":3,"status":{"applications":[{"appId":"CC1AD845","displayName":"Default Media Receiver","isIdleScreen":false,"namespaces":[{"name":"urn:x-cast:com.google.cast.media"},{"name":"urn:x-cast:com.google.cast.cac"}],"sessionId":"abc-1","statusText":"Ready","transportId":"abc-1","futureKey":[1,2]}],"isActiveInput":true,"userEq":{},"volume":{"controlType":"attenuation","level":0.25,"muted":false,"stepInterval":0.05}},"extra":"kept"}"#

    @Test func readsApplicationsVolumeAndIds() throws {
        let status = try ReceiverStatus(jsonText: Self.text)
        #expect(status.requestID == 3)
        let app = try #require(status.runningApplication)
        #expect(app.appID == "CC1AD845" && app.sessionID == "abc-1" && app.transportID == "abc-1")
        #expect(app.namespaces == ["urn:x-cast:com.google.cast.media", "urn:x-cast:com.google.cast.cac"])
        #expect(app.isIdleScreen == false)
        #expect(status.status?.volume?.level == 0.25 && status.status?.volume?.controlType == "attenuation")
        #expect(status.status?.isActiveInput == true)
    }

    @Test func unknownKeysAtEveryLevelSurviveARoundTrip() throws {
        let status = try ReceiverStatus(jsonText: Self.text)
        #expect(status.unknown["extra"] == "kept")
        #expect(status.status?.unknown["userEq"] == .object(JSONObject()))
        #expect(status.runningApplication?.unknown["futureKey"] == [1, 2])
        let again = try ReceiverStatus(json: status.json)
        #expect(again == status)
        // Known keys are written in model order, unknown ones after them: same members, maybe another order.
        #expect(Self.sortedKeys(status.json) == Self.sortedKeys(try JSONValue(parsing: Self.text)))
    }

    static func sortedKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .object(object):
            .object(JSONObject(object.members.sorted { $0.key < $1.key }
                .map { JSONMember(key: $0.key, value: sortedKeys($0.value)) }))
        case let .array(elements): .array(elements.map(sortedKeys))
        default: value
        }
    }

    @Test func oldFirmwarePlainStringNamespacesAreReadAndKept() throws {
        let text = #"{"type":"RECEIVER_STATUS","status":{"applications":[{"appId":"X","namespaces":["urn:x-cast:a"]}]}}"#
        let status = try ReceiverStatus(jsonText: text)
        #expect(status.runningApplication?.namespaces == ["urn:x-cast:a"])
        #expect(status.jsonText == text)
    }

    @Test func missingOptionalKeysAreNil() throws {
        let status = try ReceiverStatus(jsonText: #"{"type":"RECEIVER_STATUS"}"#)
        #expect(status.requestID == nil && status.status == nil && status.runningApplication == nil)
    }

    @Test func wrongTypeNamesTheKeyPath() {
        let text = #"{"type":"RECEIVER_STATUS","status":{"applications":[{"appId":"X"},{"appId":7}]}}"#
        #expect(throws: CastPayloadError(.wrongType(expected: "string", found: "number"),
                                         path: "payload.status.applications[1].appId")) {
            try ReceiverStatus(jsonText: text)
        }
        let volume = #"{"type":"RECEIVER_STATUS","status":{"volume":{"level":"loud"}}}"#
        #expect(throws: CastPayloadError(.wrongType(expected: "number", found: "string"),
                                         path: "payload.status.volume.level")) { try ReceiverStatus(jsonText: volume) }
    }

    @Test func namespaceEntryWithoutNameIsMissingKey() {
        let text = #"{"type":"RECEIVER_STATUS","status":{"applications":[{"namespaces":[{}]}]}}"#
        #expect(throws: CastPayloadError(.missingKey, path: "payload.status.applications[0].namespaces[0].name")) {
            try ReceiverStatus(jsonText: text)
        }
    }

    @Test func otherTypeIsRejected() {
        #expect(throws: CastPayloadError(.invalidValue("type MEDIA_STATUS is not one of RECEIVER_STATUS"),
                                         path: "payload.type")) {
            try ReceiverStatus(jsonText: #"{"type":"MEDIA_STATUS"}"#)
        }
    }
}
