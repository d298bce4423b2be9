import CastJSON
import CastWire
import Testing

@testable import CastSender

/// Which receiver-namespace messages end a GET_APP_AVAILABILITY check: only receiver-0's reply to this sender.
@Suite struct AppAvailabilityReplyMatchingTests {
    private static let sender = "sender-castscope"

    private func matches(from source: String = "receiver-0", to destination: String = sender, _ json: String) -> Bool {
        let message = CastMessage(
            sourceID: source, destinationID: destination, namespace: CastNamespace.receiver.rawValue, json: json)
        guard let value = try? JSONValue(parsing: json) else { return false }
        return AppAvailabilityProbe.isReply(message, json: value, senderID: Self.sender, requestID: 1)
    }

    @Test func availabilityReplyFromReceiverZeroToThisSenderEndsTheCheck() {
        #expect(matches(#"{"type":"GET_APP_AVAILABILITY","requestId":1,"availability":{"X":"APP_AVAILABLE"}}"#))
        // Real devices name the reply in responseType.
        #expect(matches(#"{"responseType":"GET_APP_AVAILABILITY","requestId":1,"availability":{}}"#))
        #expect(matches(#"{"type":"INVALID_REQUEST","requestId":1,"reason":"INVALID_COMMAND"}"#))
    }

    @Test func sameRequestIDFromAnotherSourceOrForAnotherSenderDoesNotEndTheCheck() {
        let reply = #"{"type":"GET_APP_AVAILABILITY","requestId":1,"availability":{"X":"APP_AVAILABLE"}}"#
        #expect(!matches(from: "web-5", reply))
        #expect(!matches(to: "*", reply))
        #expect(!matches(to: "sender-other", reply))
    }

    @Test func otherReceiverMessagesWithRequestIDOneDoNotEndTheCheck() {
        #expect(!matches(#"{"type":"RECEIVER_STATUS","requestId":1,"status":{}}"#))
        #expect(!matches(#"{"requestId":1}"#))
        #expect(!matches(#"{"type":"GET_APP_AVAILABILITY","requestId":2,"availability":{}}"#))
    }
}
