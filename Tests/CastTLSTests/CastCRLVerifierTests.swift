import CastTLS
import CastWire
import Foundation
import Testing

/// Cast CRLs built here (a CRL root, a signer, lists signed with CastCRLIssuer) for every validity and revocation
/// case of cast-pki/README.md.
@Suite struct CastCRLVerifierTests {
    static let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970).rounded(.down))
    static let day: TimeInterval = 86_400

    /// A CRL PKI and a device PKI, generated once per test.
    struct PKI {
        let crlRoot: IssuedCertificate
        let signer: IssuedCertificate
        let deviceRoot: IssuedCertificate
        let ica: IssuedCertificate
        let device: IssuedCertificate

        init(signerNotAfter: Date = CastCRLVerifierTests.now + 365 * CastCRLVerifierTests.day) throws {
            func issue(_ name: String, ca: Bool, by issuer: IssuedCertificate?, serial: UInt64, notAfter: Date)
                throws -> IssuedCertificate
            {
                try CertificateIssuer.issue(
                    CertificateRequest(
                        subject: [("CN", name)], serial: serial, notBefore: CastCRLVerifierTests.now - 30 * CastCRLVerifierTests.day,
                        notAfter: notAfter, isCertificateAuthority: ca),
                    issuer: issuer)
            }
            let later = CastCRLVerifierTests.now + 365 * CastCRLVerifierTests.day
            crlRoot = try issue("Test CRL Root", ca: true, by: nil, serial: 1, notAfter: later)
            signer = try issue("Test CRL Signer", ca: false, by: crlRoot, serial: 2, notAfter: signerNotAfter)
            deviceRoot = try issue("Test Device Root", ca: true, by: nil, serial: 3, notAfter: later)
            ica = try issue("Test ICA", ca: true, by: deviceRoot, serial: 4, notAfter: later)
            device = try issue("Test Device", ca: false, by: ica, serial: 1000, notAfter: later)
        }

        var crlVerifier: CastCRLVerifier { CastCRLVerifier(trustStore: CastTrustStore(roots: [crlRoot.certificate])) }

        func list(
            version: UInt64 = 0, from: TimeInterval = -CastCRLVerifierTests.day, to: TimeInterval = CastCRLVerifierTests.day,
            keys: [[UInt8]] = [], ranges: [CastSerialNumberRange] = []
        ) -> CastTBSCRL {
            CastTBSCRL(
                version: version, notBeforeSeconds: UInt64(CastCRLVerifierTests.now.timeIntervalSince1970 + from),
                notAfterSeconds: UInt64(CastCRLVerifierTests.now.timeIntervalSince1970 + to),
                revokedPublicKeyHashes: keys, revokedSerialNumberRanges: ranges)
        }

        func bundle(_ lists: [CastTBSCRL], signer: IssuedCertificate? = nil) throws -> CastCRLBundle {
            CastCRLBundle(crls: try lists.map { try CastCRLIssuer.sign($0, signer: signer ?? self.signer) })
        }

        /// The device chain checked against `bundle`.
        func check(_ bundle: CastCRLBundle?, required: Bool = false, crlTime: Date? = nil) -> DeviceChainReport {
            DeviceChainVerifier(
                trustStore: CastTrustStore(roots: [deviceRoot.certificate]),
                revocation: DeviceChainVerifier.Revocation(
                    bundle: bundle, verifier: crlVerifier, time: crlTime, required: required)
            ).verify([device.certificate, ica.certificate], at: CastCRLVerifierTests.now)
        }

        func range(_ first: UInt64, _ last: UInt64, issuer: IssuedCertificate? = nil) -> CastSerialNumberRange {
            CastSerialNumberRange(
                issuerPublicKeyHash: (issuer ?? ica).certificate.subjectPublicKeyInfoSHA256, firstSerialNumber: first,
                lastSerialNumber: last)
        }
    }

    private func reason(_ result: Result<VerifiedCastCRL, CRLFailure>) -> CRLFailure.Reason? {
        if case .failure(let failure) = result { return failure.reason }
        return nil
    }

    @Test func validListVerifiesAndKeepsItsEntries() throws {
        let pki = try PKI()
        let bundle = try pki.bundle([pki.list(keys: [pki.device.certificate.subjectPublicKeyInfoSHA256])])
        let crl = try pki.crlVerifier.verify(bundle, at: Self.now).get()
        #expect(crl.revokedPublicKeyHashes.count == 1)
        #expect(crl.signerChain.first?.subjectCommonName == "Test CRL Signer")
    }

    @Test func signerOutsideTheCRLRootIsSignerUntrusted() throws {
        let pki = try PKI()
        let bundle = try pki.bundle([pki.list()])
        #expect(reason(CastCRLVerifier().verify(bundle, at: Self.now)) == .signerUntrusted)
    }

    @Test func onlyUnsupportedVersionsAreRefusedAndASupportedOneLaterIsUsed() throws {
        let pki = try PKI()
        #expect(reason(pki.crlVerifier.verify(try pki.bundle([pki.list(version: 1)]), at: Self.now)) == .unsupportedVersion)
        let mixed = try pki.bundle([pki.list(version: 1), pki.list(version: 0)])
        #expect(try pki.crlVerifier.verify(mixed, at: Self.now).get().index == 1)
    }

    @Test func alteredSignatureIsBadSignature() throws {
        let pki = try PKI()
        var bundle = try pki.bundle([pki.list()])
        bundle.crls[0].signature[3] ^= 0x40
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now)) == .badSignature)
        var tampered = try pki.bundle([pki.list()])
        tampered.crls[0].tbsBytes[tampered.crls[0].tbsBytes.count - 1] ^= 0x01
        #expect([.badSignature, .malformed].contains(reason(pki.crlVerifier.verify(tampered, at: Self.now))))
    }

    @Test func validityWindowIsInclusiveAtBothEnds() throws {
        let pki = try PKI()
        let bundle = try pki.bundle([pki.list(from: 0, to: 100)])
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now)) == nil)
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now + 100)) == nil)
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now - 1)) == .dateInvalid)
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now + 101)) == .dateInvalid)
    }

    @Test func signerOutOfDateIsSignerDateInvalid() throws {
        let pki = try PKI(signerNotAfter: Self.now - Self.day)
        #expect(reason(pki.crlVerifier.verify(try pki.bundle([pki.list()]), at: Self.now)) == .signerDateInvalid)
    }

    @Test func malformedEntriesAreRefused() throws {
        let pki = try PKI()
        let backwards = try pki.bundle([pki.list(ranges: [pki.range(10, 9)])])
        #expect(reason(pki.crlVerifier.verify(backwards, at: Self.now)) == .malformedEntry)
        let shortHash = try pki.bundle([pki.list(keys: [[UInt8](repeating: 1, count: 31)])])
        #expect(reason(pki.crlVerifier.verify(shortHash, at: Self.now)) == .malformedEntry)
    }

    @Test func emptyAndGarbageBundlesAreRefusedWithWhereTheyFailed() {
        #expect(reason(CastCRLVerifier().verify(CastCRLBundle(crls: []), at: Self.now)) == .empty)
        let garbage = CastCRLVerifier().verify(protobuf: [0x0A, 0x05, 0x01], at: Self.now)
        guard case .failure(let failure) = garbage else {
            Issue.record("garbage verified")
            return
        }
        #expect(failure.reason == .malformed)
        #expect(failure.detail.contains("byte"), "\(failure.detail)")
    }

    @Test func deviceRevokedByItsPublicKeyHash() throws {
        let pki = try PKI()
        let report = pki.check(try pki.bundle([pki.list(keys: [pki.device.certificate.subjectPublicKeyInfoSHA256])]))
        #expect(report.failure?.reason == .revoked)
        #expect(report.failure?.position == 0)
        #expect(report.revocation?.revokedPosition == 0)
    }

    @Test func intermediateRevokedByItsPublicKeyHash() throws {
        let pki = try PKI()
        let report = pki.check(try pki.bundle([pki.list(keys: [pki.ica.certificate.subjectPublicKeyInfoSHA256])]))
        #expect(report.failure?.reason == .revoked)
        #expect(report.failure?.position == 1)
    }

    @Test func deviceRevokedBySerialRangeOfItsIssuer() throws {
        let pki = try PKI()
        #expect(pki.check(try pki.bundle([pki.list(ranges: [pki.range(900, 1100)])])).failure?.reason == .revoked)
        #expect(pki.check(try pki.bundle([pki.list(ranges: [pki.range(1000, 1000)])])).failure?.reason == .revoked)
        #expect(pki.check(try pki.bundle([pki.list(ranges: [pki.range(0, UInt64.max)])])).failure?.reason == .revoked)
        let overlapping = [pki.range(1, 2000), pki.range(999, 1001)]
        #expect(pki.check(try pki.bundle([pki.list(ranges: overlapping)])).failure?.reason == .revoked)
    }

    @Test func serialRangeOfAnotherIssuerOrBesideTheSerialRevokesNothing() throws {
        let pki = try PKI()
        let other = pki.range(0, UInt64.max, issuer: pki.crlRoot)
        let report = pki.check(try pki.bundle([pki.list(ranges: [other, pki.range(1001, 2000), pki.range(1, 999)])]))
        #expect(report.isTrusted)
        #expect(report.revocation?.crl != nil)
        #expect(report.revocation?.revokedPosition == nil)
    }

    @Test func requiredCRLMissingOrInvalidRefusesAnOptionalOneIsReportedAndIgnored() throws {
        let pki = try PKI()
        #expect(pki.check(nil, required: true).failure?.reason == .crlMissing)
        let expired = try pki.bundle([pki.list(from: -10 * Self.day, to: -Self.day)])
        #expect(pki.check(expired, required: true).failure?.reason == .crlInvalid)
        let optional = pki.check(expired)
        #expect(optional.isTrusted)
        #expect(optional.revocation?.crlFailure?.reason == .dateInvalid)
        #expect(pki.check(nil).revocation == nil)
    }

    @Test func crlTimeIsSeparateFromTheChainTime() throws {
        let pki = try PKI()
        let old = try pki.bundle([pki.list(from: -10 * Self.day, to: -Self.day, keys: [pki.device.certificate.subjectPublicKeyInfoSHA256])])
        #expect(pki.check(old, crlTime: Self.now - 5 * Self.day).failure?.reason == .revoked)
        #expect(pki.check(old).isTrusted)
    }
}
