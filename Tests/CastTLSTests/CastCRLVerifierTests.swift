import CastTLS
import CastWire
import Foundation
import CastTestKit
import Testing

/// Cast CRLs built here (a CRL root, a signer, lists signed with CastCRLIssuer) for every validity and revocation
/// case of cast-pki/README.md, checked by CastCRLVerifier alone and through DeviceChainVerifier.
@Suite struct CastCRLVerifierTests {
    /// A whole second, so the inclusive window ends can be hit exactly.
    static let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    static let day: TimeInterval = 86_400
    static let deviceSerial: UInt64 = 1000
    static let icaSerial: UInt64 = 4

    /// A CRL PKI (root, signer) and a device PKI (root, ICA, device).
    struct PKI: Sendable {
        let crlRoot: IssuedCertificate
        let signer: IssuedCertificate
        let deviceRoot: IssuedCertificate
        let ica: IssuedCertificate
        let device: IssuedCertificate

        /// A PKI whose keys are `keys`' (another namespace gives another PKI's keys).
        init(
            signerNotBefore: Date = now - 30 * day, signerNotAfter: Date = now + 365 * day, keys: String = "crl"
        ) throws {
            func issue(
                _ name: String, ca: Bool, by issuer: IssuedCertificate?, serial: UInt64,
                notBefore: Date = now - 30 * day, notAfter: Date = now + 365 * day
            ) throws -> IssuedCertificate {
                try CertificateIssuer.issue(
                    CertificateRequest(
                        subject: [("CN", name)], serial: serial, notBefore: notBefore, notAfter: notAfter,
                        isCertificateAuthority: ca),
                    key: try TestKeys.rsa2048(named: keys + "/" + name), issuer: issuer)
            }
            crlRoot = try issue("Test CRL Root", ca: true, by: nil, serial: 1)
            signer = try issue(
                "Test CRL Signer", ca: false, by: crlRoot, serial: 2, notBefore: signerNotBefore,
                notAfter: signerNotAfter)
            deviceRoot = try issue("Test Device Root", ca: true, by: nil, serial: 3)
            ica = try issue("Test ICA", ca: true, by: deviceRoot, serial: icaSerial)
            device = try issue("Test Device", ca: false, by: ica, serial: deviceSerial)
        }

        /// Trusts only this PKI's CRL root for CRL signers.
        var crlVerifier: CastCRLVerifier { CastCRLVerifier(trustStore: CastTrustStore(roots: [crlRoot.certificate])) }

        /// A list valid `from`…`to` seconds around `now`.
        func list(
            version: UInt64 = 0, from: TimeInterval = -day, to: TimeInterval = day, keys: [[UInt8]] = [],
            ranges: [CastSerialNumberRange] = []
        ) -> CastTBSCRL {
            CastTBSCRL(
                version: version, notBeforeSeconds: UInt64(now.timeIntervalSince1970 + from),
                notAfterSeconds: UInt64(now.timeIntervalSince1970 + to), revokedPublicKeyHashes: keys,
                revokedSerialNumberRanges: ranges)
        }

        /// `lists`, each signed by `signer` (this PKI's signer by default).
        func bundle(_ lists: [CastTBSCRL], signer: IssuedCertificate? = nil) throws -> CastCRLBundle {
            CastCRLBundle(crls: try lists.map { try CastCRLIssuer.sign($0, signer: signer ?? self.signer) })
        }

        /// The device chain checked now against `bundle` (CRL time `crlTime`, the chain's time when nil).
        func check(_ bundle: CastCRLBundle?, required: Bool = false, crlTime: Date? = nil) -> DeviceChainReport {
            DeviceChainVerifier(
                trustStore: CastTrustStore(roots: [deviceRoot.certificate]),
                revocation: DeviceChainVerifier.Revocation(
                    bundle: bundle, verifier: crlVerifier, time: crlTime, required: required)
            ).verify([device.certificate, ica.certificate], at: now)
        }

        /// Serials `first…last` of the certificates `issuer` (the ICA by default) signed.
        func range(_ first: UInt64, _ last: UInt64, issuer: IssuedCertificate? = nil) -> CastSerialNumberRange {
            CastSerialNumberRange(
                issuerPublicKeyHash: (issuer ?? ica).certificate.subjectPublicKeyInfoSHA256, firstSerialNumber: first,
                lastSerialNumber: last)
        }

