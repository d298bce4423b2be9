import Testing

@testable import CastSender

@Suite struct SessionResumeRecordTests {
    @Test func roundTripsThroughItsText() {
        let record = SessionResumeRecord(deviceID: "d", sessionID: "s", transportID: "t", appID: "CC1AD845",
                                         host: "127.0.0.1", port: 8009)
        #expect(SessionResumeRecord(text: record.text) == record)
    }

    @Test func toleratesCommentsJunkUnknownKeysAndCRLF() {
        let text = "# note\r\ngarbage line\r\nfuture_key=1\r\n device_id = d \r\nsession_id=s\r\n"
            + "transport_id=t\r\nport=99999\r\n"
        let record = SessionResumeRecord(text: text)
        #expect(record == SessionResumeRecord(deviceID: "d", sessionID: "s", transportID: "t"))
    }

    @Test func rejectsARecordWithoutATransportID() {
        #expect(SessionResumeRecord(text: "device_id=d\nsession_id=s\n") == nil)
        #expect(SessionResumeRecord(text: "") == nil)
        #expect(SessionResumeRecord(text: String(repeating: "=", count: 100_000)) == nil)
    }
}
