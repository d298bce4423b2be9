import CastTLS
import Foundation
import Testing

/// Parsing DER and PEM certificates: exact DER only, PEM blocks in order.
@Suite struct X509CertificateTests {
    @Test func truncatedOrPaddedDERIsMalformed() throws {
        let der = try DeviceCertificate.generateSelfSigned(commonName: "der").certificate.derBytes
        for bad in [Array(der.prefix(der.count - 1)), der + [0], [], [0x30, 0x03, 0x02, 0x01]] {
            do {
                _ = try X509Certificate(derBytes: bad)
                Issue.record("accepted \(bad.count) bytes")
            } catch {
                #expect(error.kind == .malformedDER)
            }
        }
    }

    @Test func pemWithSeveralCertificatesYieldsThemInOrder() throws {
        let text = try TLSTestSupport.chainFile("device.pem") + TLSTestSupport.chainFile("intermediate.pem")
        let certificates = try X509Certificate.certificates(fromPEM: text)
        #expect(certificates.map(\.subjectCommonName) == ["castscope-emulator-device", "castscope Test Cast Intermediate CA"])
    }

    @Test func textWithoutPEMIsMalformedPEM() {
        do {
            _ = try X509Certificate(pem: "hello")
            Issue.record("expected failure")
        } catch {
            #expect(error.kind == .malformedPEM)
        }
    }
}
