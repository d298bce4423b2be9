import CastTLS
import Foundation
import CastTestKit
import Testing

/// The real Cast roots and device chains of cast-pki give the results its README table says, row by row, through the
/// library; the rules the table does not cover are checked on PKIs generated with CertificateIssuer.
@Suite struct DeviceChainVerifierTests {
    // MARK: fixtures

    /// The text of `Fixtures/cast-pki/<path>`.
    static func pki(_ path: String) throws -> String {
        guard let url = Bundle.module.url(forResource: "Fixtures/cast-pki/\(path)", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "fixture \(path) missing"])
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Every certificate of `chains/<name>.pem`, in file order.
    static func chain(_ name: String) throws -> [X509Certificate] {
        try X509Certificate.certificates(fromPEM: pki("chains/\(name).pem"))
    }

    /// Midnight UTC of a `YYYY-MM-DD` day.
    static func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text + "T00:00:00Z"))
    }

    /// The chain checked against the built-in Cast roots.
    static func verifyUnderBuiltInRoots(_ name: String, at day: String) throws -> DeviceChainReport {
        DeviceChainVerifier().verify(try chain(name), at: try Self.date(day))
    }

    /// An "own root" row: the file's last certificate is the only root and is not passed as part of the chain.
    static func verifyUnderOwnRoot(_ name: String, at day: String = "2016-04-01") throws -> DeviceChainReport {
        let certificates = try chain(name)
        let root = try #require(certificates.last)
        return DeviceChainVerifier(trustStore: CastTrustStore(roots: [root]))
            .verify(Array(certificates.dropLast()), at: try Self.date(day))
    }

    /// The commonNames of the chain as the verifier built it, device first.
    static func names(_ report: DeviceChainReport) -> [String] {
        report.chain.map { $0.certificate.subjectCommonName ?? "?" }
    }

    /// Expects a trusted verdict with the table's commonName and policy, and the path ending in a trust anchor.
    static func expectTrusted(
        _ report: DeviceChainReport, commonName: String, policy: DevicePolicy, path: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(report.failure == nil, "\(String(describing: report.failure))", sourceLocation: sourceLocation)
        #expect(report.isTrusted, sourceLocation: sourceLocation)
        #expect(report.commonName == commonName, sourceLocation: sourceLocation)
        #expect(report.policy == policy, sourceLocation: sourceLocation)
        #expect(names(report) == path, sourceLocation: sourceLocation)
        #expect(report.chain.map(\.isTrustAnchor) == report.chain.indices.map { $0 == report.chain.count - 1 },
                sourceLocation: sourceLocation)
        #expect(report.revocation == nil, sourceLocation: sourceLocation)
    }

    // MARK: roots/

    @Test func builtInRootsHaveTheFingerprintsOfTheReadme() throws {
        // As printed in cast-pki/README.md: SHA-256 of the DER, upper-case hex with colons.
        let readme = [
            "80:9A:F1:47:00:B3:FE:26:11:AD:59:7E:B1:58:4D:63:54:31:3B:64:CC:DB:33:90:F0:97:FA:3E:58:26:D6:CA",
            "CA:F6:D1:E3:7B:53:22:03:E0:1A:76:BF:07:18:7B:B7:31:CC:D3:88:01:56:5A:B2:21:1A:2C:0A:B7:F3:BC:46",
            "8B:77:C6:02:91:F9:D6:27:64:61:30:83:F4:97:50:B1:C5:CA:AC:2D:9E:FB:E5:A2:8E:DF:30:1F:9D:84:83:1D",
        ]
        let expected = readme.map { $0.replacingOccurrences(of: ":", with: "").lowercased() }
        #expect(CastRootCertificates.fingerprints == expected)
        let embedded = try [CastRootCertificates.castRootCA, CastRootCertificates.eurekaRootCA,
                            CastRootCertificates.castCRLRootCA].map { try X509Certificate(pem: $0).sha256Fingerprint }
        #expect(embedded == expected)
        #expect(CastTrustStore.castDeviceRoots.roots.map(\.sha256Fingerprint) == Array(expected.prefix(2)))
        #expect(CastTrustStore.castCRLRoots.roots.map(\.sha256Fingerprint) == [expected[2]])
        let files = try ["cast_root_ca", "eureka_root_ca", "cast_crl_root_ca"].map {
            try X509Certificate(pem: Self.pki("roots/\($0).pem")).sha256Fingerprint
        }
        #expect(files == expected)
        #expect(CastTrustStore.castDeviceRoots.isBuiltInDeviceRoots)
        #expect(!CastTrustStore.castCRLRoots.isBuiltInDeviceRoots)
    }

    @Test func builtInRootsHaveTheSubjectsOfTheReadme() {
        let roots = CastTrustStore.castDeviceRoots.roots + CastTrustStore.castCRLRoots.roots
        let subjects = roots.map(\.subjectCommonName)
        #expect(subjects == ["Cast Root CA", "Eureka Root CA", "Cast CRL Root CA"])
    }

    // MARK: chains/ — one test per row of the README table

    @Test func chromecastGen2IsTrustedOnApril2016() throws {
        let report = try Self.verifyUnderBuiltInRoots("chromecast_gen2", at: "2016-04-01")
        Self.expectTrusted(
            report, commonName: "3ZZAK6 FA8FCA3F0D35", policy: .unrestricted,
            path: ["3ZZAK6 FA8FCA3F0D35", "Chromecast ICA 3", "Cast Root CA"])
        #expect(report.chain.allSatisfy { $0.isValidAtVerificationTime })
    }

    @Test func chromecastGen2BeforeItsNotBeforeIsDateInvalidAtTheIntermediate() throws {
        let failure = try #require(try Self.verifyUnderBuiltInRoots("chromecast_gen2", at: "2015-01-01").failure)
        #expect(failure.reason == .dateInvalid)
        // The device (from 2015-03-16) and ICA 3 (from 2015-03-12) are both not yet valid: the one nearest the root.
        #expect(failure.position == 1)
        #expect(failure.subject?.hasSuffix("CN=Chromecast ICA 3") == true)
        #expect(failure.detail.contains("not valid before 2015-03-12 16:44:39 UTC"), "\(failure.detail)")
        #expect(!failure.isExpiredCastIntermediate2025)
    }

    @Test func chromecastGen2TodayIsRefusedForTheMarch2025ExpiryOfChromecastICA3() throws {
        let report = DeviceChainVerifier().verify(try Self.chain("chromecast_gen2"), at: Date())
        let failure = try #require(report.failure)
        #expect(failure.reason == .dateInvalid)
        #expect(failure.position == 1)
        #expect(failure.subject?.hasSuffix("CN=Chromecast ICA 3") == true)
        #expect(failure.isExpiredCastIntermediate2025)
        #expect(failure.detail.contains("expired 2025-03-09 16:44:39 UTC"), "\(failure.detail)")
        #expect(failure.detail.contains("March 2025"), "\(failure.detail)")
        #expect(failure.detail.contains("firmware update"), "\(failure.detail)")
        // The chain itself is complete: only the date is wrong.
        #expect(Self.names(report) == ["3ZZAK6 FA8FCA3F0D35", "Chromecast ICA 3", "Cast Root CA"])
        #expect(report.chain.map(\.isValidAtVerificationTime) == [true, false, true])
    }

    @Test func chromecastAudioIsTrustedAndAudioOnlyOnApril2016() throws {
        Self.expectTrusted(
            try Self.verifyUnderBuiltInRoots("chromecast_audio", at: "2016-04-01"), commonName: "4ZZDZJ FA8FCA7EFE3C",
            policy: .audioOnly, path: ["4ZZDZJ FA8FCA7EFE3C", "Chromecast ICA 4 (Audio)", "Cast Root CA"])
    }

    @Test func fuguIsTrustedThreeLevelsUnderTheCastRoot() throws {
        Self.expectTrusted(
            try Self.verifyUnderBuiltInRoots("fugu", at: "2016-04-01"), commonName: "-6394818897508095075",
            policy: .unrestricted,
            path: ["-6394818897508095075", "Asus fugu Cast ICA", "Widevine Cast Subroot", "Cast Root CA"])
    }

    @Test func audioReferenceDevTestIsTrustedAndAudioOnly() throws {
        Self.expectTrusted(
            try Self.verifyUnderBuiltInRoots("audio_ref_dev_test_chain_3", at: "2016-04-01"),
            commonName: "Audio Reference Dev Test", policy: .audioOnly,
            path: ["Audio Reference Dev Test", "Audio Reference Dev Model", "Cast Audio Dev Root CA", "Cast Root CA"])
    }

    @Test func unchainedDeviceDoesNotChainToTheBuiltInRoots() throws {
        let report = try Self.verifyUnderBuiltInRoots("unchained", at: "2016-04-01")
        let failure = try #require(report.failure)
        #expect(failure.reason == .untrustedRoot)
        // The file holds the device certificate alone; its issuer is neither trusted nor given.
        #expect(failure.position == 0, "\(failure)")
        #expect(failure.subject?.hasSuffix("CN=Cast Test Untrusted Device") == true, "\(failure)")
        #expect(failure.detail.contains("built-in Cast roots") && failure.detail.contains("CN=Cast Test Untrusted ICA"),
                "\(failure.detail)")
        #expect(report.commonName == "Cast Test Untrusted Device")
        #expect(Self.names(report) == ["Cast Test Untrusted Device"])
        #expect(!report.chain.contains { $0.isTrustAnchor })
    }

    @Test func castRootGivenAsTheChainIsNotADeviceCertificate() throws {
        let root = try X509Certificate.certificates(fromPEM: Self.pki("roots/cast_root_ca.pem"))
        let failure = try #require(DeviceChainVerifier().verify(root, at: try Self.date("2016-04-01")).failure)
        #expect(failure.reason == .notADeviceCertificate)
        #expect(failure.position == 0)
        #expect(failure.subject?.hasSuffix("CN=Cast Root CA") == true)
    }

    @Test func expiredRootIsStillTrustedAsTheAnchor() throws {
        let report = try Self.verifyUnderOwnRoot("expired_root")
        Self.expectTrusted(
            report, commonName: "CastDevice", policy: .unrestricted,
            path: ["CastDevice", "CastIntermediate", "Expired CastRoot"])
        // The anchor expired on 2015-03-01; the report shows it, but RFC 5280 §6.1 does not check it.
        #expect(report.chain.map(\.isValidAtVerificationTime) == [true, true, false])
    }

    @Test func rootPathLengthConstraintIsEnforced() throws {
        let failure = try #require(try Self.verifyUnderOwnRoot("violates_root_pathlen_constraint").failure)
        #expect(failure.reason == .pathLength)
        // Root (pathlen:1) ← Intermediate1 ← Intermediate2 ← Target: two intermediates under the root.
        #expect(failure.position == 3, "\(failure)")
        #expect(failure.subject == "CN=Root", "\(failure)")
        #expect(failure.detail.contains("pathLenConstraint 1"), "\(failure.detail)")
    }

    @Test func rsa1024DeviceKeyIsRefusedAsWeak() throws {
        let failure = try #require(try Self.verifyUnderOwnRoot("rsa1024_device_cert").failure)
        #expect(failure.reason == .weakKey)
        #expect(failure.position == 0)
        #expect(failure.subject == "CN=RSA 1024 Device Cert")
        #expect(failure.detail.contains("1024-bit"), "\(failure.detail)")
    }

    @Test func anyPolicyIntermediateWithAudioOnlyLeafIsAudioOnly() throws {
        Self.expectTrusted(
            try Self.verifyUnderOwnRoot("policies_ica_anypolicy_leaf_audioonly"), commonName: "Leaf",
            policy: .audioOnly, path: ["Leaf", "Intermediate", "Root"])
    }

    @Test func audioOnlyIntermediateWithPolicyFreeLeafIsAudioOnly() throws {
        Self.expectTrusted(
            try Self.verifyUnderOwnRoot("policies_ica_audioonly_leaf_none"), commonName: "Leaf", policy: .audioOnly,
            path: ["Leaf", "Intermediate", "Root"])
    }

    @Test func policyFreeIntermediateWithForeignLeafPolicyIsUnrestricted() throws {
        Self.expectTrusted(
            try Self.verifyUnderOwnRoot("policies_ica_none_leaf_foo"), commonName: "Leaf", policy: .unrestricted,
            path: ["Leaf", "Intermediate", "Root"])
    }

    @Test func castTestRootIsASelfSignedCAOutsideTheBuiltInRoots() throws {
        // The table row has no verdict: the file is Open Screen's CRL-suite test root, not a device chain.
        let root = try X509Certificate(pem: Self.pki("chains/cast_test_root_ca.pem"))
        #expect(root.subjectCommonName == "Cast Test Untrusted Root CA")
        #expect(root.isCertificateAuthority && root.isSelfIssued && root.isSigned(by: root))
        #expect(!CastTrustStore.castDeviceRoots.roots.map(\.sha256Fingerprint).contains(root.sha256Fingerprint))
        let failure = DeviceChainVerifier().verify([root], at: try Self.date("2016-04-01")).failure
        #expect(failure?.reason == .notADeviceCertificate)
    }

    @Test func chromecastAudioTodayIsRefusedForTheMarch2025ExpiryOfChromecastICA4() throws {
        let failure = try #require(DeviceChainVerifier().verify(try Self.chain("chromecast_audio"), at: Date()).failure)
        #expect(failure.reason == .dateInvalid)
        #expect(failure.position == 1)
        #expect(failure.subject?.hasSuffix("CN=Chromecast ICA 4 (Audio)") == true)
        #expect(failure.isExpiredCastIntermediate2025)
    }

    // MARK: signeddata/

    /// The bytes of the base64 block `-----BEGIN <name>-----` of `signeddata/AudioReferenceDevTest.pem`.
    static func signedDataBlock(_ name: String) throws -> [UInt8] {
        let text = try pki("signeddata/AudioReferenceDevTest.pem")
        let begin = "-----BEGIN \(name)-----"
        let end = "-----END \(name)-----"
        let start = try #require(text.range(of: begin))
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let base64 = String(text[start.upperBound..<stop.lowerBound])
        let data = try #require(Data(base64Encoded: base64, options: .ignoreUnknownCharacters))
        return [UInt8](data)
    }

    @Test(arguments: [("SIGNATURE SHA1", HashFunction.sha1), ("SIGNATURE SHA256", .sha256)])
    func realDeviceSignatureVerifiesAndFailsWhenOneByteChanges(block: String, hash: HashFunction) throws {
        let device = try #require(try Self.chain("audio_ref_dev_test_chain_3").first)
        #expect(device.subjectCommonName == "Audio Reference Dev Test")
        let message = try Self.signedDataBlock("MESSAGE")
        let signature = try Self.signedDataBlock(block)
        #expect(signature.count == device.keyBits / 8)
        #expect(device.verifiesSignature(signature, over: message, hash: hash))
        for index in [0, message.count / 2, message.count - 1] {
            var altered = message
            altered[index] ^= 0x01
            #expect(!device.verifiesSignature(signature, over: altered, hash: hash), "message byte \(index)")
        }
        for index in [0, signature.count / 2, signature.count - 1] {
            var altered = signature
            altered[index] ^= 0x01
            #expect(!device.verifiesSignature(altered, over: message, hash: hash), "signature byte \(index)")
        }
        let otherHash: HashFunction = hash == .sha1 ? .sha256 : .sha1
        #expect(!device.verifiesSignature(signature, over: message, hash: otherHash))
    }

    // MARK: fuzz seeds

    @Test func fuzzChainSeedsHoldTheCastPkiChainsLengthPrefixed() throws {
        // FuzzCertificateChain reads each certificate as a 2-byte big-endian length and that many DER bytes.
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Seeds/FuzzCertificateChain")
        let names = try FileManager.default.contentsOfDirectory(atPath: seeds.path)
            .filter { $0.hasSuffix(".der-chain") }
        #expect(!names.isEmpty)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: seeds.appendingPathComponent(name)))
            var parts: [[UInt8]] = []
            var index = 0
            while index + 2 <= bytes.count {
                let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                parts.append(Array(bytes[index + 2..<min(index + 2 + length, bytes.count)]))
                index += 2 + length
            }
            let chain = try Self.chain(String(name.dropLast(".der-chain".count)))
            #expect(parts == chain.map(\.derBytes), "\(name)")
        }
    }

    // MARK: generated PKIs

    static let now = Date()
    static let oneDay: TimeInterval = 86_400

    static func issue(
        _ name: String, ca: Bool, by issuer: IssuedCertificate? = nil, key: PrivateKey? = nil, pathLength: Int? = nil,
        notAfter: Date = now + 365 * oneDay, hash: HashFunction = .sha256
    ) throws -> IssuedCertificate {
        try CertificateIssuer.issue(
            CertificateRequest(
                subject: [("CN", name)], serial: UInt64.random(in: 1...1_000_000), notBefore: now - 30 * oneDay,
                notAfter: notAfter, isCertificateAuthority: ca, pathLength: pathLength, hash: hash),
            key: try key ?? TestKeys.rsa2048(named: "chain/" + name), issuer: issuer)
    }

    /// `[device, intermediates…]` checked against `root` alone, now.
    static func verify(_ chain: [IssuedCertificate], root: IssuedCertificate) -> DeviceChainReport {
        DeviceChainVerifier(trustStore: CastTrustStore(roots: [root.certificate]))
            .verify(chain.map(\.certificate), at: now)
    }

    @Test func generatedRootIntermediateDeviceChainIsTrusted() throws {
        let root = try Self.issue("Root", ca: true, pathLength: 1)
        let ica = try Self.issue("ICA", ca: true, by: root, pathLength: 0)
        let device = try Self.issue("Device", ca: false, by: ica, hash: .sha1)  // SHA-1 is still a Cast algorithm
        Self.expectTrusted(
            Self.verify([device, ica], root: root), commonName: "Device", policy: .unrestricted,
            path: ["Device", "ICA", "Root"])
    }

    @Test func ecDeviceKeyIsWeakKey() throws {
        let root = try Self.issue("Root", ca: true)
        let ica = try Self.issue("ICA", ca: true, by: root)
        let device = try Self.issue("Device", ca: false, by: ica, key: try PrivateKey.generate(.ecP256))
        let failure = try #require(Self.verify([device, ica], root: root).failure)
        #expect(failure.reason == .weakKey)
        #expect(failure.position == 0)
        #expect(failure.subject == "CN=Device")
        #expect(failure.detail.contains("EC"), "\(failure.detail)")
    }

    @Test func intermediateThatIsNotACAIsNotACA() throws {
        let root = try Self.issue("Root", ca: true)
        let notCA = try Self.issue("Not a CA", ca: false, by: root)
        let device = try Self.issue("Device", ca: false, by: notCA)
        let failure = try #require(Self.verify([device, notCA], root: root).failure)
        #expect(failure.reason == .notACertificateAuthority, "\(failure)")
        #expect(failure.position == 1)
        #expect(failure.subject == "CN=Not a CA")
    }

    @Test func expiredAnchorIsTrustedButAnExpiredIntermediateIsNot() throws {
        let root = try Self.issue("Old Root", ca: true, notAfter: Self.now - Self.oneDay)
        let ica = try Self.issue("ICA", ca: true, by: root)
        let device = try Self.issue("Device", ca: false, by: ica)
        let report = Self.verify([device, ica], root: root)
        Self.expectTrusted(report, commonName: "Device", policy: .unrestricted, path: ["Device", "ICA", "Old Root"])
        #expect(report.chain.map(\.isValidAtVerificationTime) == [true, true, false])

        let expiredICA = try Self.issue("Expired ICA", ca: true, by: root, notAfter: Self.now - 60)
        let device2 = try Self.issue("Device 2", ca: false, by: expiredICA)
        let failure = try #require(Self.verify([device2, expiredICA], root: root).failure)
        #expect(failure.reason == .dateInvalid)
        #expect(failure.position == 1)
        #expect(failure.subject == "CN=Expired ICA")
        #expect(!failure.isExpiredCastIntermediate2025)  // only ICA 3 and ICA 4 (Audio) of March 2025 are
    }

    @Test func sha384SignedIntermediateIsASignatureAlgorithmFailure() throws {
        let root = try Self.issue("Root", ca: true)
        let ica = try Self.issue("ICA", ca: true, by: root, hash: .sha384)
        let device = try Self.issue("Device", ca: false, by: ica)
        let failure = try #require(Self.verify([device, ica], root: root).failure)
        #expect(failure.reason == .signatureAlgorithm)
        #expect(failure.position == 1)
        #expect(failure.subject == "CN=ICA")
        #expect(failure.detail.contains("sha384WithRSAEncryption"), "\(failure.detail)")
    }

    @Test func deviceSignedByAnotherKeyUnderTheIssuersNameFindsNoIssuer() throws {
        let root = try Self.issue("Root", ca: true)
        let ica = try Self.issue("ICA", ca: true, by: root)
        let impostor = try Self.issue(  // same name, other key
            "ICA", ca: true, by: root, key: try TestKeys.rsa2048(named: "chain/impostor ICA"))
        let device = try Self.issue("Device", ca: false, by: impostor)
        let failure = try #require(Self.verify([device, ica], root: root).failure)
        // The device's authorityKeyIdentifier names the impostor's key, so OpenSSL does not take the real ICA as
        // its issuer: no path, at the device certificate.
        #expect(failure.reason == .untrustedRoot, "\(failure)")
        #expect(failure.position == 0)
        #expect(failure.subject == "CN=Device")
    }

    @Test func deviceWithAnAlteredSignatureIsBadSignature() throws {
        let root = try Self.issue("Root", ca: true)
        let ica = try Self.issue("ICA", ca: true, by: root)
        let device = try Self.issue("Device", ca: false, by: ica)
        var der = device.certificate.derBytes
        der[der.count - 1] ^= 0x01  // last byte of the signature BIT STRING
        let tampered = try X509Certificate(derBytes: der)
        let failure = try #require(
            DeviceChainVerifier(trustStore: CastTrustStore(roots: [root.certificate]))
                .verify([tampered, ica.certificate], at: Self.now).failure)
        #expect(failure.reason == .badSignature, "\(failure)")
        #expect(failure.position == 0)
    }

    @Test func emptyChainIsMalformed() {
        let report = DeviceChainVerifier().verify([], at: Self.now)
        #expect(report.failure?.reason == .malformedCertificate)
        #expect(report.chain.isEmpty)
    }

    @Test func aDeviceCertificateTrustedDirectlyStillGivesItsAudioOnlyPolicy() throws {
        let device = try CertificateIssuer.issue(
            CertificateRequest(subject: [("CN", "Speaker")], serial: 9, notBefore: Date() - 86_400,
                               isCertificateAuthority: false, policyOIDs: [DevicePolicy.audioOnlyPolicyOID]))
        let report = DeviceChainVerifier(trustStore: CastTrustStore(roots: [device.certificate]))
            .verify([device.certificate], at: Date())
        #expect(report.isTrusted)
        #expect(report.policy == .audioOnly)
    }

    @Test func aSelfSignedDeviceOutsideTheRootsIsSaidToBeASelfSignedRoot() throws {
        let device = try CertificateIssuer.issue(
            CertificateRequest(subject: [("CN", "Lonely")], serial: 3, notBefore: Date() - 86_400,
                               isCertificateAuthority: false))
        let failure = try #require(DeviceChainVerifier().verify([device.certificate], at: Date()).failure)
        #expect(failure.reason == .untrustedRoot)
        #expect(failure.detail.contains("self-signed"), "\(failure.detail)")
        #expect(!failure.detail.contains("neither trusted nor in the chain"))
    }

    @Test func longPolicyOIDsAndManyPoliciesAreReadNotRefused() throws {
        let long = "1.3.6.1.4.1." + (0..<60).map { String(100_000 + $0) }.joined(separator: ".")
        let many = (0..<400).map { "1.3.6.1.4.1.99999.\($0)" }
        let device = try CertificateIssuer.issue(
            CertificateRequest(subject: [("CN", "Policies")], serial: 11, notBefore: Date() - 86_400,
                               isCertificateAuthority: false,
                               policyOIDs: [long] + many + [DevicePolicy.audioOnlyPolicyOID]))
        let oids = try #require(device.certificate.policyOIDs)
        #expect(oids.count == 402)
        #expect(oids.first == long)
        let report = DeviceChainVerifier(trustStore: CastTrustStore(roots: [device.certificate]))
            .verify([device.certificate], at: Date())
        #expect(report.isTrusted)
        #expect(report.policy == .audioOnly)
    }
}
