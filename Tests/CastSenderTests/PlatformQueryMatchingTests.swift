import CastJSON
import CastWire
import Testing

@testable import CastSender

/// A question may take an unsolicited message as its answer: a group that broadcasts the DEVICE_UPDATED its
/// SET_DEVICE_VOLUME caused, instead of replying with the request's id.
@Suite struct PlatformQueryMatchingTests {
    static let sender = "sender-castscope"
    static let question = PlatformQuestion(
        namespace: .multizone, payload: ["type": "SET_DEVICE_VOLUME"], replyTypes: [.deviceUpdated],
        alsoAnsweredBy: { json in
            guard case let .deviceUpdated(device)? = try? MultizoneMessage(json: json) else { return false }
            return device.matches("0a1b2c3d4e5f60718293a4b5c6d7e8f9")
        })

    static func answers(from source: String = "receiver-0", to destination: String, _ json: String) -> Bool {
        let message = CastMessage(sourceID: source, destinationID: destination,
                                  namespace: CastNamespace.multizone.rawValue, json: json)
        guard let value = try? JSONValue(parsing: json) else { return false }
        return PlatformQuery.isReply(message, json: value, senderID: sender, requestID: 1,
                                     replyTypes: question.replyTypes)
            || PlatformQuery.isUnsolicitedAnswer(message, json: value, senderID: sender, question: question)
    }

    @Test func theMembersBroadcastUpdateAnswersTheVolumeRequest() {
        let update = #"{"type":"DEVICE_UPDATED","requestId":0,"device":{"deviceId":"0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9","name":"Kitchen"}}"#
        #expect(Self.answers(to: "*", update))
        #expect(Self.answers(to: Self.sender, update))
        #expect(Self.answers(to: Self.sender, #"{"type":"DEVICE_UPDATED","requestId":1,"device":{"deviceId":"x"}}"#),
                "the reply with the request's id, whatever member it names")
    }

    @Test func anotherMembersUpdateOrAnotherSourceDoesNot() {
        let other = #"{"type":"DEVICE_UPDATED","requestId":0,"device":{"deviceId":"ffeeddcc-bbaa-9988-7766-554433221100"}}"#
        #expect(!Self.answers(to: "*", other))
        let mine = #"{"type":"DEVICE_UPDATED","device":{"deviceId":"0a1b2c3d4e5f60718293a4b5c6d7e8f9"}}"#
        #expect(!Self.answers(from: "web-3", to: "*", mine))
        #expect(!Self.answers(to: "sender-other", mine))
        #expect(!Self.answers(to: "*", #"{"type":"MULTIZONE_STATUS","status":{"devices":[]}}"#))
    }
}
