import CastWire
import Testing

@testable import CastInspect

@Suite struct CastPayloadPeekTests {
    /// Peeks at `text` where it lies in a larger buffer (as in a decrypted record), not at the buffer's start.
    private func peeked(_ text: String) -> CastPayloadPeek {
        let before = Array(#"{"type":"BEFORE"}"#.utf8), after = Array(#"{"type":"AFTER"}"#.utf8)
        let bytes = before + Array(text.utf8) + after
        return CastPayloadPeek(utf8: ByteReader(bytes, range: before.count..<bytes.count - after.count))
    }

    @Test func findsTopLevelTypeAndRequestIDAndNestedMediaFields() {
        let peek = peeked(#"""
            {"status":[{"type":"nested","media":{"requestId":9,"title":"a \"quoted\" , : name"},"mediaSessionId":4,
            "playerState":"PLAYING"}],"type":"MEDIA_STATUS","requestId":12}
            """#)
        #expect(peek.type == "MEDIA_STATUS")
        #expect(peek.requestID == 12)
        #expect(peek.mediaSessionID == 4)
        #expect(peek.playerState == "PLAYING")
    }

    @Test func malformedJSONGivesWhatWasFoundBeforeTheFault() {
        let peek = peeked(#"{"type":"PING","requestId":-3,"x":"#)
        #expect(peek.type == "PING")
        #expect(peek.requestID == -3)
        #expect(peeked("").type == nil)
        #expect(peeked(#"["type","x"]"#).type == nil)
    }
}
