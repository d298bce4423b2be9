import CastTLS
import Foundation
import Testing

/// Alert names as the RFCs spell them.
@Suite struct TLSAlertTests {
    @Test func alertNamesFollowTheRFCs() {
        #expect(TLSAlert(code: 70).name == "protocol_version")
        #expect(TLSAlert(code: 48).name == "unknown_ca")
        #expect(TLSAlert(code: 200).name == "alert_200")
        #expect(TLSAlert.handshakeFailure.description == "handshake_failure (40)")
    }
}
