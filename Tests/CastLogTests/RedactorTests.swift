import Testing
@testable import CastLog

@Suite struct RedactorTests {
    @Test func redactsSensitiveJSONMembersOfAnyValueType() {
        let text = #"{"type":"LOAD","credentials":"user-abc","media":{"contentId":"x"},"token":42,"authorization":{"a":[1,"}"]},"password": "p w"}"#
        #expect(Redactor.redactText(text)
            == #"{"type":"LOAD","credentials":"<redacted>","media":{"contentId":"x"},"token":"<redacted>","authorization":"<redacted>","password": "<redacted>"}"#)
    }

    @Test func redactsTokenLikeKeysCaseInsensitively() {
        #expect(Redactor.redactText(#"{"accessToken":"abc","Refresh_Token":"def","tokenType":"x"}"#)
            == #"{"accessToken":"<redacted>","Refresh_Token":"<redacted>","tokenType":"x"}"#)
    }

    @Test func leavesValuesThatMerelyContainSensitiveWordsAlone() {
        let text = #"{"title":"the token of esteem","msg":"\"password\" is a word"}"#
        #expect(Redactor.redactText(text) == text)
    }

    @Test func redactsQueryParametersNamedLikeTokensKeysAndSignatures() {
        let text = "GET https://cdn.example/v.m3u8?token=abc123&quality=hd&X-Amz-Signature=ff00&api_key=k#frag"
        #expect(Redactor.redactText(text)
            == "GET https://cdn.example/v.m3u8?token=<redacted>&quality=hd&X-Amz-Signature=<redacted>&api_key=<redacted>#frag")
    }

    @Test func redactsAuthorizationHeaderValues() {
        #expect(Redactor.redactText("headers: Authorization: Bearer eyJhbGciOi.x.y\nnext")
            == "headers: Authorization: <redacted>\nnext")
    }

    @Test func redactsMetadataBySecretMarkAndKeyName() {
        var record = LogRecord(
            timestamp: .now(), level: .info, className: "C", function: "f", file: "f.swift", line: 1, message: "m",
            metadata: ["http.authorization": "Basic abc", "cast.session_id": "123", "app.pin": .secret("1234"),
                       "url": "http://x/?sig=zz"])
        Redactor.redact(&record)
        #expect(record.metadata["http.authorization"] == "<redacted>")
        #expect(record.metadata["cast.session_id"] == "123")
        #expect(record.metadata["app.pin"] == "<redacted>")
        #expect(record.metadata["url"] == "http://x/?sig=<redacted>")
    }

    @Test func loggerRedactsBeforeSinksUnlessSwitchedOff() {
        let logger = Logger()
        let ring = RingBufferSink(capacity: 10)
        logger.addSink(ring)
        let log = logger.category("GCKRemoteMediaClient")
        log.info(#"LOAD {"credentials":"secret-user"}"#)
        logger.redactionEnabled = false
        log.info(#"LOAD {"credentials":"secret-user"}"#)
        #expect(ring.records.map(\.message) == [#"LOAD {"credentials":"<redacted>"}"#, #"LOAD {"credentials":"secret-user"}"#])
    }

    @Test func plainMessagesAreReturnedUntouched() {
        #expect(Redactor.redactText("request 42 took 17 ms") == "request 42 took 17 ms")
    }
}

@Suite struct RedactorReviewTests {
    @Test func proseAboutAuthorizationIsKept() {
        let text = "device authorization: challenge verified, cert chain ok"
        #expect(Redactor.redactText(text) == text)
    }

    @Test func authorizationWithASchemeOrAtLineStartIsRedacted() {
        #expect(Redactor.redactText("sent Authorization: Basic dXNlcjpwYXNz") == "sent Authorization: <redacted>")
        #expect(Redactor.redactText("Authorization: opaque-value") == "Authorization: <redacted>")
    }

    @Test func queryNamesAreMatchedWholeNotBySubstring() {
        let text = "http://x/?monkey=1&author=me&design=2&signal=3"
        #expect(Redactor.redactText(text) == text)
        #expect(Redactor.redactText("http://x/?client_secret=a&upload_key=b&X-Amz-Credential=c")
            == "http://x/?client_secret=<redacted>&upload_key=<redacted>&X-Amz-Credential=<redacted>")
    }

    @Test func tokensInURLFragmentsAreRedacted() {
        #expect(Redactor.redactText("https://app/cb#access_token=abc123&state=x")
            == "https://app/cb#access_token=<redacted>&state=x")
    }

    @Test func escapedJSONInsideAStringIsRedacted() {
        let text = #"{"payloadUtf8":"{\"type\":\"LOAD\",\"credentials\":\"s3cret\",\"token\":42}"}"#
        #expect(Redactor.redactText(text)
            == #"{"payloadUtf8":"{\"type\":\"LOAD\",\"credentials\":\"<redacted>\",\"token\":\"<redacted>\"}"}"#)
    }

    @Test func escapedQuoteInsideTheEscapedValueDoesNotEndIt() {
        let text = #"{"p":"{\"password\":\"a\\\"b\"}"}"#
        #expect(!Redactor.redactText(text).contains("a\\\\\\\"b"))
        #expect(Redactor.redactText(text).contains("<redacted>"))
    }
}
