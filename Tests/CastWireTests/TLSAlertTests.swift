import Testing
@testable import CastWire

@Suite struct TLSAlertTests {
    @Test func namesLevelAndDescription() throws {
        let record = TLSRecord(contentType: .alert, version: .tls12, fragment: [2, 40], offset: 100)
        let alert = try TLSAlert(record)
        #expect(alert.level == 2)
        #expect(alert.code == 40)
        #expect(alert.description == "fatal handshake_failure")
        let close = try TLSAlert(TLSRecord(contentType: .alert, version: .tls12, fragment: [1, 0], offset: 0))
        #expect(close.description == "warning close_notify")
        let odd = try TLSAlert(TLSRecord(contentType: .alert, version: .tls12, fragment: [9, 250], offset: 0))
        #expect(odd.description == "level 9 unknown(250)")
    }

    @Test func wrongLengthIsMalformed() {
        let record = TLSRecord(contentType: .alert, version: .tls12, fragment: [2, 40, 0], offset: 100)
        #expect(throws: TLSParseError(context: .alert, kind: .malformed(.alertLength(3)), offset: 105)) {
            try TLSAlert(record)
        }
    }
}
