import CastTLS
import Foundation
import Testing

/// Context configuration: what OpenSSL refuses becomes a `.configuration` TLSError.
@Suite struct TLSContextTests {
    @Test func serverWithoutCertificateIsAConfigurationError() {
        #expect(throws: TLSError.self) { try TLSContext(configuration: TLSConfiguration(role: .server)) }
        do {
            _ = try TLSContext(configuration: TLSConfiguration(role: .server))
        } catch {
            #expect(error.kind == .configuration)
        }
    }

    @Test func invalidCipherListIsAConfigurationErrorWithOpenSSLReason() {
        var configuration = TLSConfiguration.client()
        configuration.cipherList = "NOT-A-CIPHER"
        do {
            _ = try TLSContext(configuration: configuration)
            Issue.record("expected failure")
        } catch {
            #expect(error.kind == .configuration)
            #expect(error.openSSLErrors.contains { $0.reason == "no cipher match" })
        }
    }

    @Test func invertedVersionRangeIsAConfigurationError() {
        do {
            _ = try TLSContext(configuration: .client(minimumVersion: .tls13, maximumVersion: .tls12))
            Issue.record("expected failure")
        } catch {
            #expect(error.kind == .configuration)
        }
    }
}
