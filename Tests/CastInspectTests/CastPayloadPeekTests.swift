import Testing

@testable import CastInspect

@Suite struct CastPayloadPeekTests {
    @Test func findsTopLevelTypeAndRequestIDAndNestedMediaFields() {
        let peek = CastPayloadPeek(#"""
            {"status":[{"type":"nested","media":{"requestId":9,"title":"a \"quoted\" , : name"},"mediaSessionId":4,
            "playerState":"PLAYING"}],"type":"MEDIA_STATUS","requestId":12}
            """#)
        #expect(peek.type == "MEDIA_STATUS")
        #expect(peek.requestID == 12)
        #expect(peek.mediaSessionID == 4)
        #expect(peek.playerState == "PLAYING")
    }

    @Test func malformedJSONGivesWhatWasFoundBeforeTheFault() {
        let peek = CastPayloadPeek(#"{"type":"PING","requestId":-3,"x":"#)
        #expect(peek.type == "PING")
        #expect(peek.requestID == -3)
        #expect(CastPayloadPeek("").type == nil)
        #expect(CastPayloadPeek(#"["type","x"]"#).type == nil)
    }
}
