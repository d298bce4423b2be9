import CastChannel
import CastWire
import Testing

@testable import CastSender

@Suite struct CastErrorTests {
    @Test func codesCarryTheSDKNamesAndIntegers() {
        #expect(CastErrorCode.mediaLoadFailed.rawValue == 30)
        #expect(CastErrorCode.mediaLoadFailed.name == "MediaLoadFailed")
        #expect(CastErrorCode.launchRequestCancelled.rawValue == 103)
        #expect(CastErrorCode(rawValue: 23).name == "SecureTransportError")
        #expect(CastErrorCode(rawValue: 77).name == "Code77")
        #expect(CastErrorCode.timeout.description == "GCKErrorCodeTimeout (2)")
    }

    @Test func loadFailedKeepsTheDetailedCode() throws {
        let reply = try LoadFailed(jsonText: #"{"type":"LOAD_FAILED","requestId":4,"detailedErrorCode":104}"#)
        let error = CastError(loadFailed: reply)
        #expect(error.code == .mediaLoadFailed)
        #expect(error.detailedCode?.name == "MEDIA_SRC_NOT_SUPPORTED")
        // What cast prints says what the code means and what to check.
        #expect(error.description.contains("detailedCode=104 MEDIA_SRC_NOT_SUPPORTED (the device refused the source"))
        #expect(error.description.contains("check: the contentType of the LOAD"))
    }

    @Test func aPlaybackErrorKeepsItsDetailedCode() throws {
        let reply = try CastErrorResponse(jsonText: #"{"type":"ERROR","requestId":0,"detailedErrorCode":301}"#)
        let error = CastError(reply: reply)
        #expect(error.code == .mediaError)
        #expect(error.detailedCode?.name == "SEGMENT_NETWORK")
        #expect(error.description.contains("detailedCode=301 SEGMENT_NETWORK ("))
    }

    @Test(arguments: [
        ("INVALID_PLAYER_STATE", nil, 31), ("INVALID_REQUEST", "INVALID_COMMAND", 4),
        ("INVALID_REQUEST", "DUPLICATE_REQUEST_ID", 8), ("INVALID_REQUEST", "INVALID_SESSION_ID", 22),
        ("INVALID_REQUEST", "INVALID_MEDIA_SESSION_ID", 32), ("LAUNCH_ERROR", "NOT_FOUND", 20),
        ("LAUNCH_ERROR", "CANCELLED", 103), ("LAUNCH_ERROR", "NOT_ALLOWED", 7),
        ("LAUNCH_ERROR", "CAST_INIT_TIMEOUT", 2),
        ("LAUNCH_ERROR", "BAD_PARAMETER", 4), ("LOAD_CANCELLED", nil, 5), ("ERROR", nil, 34),
    ] as [(String, String?, Int)])
    func errorRepliesMapToSDKCodes(type: String, reason: String?, code: Int) throws {
        let reasonText = reason.map { #","reason":"\#($0)""# } ?? ""
        let reply = try CastErrorResponse(jsonText: #"{"type":"\#(type)","requestId":9\#(reasonText)}"#)
        let error = CastError(reply: reply)
        #expect(error.code.rawValue == code)
        #expect(error.reason == reason)
    }
}

@Suite struct DeviceAuthErrorMappingTests {
    @Test func everyDeviceAuthFailureKindHasAnSDKCode() {
        let cases: [(DeviceAuthError.Kind, CastErrorCode)] = [
            (.timedOut, .deviceAuthenticationTimeoutFailure),
            (.wrongPayloadType, .deviceAuthenticationMessageParseFailure),
            (.noPayload, .deviceAuthenticationMessageParseFailure), (.channelClosed, .networkError),
            (.challengeNotSent("no randomness"), .deviceAuthenticationFailure),
        ]
        for (kind, code) in cases {
            #expect(CastSession.castError(DeviceAuthError(kind)).code == code)
        }
    }

    @Test func closeReasonsMapToNetworkProtocolAndTLSCodes() {
        #expect(CastSession.castError(CastCloseReason.pingTimeout).code == .networkError)
        #expect(CastSession.castError(CastCloseReason.closedByPeer).code == .networkError)
        #expect(CastSession.castError(CastCloseReason.closedLocally).code == .disconnected)
        #expect(CastSession.castError(CastCloseReason.authentication(DeviceAuthError(.timedOut))).code
            == .deviceAuthenticationTimeoutFailure)
    }
}