        var deviceKeyHash: [UInt8] { device.certificate.subjectPublicKeyInfoSHA256 }
        var icaKeyHash: [UInt8] { ica.certificate.subjectPublicKeyInfoSHA256 }
    }

    /// One PKI for the tests that need no special dates (RSA key generation is the slow part).
    static let shared = Result { try PKI() }

    private func failure(_ result: Result<VerifiedCastCRL, CRLFailure>) -> CRLFailure? {
        if case .failure(let failure) = result { return failure }
        return nil
    }

    private func reason(_ result: Result<VerifiedCastCRL, CRLFailure>) -> CRLFailure.Reason? {
        failure(result)?.reason
    }

    // MARK: validity of the list

    @Test func validListVerifiesAndKeepsItsEntries() throws {
        let pki = try Self.shared.get()
        let ranges = [pki.range(5, 9)]
        let bundle = try pki.bundle([pki.list(keys: [pki.deviceKeyHash], ranges: ranges)])
        let crl = try pki.crlVerifier.verify(bundle, at: Self.now).get()
        #expect(crl.index == 0)
        #expect(crl.version == 0)
        #expect(crl.revokedPublicKeyHashes == [pki.deviceKeyHash])
        #expect(crl.revokedSerialNumberRanges == ranges)
        #expect(crl.notBefore == Self.now - Self.day)
        #expect(crl.notAfter == Self.now + Self.day)
        #expect(crl.signerChain.map(\.subjectCommonName) == ["Test CRL Signer", "Test CRL Root"])
    }

    @Test func serializedBundleVerifiesLikeTheDecodedOne() throws {
        let pki = try Self.shared.get()
        let bytes = try pki.bundle([pki.list()]).protobufBytes
        #expect(try pki.crlVerifier.verify(protobuf: bytes, at: Self.now).get().index == 0)
    }

    @Test func signerNotChainingToTheCRLRootIsSignerUntrusted() throws {
        let pki = try Self.shared.get()
        let bundle = try pki.bundle([pki.list()])
        // The built-in Cast CRL Root CA did not sign it…
        #expect(reason(CastCRLVerifier().verify(bundle, at: Self.now)) == .signerUntrusted)
        // …nor did another generated CRL root, nor the device root.
        let other = try PKI(keys: "other crl")
        let refused = try #require(failure(other.crlVerifier.verify(bundle, at: Self.now)))
        #expect(refused.reason == .signerUntrusted)
        #expect(refused.crlIndex == 0)
        #expect(refused.detail.contains("CN=Test CRL Signer"), "\(refused.detail)")
        let deviceRootOnly = CastCRLVerifier(trustStore: CastTrustStore(roots: [pki.deviceRoot.certificate]))
        #expect(reason(deviceRootOnly.verify(bundle, at: Self.now)) == .signerUntrusted)
    }

