import CastTLS
import Foundation
import Testing

@Suite struct DeviceCertificateTests {
    @Test(arguments: [PrivateKey.KeyType.rsa2048, .ecP256])
    func generatedCertificateIsSelfSignedShortLivedAndRoundTrips(keyType: PrivateKey.KeyType) throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let generated = try DeviceCertificate.generateSelfSigned(
            commonName: "Living Room TV", lifetime: 2 * 86_400, keyType: keyType, now: now)
        let certificate = generated.certificate
        #expect(certificate.subjectCommonName == "Living Room TV")
        #expect(certificate.issuerCommonName == "Living Room TV")
        #expect(certificate.notBefore == now)
        #expect(certificate.notAfter == now.addingTimeInterval(2 * 86_400))
        #expect(certificate.lifetime <= DeviceCertificate.maximumLifetime)
        #expect(generated.privateKey.keyType == keyType)
        let reparsed = try X509Certificate(derBytes: certificate.derBytes)
        #expect(reparsed.derBytes == certificate.derBytes)
        let fromPEM = try X509Certificate(pem: certificate.pemString)
        #expect(fromPEM.derBytes == certificate.derBytes)
        #expect(certificate.pemString.hasPrefix("-----BEGIN CERTIFICATE-----"))
        let key = try PrivateKey(pem: generated.privateKey.pemString)
        #expect(key.keyType == keyType)
    }

    @Test func defaultLifetimeIsWithinFourDays() throws {
        let generated = try DeviceCertificate.generateSelfSigned(commonName: "default")
        #expect(generated.certificate.lifetime > 0)
        #expect(generated.certificate.lifetime <= 4 * 86_400)
    }

    @Test func lifetimeOverFourDaysIsRefused() {
        do {
            _ = try DeviceCertificate.generateSelfSigned(commonName: "too long", lifetime: 4 * 86_400 + 1)
            Issue.record("expected failure")
        } catch {
            #expect(error.kind == .lifetimeTooLong)
        }
    }

    @Test func emptyCommonNameIsRefused() {
        #expect(throws: CertificateError.self) { try DeviceCertificate.generateSelfSigned(commonName: "") }
    }

    @Test func twoCertificatesGetDifferentSerialsAndKeys() throws {
        let now = Date()
        let first = try DeviceCertificate.generateSelfSigned(commonName: "a", keyType: .ecP256, now: now)
        let second = try DeviceCertificate.generateSelfSigned(commonName: "a", keyType: .ecP256, now: now)
        #expect(first.certificate.derBytes != second.certificate.derBytes)
        #expect(first.certificate.sha256Fingerprint.count == 64)
    }

}
