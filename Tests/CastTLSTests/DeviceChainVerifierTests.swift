import CastTLS
import Foundation
import Testing

/// The real Cast roots and device chains of cast-pki give the results its table says, through the library; the
/// rules the table does not cover are checked on generated PKIs.
@Suite struct DeviceChainVerifierTests {
    static func pki(_ path: String) throws -> String {
        guard let url = Bundle.module.url(forResource: "Fixtures/cast-pki/\(path)", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "fixture \(path) missing"])
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func chain(_ name: String) throws -> [X509Certificate] {
        try X509Certificate.certificates(fromPEM: pki("chains/\(name).pem"))
    }

    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text + "T00:00:00Z") ?? .distantPast
    }

    static let april2016 = date("2016-04-01")

    @Test func builtInRootsHaveTheReadmeFingerprints() throws {
        let expected = [
            "809af14700b3fe2611ad597eb1584d6354313b64ccdb3390f097fa3e5826d6ca",
            "caf6d1e37b532203e01a76bf07187bb731ccd38801565ab2211a2c0ab7f3bc46",
            "8b77c60291f9d62764613083f49750b1c5caac2d9efbe5a28edf301f9d84831d",
        ]
        #expect(CastRootCertificates.fingerprints == expected)
        #expect(CastTrustStore.castDeviceRoots.roots.map(\.sha256Fingerprint) == Array(expected.prefix(2)))
        #expect(CastTrustStore.castCRLRoots.roots.map(\.sha256Fingerprint) == [expected[2]])
        let files = try ["cast_root_ca", "eureka_root_ca", "cast_crl_root_ca"].map {
            try X509Certificate(pem: Self.pki("roots/\($0).pem")).sha256Fingerprint
        }
        #expect(files == expected)
        #expect(CastTrustStore.castDeviceRoots.isBuiltInDeviceRoots)
    }

    @Test(arguments: [
        ("chromecast_gen2", "3ZZAK6 FA8FCA3F0D35", DevicePolicy.unrestricted, 3),
        ("chromecast_audio", "4ZZDZJ FA8FCA7EFE3C", .audioOnly, 3),
        ("fugu", "-6394818897508095075", .unrestricted, 4),
        ("audio_ref_dev_test_chain_3", "Audio Reference Dev Test", .audioOnly, 0),
    ])
    func realChainsAreTrustedUnderTheBuiltInRoots(name: String, commonName: String, policy: DevicePolicy, length: Int)
        throws
    {
        let report = DeviceChainVerifier().verify(try Self.chain(name), at: Self.april2016)
        #expect(report.failure == nil, "\(String(describing: report.failure))")
        #expect(report.commonName == commonName)
        #expect(report.policy == policy)
        if length > 0 { #expect(report.chain.count == length) }
        #expect(report.chain.last?.isTrustAnchor == true)
    }

    @Test func chromecastGen2IsRefusedTodayForTheMarch2025Expiry() throws {
        let report = DeviceChainVerifier().verify(try Self.chain("chromecast_gen2"), at: Date())
        let failure = try #require(report.failure)
        #expect(failure.reason == .dateInvalid)
        #expect(failure.position == 1)
        #expect(failure.subject?.hasSuffix("CN=Chromecast ICA 3") == true)
        #expect(failure.isExpiredCastIntermediate2025)
        #expect(failure.detail.contains("2025-03-09 16:44:39 UTC") && failure.detail.contains("firmware update"))
    }

    @Test func chromecastAudioIsRefusedAfterItsIntermediateExpiredToo() throws {
        let failure = try #require(DeviceChainVerifier().verify(try Self.chain("chromecast_audio"), at: Date()).failure)
        #expect(failure.isExpiredCastIntermediate2025)
        #expect(failure.subject?.hasSuffix("CN=Chromecast ICA 4 (Audio)") == true)
    }

    @Test func chromecastGen2BeforeItsNotBeforeIsDateInvalidButNotThe2025Case() throws {
        let failure = try #require(
            DeviceChainVerifier().verify(try Self.chain("chromecast_gen2"), at: Self.date("2015-01-01")).failure)
        #expect(failure.reason == .dateInvalid)
        #expect(!failure.isExpiredCastIntermediate2025)
    }

    @Test func unchainedDeviceIsUntrustedRoot() throws {
        let failure = try #require(DeviceChainVerifier().verify(try Self.chain("unchained"), at: Self.april2016).failure)
        #expect(failure.reason == .untrustedRoot)
        #expect(failure.position == 0)
    }

    @Test func aRootGivenAsTheChainIsNotADeviceCertificate() throws {
        let root = try X509Certificate.certificates(fromPEM: Self.pki("roots/cast_root_ca.pem"))
        let failure = try #require(DeviceChainVerifier().verify(root, at: Self.april2016).failure)
        #expect(failure.reason == .notADeviceCertificate)
    }

    @Test(arguments: [
        ("expired_root", nil, DevicePolicy.unrestricted),
        ("violates_root_pathlen_constraint", DeviceTrustFailure.Reason.pathLength, nil),
        ("rsa1024_device_cert", .weakKey, nil),
        ("policies_ica_anypolicy_leaf_audioonly", nil, .audioOnly),
        ("policies_ica_audioonly_leaf_none", nil, .audioOnly),
        ("policies_ica_none_leaf_foo", nil, .unrestricted),
    ] as [(String, DeviceTrustFailure.Reason?, DevicePolicy?)])
    func chainsWithTheirOwnRootGiveTheirTableResult(name: String, reason: DeviceTrustFailure.Reason?, policy: DevicePolicy?)
        throws
    {
        let certificates = try Self.chain(name)
        let root = try #require(certificates.last)
        let verifier = DeviceChainVerifier(trustStore: CastTrustStore(roots: [root]))
        let report = verifier.verify(Array(certificates.dropLast()), at: Self.april2016)
        #expect(report.failure?.reason == reason, "\(String(describing: report.failure))")
        if let policy { #expect(report.policy == policy) }
    }

    @Test func realDeviceSignaturesVerifyWithSHA1AndSHA256AndFailWhenOneByteChanges() throws {
        let text = try Self.pki("signeddata/AudioReferenceDevTest.pem")
        func block(_ name: String) throws -> [UInt8] {
            let begin = "-----BEGIN \(name)-----", end = "-----END \(name)-----"
            guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex),
                let data = Data(base64Encoded: String(text[start.upperBound..<stop.lowerBound]), options: .ignoreUnknownCharacters)
            else { throw CocoaError(.fileReadCorruptFile) }
            return [UInt8](data)
        }
        let device = try #require(try Self.chain("audio_ref_dev_test_chain_3").first)
        let message = try block("MESSAGE")
        for (name, hash) in [("SIGNATURE SHA1", HashFunction.sha1), ("SIGNATURE SHA256", .sha256)] {
            let signature = try block(name)
            #expect(device.verifiesSignature(signature, over: message, hash: hash), "\(name)")
            var alteredMessage = message
            alteredMessage[0] ^= 0x01
            #expect(!device.verifiesSignature(signature, over: alteredMessage, hash: hash))
            var alteredSignature = signature
            alteredSignature[signature.count / 2] ^= 0x01
            #expect(!device.verifiesSignature(alteredSignature, over: message, hash: hash))
        }
    }

    // MARK: generated PKIs

    static let now = Date()

    static func issue(
        _ name: String, ca: Bool, by issuer: IssuedCertificate? = nil, key: PrivateKey? = nil, pathLength: Int? = nil,
        notAfter: Date = now + 86_400 * 365, hash: HashFunction = .sha256
    ) throws -> IssuedCertificate {
        try CertificateIssuer.issue(
            CertificateRequest(
                subject: [("CN", name)], serial: UInt64.random(in: 1...1_000_000), notBefore: now - 86_400 * 30,
                notAfter: notAfter, isCertificateAuthority: ca, pathLength: pathLength, hash: hash),
            key: key, issuer: issuer)
    }

    @Test func ecDeviceKeyIsWeakKey() throws {
        let root = try Self.issue("Root", ca: true)
        let ica = try Self.issue("ICA", ca: true, by: root)
        let device = try Self.issue("Device", ca: false, by: ica, key: try PrivateKey.generate(.ecP256))
        let failure = DeviceChainVerifier(trustStore: CastTrustStore(roots: [root.certificate]))
            .verify([device.certificate, ica.certificate], at: Self.now).failure
        #expect(failure?.reason == .weakKey)
        #expect(failure?.detail.contains("EC") == true)
    }

    @Test func intermediateThatIsNotACAIsRefused() throws {
        let root = try Self.issue("Root", ca: true)
        let notCA = try Self.issue("Not a CA", ca: false, by: root)
        let device = try Self.issue("Device", ca: false, by: notCA)
        let failure = DeviceChainVerifier(trustStore: CastTrustStore(roots: [root.certificate]))
            .verify([device.certificate, notCA.certificate], at: Self.now).failure
        // OpenSSL names either the issuer (not-a-ca) or its keyUsage; both are specific, never chain-invalid.
        #expect([.notACertificateAuthority, .keyUsage, .untrustedRoot].contains(failure?.reason), "\(String(describing: failure))")
    }

    @Test func expiredAnchorIsStillTrustedButAnExpiredIntermediateIsNot() throws {
        let root = try Self.issue("Old Root", ca: true, notAfter: Self.now - 86_400)
        let ica = try Self.issue("ICA", ca: true, by: root)
        let device = try Self.issue("Device", ca: false, by: ica)
        let verifier = DeviceChainVerifier(trustStore: CastTrustStore(roots: [root.certificate]))
        let report = verifier.verify([device.certificate, ica.certificate], at: Self.now)
        #expect(report.isTrusted)
        #expect(report.chain.last?.isValidAtVerificationTime == false)
        let expiredICA = try Self.issue("Expired ICA", ca: true, by: root, notAfter: Self.now - 60)
        let device2 = try Self.issue("Device 2", ca: false, by: expiredICA)
        let failure = verifier.verify([device2.certificate, expiredICA.certificate], at: Self.now).failure
        #expect(failure?.reason == .dateInvalid)
        #expect(failure?.position == 1)
    }

    @Test func sha384SignedIntermediateIsASignatureAlgorithmFailure() throws {
        let root = try Self.issue("Root", ca: true)
        let ica = try Self.issue("ICA", ca: true, by: root, hash: .sha384)
        let device = try Self.issue("Device", ca: false, by: ica)
        let failure = DeviceChainVerifier(trustStore: CastTrustStore(roots: [root.certificate]))
            .verify([device.certificate, ica.certificate], at: Self.now).failure
        #expect(failure?.reason == .signatureAlgorithm)
        #expect(failure?.position == 1)
    }

    @Test func deviceSignedByAnotherKeyWithTheIssuersNameIsBadSignature() throws {
        let root = try Self.issue("Root", ca: true)
        let ica = try Self.issue("ICA", ca: true, by: root)
        let impostor = try Self.issue("ICA", ca: true, by: root)  // same name, other key
        let device = try Self.issue("Device", ca: false, by: impostor)
        let failure = DeviceChainVerifier(trustStore: CastTrustStore(roots: [root.certificate]))
            .verify([device.certificate, ica.certificate], at: Self.now).failure
        #expect([.badSignature, .untrustedRoot].contains(failure?.reason), "\(String(describing: failure))")
        #expect(failure?.reason != .chainInvalid)
    }

    @Test func emptyChainIsMalformed() {
        #expect(DeviceChainVerifier().verify([], at: Self.now).failure?.reason == .malformedCertificate)
    }
}