    @Test func signerCertificateThatDoesNotParseIsSignerMalformed() throws {
        let pki = try Self.shared.get()
        var bundle = try pki.bundle([pki.list()])
        bundle.crls[0].signerCertificate = [0x30, 0x03, 0x02, 0x01, 0x01]
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now)) == .signerMalformed)
    }

    @Test func bundleWithOnlyAnUnsupportedVersionIsUnsupportedVersion() throws {
        let pki = try Self.shared.get()
        let bundle = try pki.bundle([pki.list(version: 1)])
        let refused = try #require(failure(pki.crlVerifier.verify(bundle, at: Self.now)))
        #expect(refused.reason == .unsupportedVersion)
        #expect(refused.detail.contains("found 1"), "\(refused.detail)")
    }

    @Test func firstListOfVersion1IsSkippedForTheSecondOfVersion0() throws {
        let pki = try Self.shared.get()
        let mixed = try pki.bundle([pki.list(version: 1), pki.list(version: 0, keys: [pki.icaKeyHash])])
        let crl = try pki.crlVerifier.verify(mixed, at: Self.now).get()
        #expect(crl.index == 1)
        #expect(crl.version == 0)
        #expect(crl.revokedPublicKeyHashes == [pki.icaKeyHash])
        // And through the chain check: the second list is the one that revokes.
        #expect(pki.check(mixed).failure?.reason == .revoked)
    }

    @Test func alteredSignatureIsBadSignature() throws {
        let pki = try Self.shared.get()
        var bundle = try pki.bundle([pki.list()])
        bundle.crls[0].signature[3] ^= 0x40
        let refused = try #require(failure(pki.crlVerifier.verify(bundle, at: Self.now)))
        #expect(refused.reason == .badSignature)
        #expect(refused.crlIndex == 0)
    }

    @Test func alteredListIsBadSignature() throws {
        let pki = try Self.shared.get()
        var bundle = try pki.bundle([pki.list()])
        // The last byte is the end of the not_after varint (below 0x80): flipping its low bit keeps it decodable.
        let last = bundle.crls[0].tbsBytes.count - 1
        bundle.crls[0].tbsBytes[last] ^= 0x01
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now)) == .badSignature)
    }

    @Test func listBeforeNotBeforeOrAfterNotAfterIsDateInvalid() throws {
        let pki = try Self.shared.get()
        let bundle = try pki.bundle([pki.list(from: 0, to: 100)])
        let early = try #require(failure(pki.crlVerifier.verify(bundle, at: Self.now - 1)))
        #expect(early.reason == .dateInvalid)
        #expect(early.detail.contains("not at " + ChainDateText.format(Self.now - 1)), "\(early.detail)")
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now + 101)) == .dateInvalid)
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now - 10 * Self.day)) == .dateInvalid)
    }

    @Test func validityIsInclusiveExactlyAtNotBeforeAndNotAfter() throws {
        let pki = try Self.shared.get()
        let bundle = try pki.bundle([pki.list(from: 0, to: 100)])
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now)) == nil)
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now + 100)) == nil)
        // Within the last second (the window is in whole seconds).
        #expect(reason(pki.crlVerifier.verify(bundle, at: Self.now + 100.5)) == nil)
    }

    @Test func expiredSignerIsSignerDateInvalid() throws {
        let pki = try PKI(signerNotAfter: Self.now - Self.day)
        let refused = try #require(failure(pki.crlVerifier.verify(try pki.bundle([pki.list()]), at: Self.now)))
        #expect(refused.reason == .signerDateInvalid)
        #expect(refused.detail.contains("signer CN=Test CRL Signer") && refused.detail.contains("expired"),
                "\(refused.detail)")
    }

    @Test func signerNotYetValidIsSignerDateInvalid() throws {
        let pki = try PKI(signerNotBefore: Self.now + Self.day, signerNotAfter: Self.now + 365 * Self.day)
        let refused = try #require(failure(pki.crlVerifier.verify(try pki.bundle([pki.list()]), at: Self.now)))
        #expect(refused.reason == .signerDateInvalid)
        #expect(refused.detail.contains("not valid before"), "\(refused.detail)")
    }

    @Test func rangeWithFirstAfterLastIsMalformedEntry() throws {
        let pki = try Self.shared.get()
        let backwards = try pki.bundle([pki.list(ranges: [pki.range(1, 2), pki.range(10, 9)])])
        let refused = try #require(failure(pki.crlVerifier.verify(backwards, at: Self.now)))
        #expect(refused.reason == .malformedEntry)
        #expect(refused.detail.contains("revoked_serial_number_ranges[1]"), "\(refused.detail)")
    }

    @Test func thirtyOneByteHashIsMalformedEntry() throws {
        let pki = try Self.shared.get()
        let short = [UInt8](repeating: 1, count: 31)
        let shortKey = try pki.bundle([pki.list(keys: [pki.deviceKeyHash, short])])
        let refused = try #require(failure(pki.crlVerifier.verify(shortKey, at: Self.now)))
        #expect(refused.reason == .malformedEntry)
        #expect(refused.detail.contains("revoked_public_key_hashes[1] is 31 bytes"), "\(refused.detail)")
        let shortIssuer = CastSerialNumberRange(issuerPublicKeyHash: short, firstSerialNumber: 1, lastSerialNumber: 2)
        let refusedRange = try pki.bundle([pki.list(ranges: [shortIssuer])])
        #expect(reason(pki.crlVerifier.verify(refusedRange, at: Self.now)) == .malformedEntry)
    }

    @Test func emptyBundleIsEmpty() {
        #expect(reason(CastCRLVerifier().verify(CastCRLBundle(crls: []), at: Self.now)) == .empty)
        #expect(reason(CastCRLVerifier().verify(protobuf: [], at: Self.now)) == .empty)
    }

    @Test func garbageBytesAreMalformedWithTheProtobufOffset() throws {
        // Field 1 (a Crl) says 5 bytes follow from byte 2, but only 1 does.
        let refused = try #require(failure(CastCRLVerifier().verify(protobuf: [0x0A, 0x05, 0x01], at: Self.now)))
        #expect(refused.reason == .malformed)
        #expect(refused.detail.contains("truncated at byte 2"), "\(refused.detail)")
        let text = try #require(failure(CastCRLVerifier().verify(protobuf: Array("not a crl".utf8), at: Self.now)))
        #expect(text.reason == .malformed)
        #expect(text.detail.contains("at byte 0"), "\(text.detail)")
    }

    @Test func listThatDoesNotDecodeIsMalformedNamingTheCrlAndOffset() throws {
        let pki = try Self.shared.get()
        var bundle = try pki.bundle([pki.list()])
        bundle.crls[0].tbsBytes = [0x08, 0x00, 0x22, 0x05]  // field 4 claims 5 bytes, none follow
        let decoded = try CastCRLBundle(protobuf: bundle.protobufBytes)
        let refused = try #require(failure(pki.crlVerifier.verify(decoded, at: Self.now)))
        #expect(refused.reason == .malformed)
        #expect(refused.crlIndex == 0)
        // The bundle's tag and length (3 bytes: the Crl is over 127 bytes), the Crl's tag and length (2), then the
        // list: its field 4 value starts at list byte 4.
        #expect(refused.detail.contains("truncated at byte \(3 + 2 + 4)"), "\(refused.detail)")
    }

    @Test func aSignedListWithTimesPastWhatTimeTHoldsIsDateInvalidWithoutACrash() throws {
        let pki = try Self.shared.get()
        let list = CastTBSCRL(notBeforeSeconds: .max, notAfterSeconds: .max)
        let bundle = CastCRLBundle(crls: [try CastCRLIssuer.sign(list, signer: pki.signer)])
        let refused = try #require(failure(pki.crlVerifier.verify(bundle, at: Self.now)))
        #expect(refused.reason == .dateInvalid)
    }

    @Test func listThatDoesNotDecodeIsSkippedForALaterUsableOne() throws {
        let pki = try Self.shared.get()
        var bundle = try pki.bundle([pki.list(), pki.list(keys: [pki.icaKeyHash])])
        bundle.crls[0].tbsBytes = [0x08, 0x00, 0x22, 0x05]
        let decoded = try CastCRLBundle(protobuf: bundle.protobufBytes)
        let crl = try pki.crlVerifier.verify(decoded, at: Self.now).get()
        #expect(crl.index == 1)
    }

    // MARK: revocation through DeviceChainVerifier

    @Test func deviceIsRevokedByItsPublicKeyHash() throws {
        let pki = try Self.shared.get()
        let report = pki.check(try pki.bundle([pki.list(keys: [pki.deviceKeyHash])]))
        let failure = try #require(report.failure)
        #expect(failure.reason == .revoked)
        #expect(failure.position == 0)
        #expect(failure.subject == "CN=Test Device")
        #expect(report.revocation?.revokedPosition == 0)
        #expect(report.revocation?.revokedBy?.contains("public key") == true)
        #expect(report.revocation?.crl != nil)
    }

    @Test func intermediateIsRevokedByItsPublicKeyHash() throws {
        let pki = try Self.shared.get()
        let report = pki.check(try pki.bundle([pki.list(keys: [pki.icaKeyHash])]))
        let failure = try #require(report.failure)
        #expect(failure.reason == .revoked)
        #expect(failure.position == 1)
        #expect(failure.subject == "CN=Test ICA")
        #expect(report.revocation?.revokedPosition == 1)
    }

    @Test func deviceIsRevokedBySerialRangeUnderItsIssuersKeyHash() throws {
        let pki = try Self.shared.get()
        let report = pki.check(try pki.bundle([pki.list(ranges: [pki.range(900, 1100)])]))
        let failure = try #require(report.failure)
        #expect(failure.reason == .revoked)
        #expect(failure.position == 0)
        #expect(report.revocation?.revokedBy?.contains("serial 1000 in range 900…1100") == true,
                "\(String(describing: report.revocation?.revokedBy))")
    }

    @Test func intermediateIsRevokedBySerialRangeUnderTheRootsKeyHash() throws {
        let pki = try Self.shared.get()
        let range = pki.range(Self.icaSerial, Self.icaSerial, issuer: pki.deviceRoot)
        let report = pki.check(try pki.bundle([pki.list(ranges: [range])]))
        #expect(report.failure?.reason == .revoked)
        #expect(report.failure?.position == 1)
    }

    @Test func serialRangeUnderAnotherKeyRevokesNothing() throws {
        let pki = try Self.shared.get()
        // Every serial, but under the CRL root's key, or under the device's own key (not its issuer's).
        let ranges = [pki.range(0, .max, issuer: pki.crlRoot), pki.range(0, .max, issuer: pki.device)]
        let report = pki.check(try pki.bundle([pki.list(ranges: ranges)]))
        #expect(report.isTrusted, "\(String(describing: report.failure))")
        #expect(report.revocation?.crl != nil)
        #expect(report.revocation?.revokedPosition == nil)
    }

    @Test func overlappingRangesRevoke() throws {
        let pki = try Self.shared.get()
        let overlapping = [pki.range(1, 2000), pki.range(999, 1001), pki.range(1000, 5000)]
        #expect(pki.check(try pki.bundle([pki.list(ranges: overlapping)])).failure?.reason == .revoked)
    }

    @Test func rangeOverEverySixtyFourBitSerialRevokes() throws {
        let pki = try Self.shared.get()
        #expect(pki.check(try pki.bundle([pki.list(ranges: [pki.range(0, .max)])])).failure?.reason == .revoked)
    }

    @Test(arguments: [(1000, 1000), (1000, 2000), (1, 1000)] as [(UInt64, UInt64)])
    func rangeWithAnEndAtTheDeviceSerialRevokesIt(first: UInt64, last: UInt64) throws {
        #expect(first == Self.deviceSerial || last == Self.deviceSerial)
        let pki = try Self.shared.get()
        let report = pki.check(try pki.bundle([pki.list(ranges: [pki.range(first, last)])]))
        #expect(report.failure?.reason == .revoked)
        #expect(report.failure?.position == 0)
    }

    @Test func rangesBesideTheSerialRevokeNothing() throws {
        let pki = try Self.shared.get()
        let beside = [pki.range(1, Self.deviceSerial - 1), pki.range(Self.deviceSerial + 1, .max)]
        let report = pki.check(try pki.bundle([pki.list(ranges: beside)]))
        #expect(report.isTrusted, "\(String(describing: report.failure))")
    }

    @Test func requiredCRLThatIsMissingIsCRLMissing() throws {
        let pki = try Self.shared.get()
        let report = pki.check(nil, required: true)
        #expect(report.failure?.reason == .crlMissing)
        #expect(report.revocation?.required == true)
        #expect(report.revocation?.crl == nil)
    }

    @Test func requiredCRLThatIsInvalidIsCRLInvalid() throws {
        let pki = try Self.shared.get()
        let expired = try pki.bundle([pki.list(from: -10 * Self.day, to: -Self.day)])
        let report = pki.check(expired, required: true)
        #expect(report.failure?.reason == .crlInvalid)
        #expect(report.failure?.detail.contains("valid") == true)
        #expect(report.revocation?.crlFailure?.reason == .dateInvalid)
        var forged = try pki.bundle([pki.list()])
        forged.crls[0].signature[0] ^= 0x01
        #expect(pki.check(forged, required: true).failure?.reason == .crlInvalid)
    }

    @Test func optionalCRLThatIsInvalidIsReportedAndIgnored() throws {
        let pki = try Self.shared.get()
        // Expired, and it would revoke the device: an invalid list revokes nothing.
        let expired = try pki.bundle([pki.list(from: -10 * Self.day, to: -Self.day, keys: [pki.deviceKeyHash])])
        let report = pki.check(expired)
        #expect(report.isTrusted, "\(String(describing: report.failure))")
        #expect(report.revocation?.crlFailure?.reason == .dateInvalid)
        #expect(report.revocation?.required == false)
        #expect(report.revocation?.crl == nil)
    }

    @Test func noCRLAndNoneRequiredChecksNothing() throws {
        let pki = try Self.shared.get()
        let report = pki.check(nil)
        #expect(report.isTrusted)
        #expect(report.revocation == nil)
    }

    @Test func requiredValidCRLThatRevokesNothingIsTrusted() throws {
        let pki = try Self.shared.get()
        let report = pki.check(try pki.bundle([pki.list(keys: [[UInt8](repeating: 7, count: 32)])]), required: true)
        #expect(report.isTrusted, "\(String(describing: report.failure))")
        #expect(report.revocation?.crl?.revokedPublicKeyHashes.count == 1)
    }

    @Test func crlTimeIsSeparateFromTheChainTime() throws {
        let pki = try Self.shared.get()
        let old = try pki.bundle([pki.list(from: -10 * Self.day, to: -Self.day, keys: [pki.deviceKeyHash])])
        let then = Self.now - 5 * Self.day
        let lapsed = pki.check(old, required: true, crlTime: then)
        // Valid when checked, it has lapsed at the chain's time: refused, naming when it expired.
        #expect(lapsed.failure?.reason == .crlExpiredAtCheck)
        #expect(lapsed.failure?.detail.contains("the CRL expired \(ChainDateText.format(Self.now - Self.day))") == true,
                "\(String(describing: lapsed.failure))")
        #expect(lapsed.revocation?.crlTime == then)
        #expect(lapsed.verificationTime == Self.now)
        // A list valid at both times is applied as usual.
        let lasting = try pki.bundle([pki.list(from: -10 * Self.day, to: Self.day, keys: [pki.deviceKeyHash])])
        #expect(pki.check(lasting, crlTime: then).failure?.reason == .revoked)
        // At the chain's own time the same list is out of date.
        let current = pki.check(old, required: true)
        #expect(current.failure?.reason == .crlInvalid)
        #expect(current.revocation?.crlTime == Self.now)
    }
}

/// A CRL checked at one time and a chain at another (Chromium and openscreen check both): a list whose signer's
/// certificate ends between the two refuses the chain, with or without --require-crl.
@Suite struct CRLCheckTimeTests {
    static let now = CastCRLVerifierTests.now
    static let day = CastCRLVerifierTests.day

    @Test func aSignerThatExpiresBetweenTheCRLTimeAndTheChainTimeRefusesTheChain() throws {
        let pki = try CastCRLVerifierTests.PKI(signerNotBefore: Self.now - 30 * Self.day,
                                               signerNotAfter: Self.now - 2 * Self.day, keys: "crl-lapse")
        let bundle = try pki.bundle([pki.list(from: -10 * Self.day, to: Self.day)])
        let then = Self.now - 5 * Self.day
        for required in [false, true] {
            let report = pki.check(bundle, required: required, crlTime: then)
            #expect(report.failure?.reason == .crlExpiredAtCheck, "required \(required)")
            let detail = report.failure?.detail ?? ""
            #expect(detail.contains("Test CRL Signer") && detail.contains("expired \(ChainDateText.format(Self.now - 2 * Self.day))"),
                    "\(detail)")
            #expect(report.revocation?.crl != nil, "the CRL itself verified at its own time")
        }
        // Checked at one time only, the same signer is out of date there: the usual failure, not this one.
        #expect(pki.check(bundle, required: true).failure?.reason == .crlInvalid)
        // A chain time within the signer's life: nothing lapses.
        let withinLife = Self.now - 3 * Self.day
        #expect(DeviceChainVerifier.lapse(of: try pki.crlVerifier.verify(bundle, at: then).get(), at: withinLife) == nil)
    }
}

/// The `YYYY-MM-DD hh:mm:ss UTC` text CRL and chain failures use for times.
enum ChainDateText {
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: date)
    }
}
