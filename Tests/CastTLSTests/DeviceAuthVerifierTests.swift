import CastTLS
import Foundation
import Testing

/// The fixture chain (scripts/gen-test-chain) plus a TLS certificate generated at a "now" inside its validity.
struct DeviceAuthFixture {
    let root: X509Certificate
    let intermediate: X509Certificate
    let device: X509Certificate
    let signer: DeviceAuthSigner
    let tls: DeviceCertificate
    /// A time inside every fixture's validity, derived from the fixtures so they never become a time bomb.
    let now: Date

    init(keyType: PrivateKey.KeyType = .ecP256) throws {
        root = try TLSTestSupport.certificate("root.pem")
        intermediate = try TLSTestSupport.certificate("intermediate.pem")
        device = try TLSTestSupport.certificate("device.pem")
        let key = try PrivateKey(pem: TLSTestSupport.chainFile("device-key.pem"))
        signer = DeviceAuthSigner(deviceCertificate: device, privateKey: key, intermediates: [intermediate])
        now = device.notBefore.addingTimeInterval(86_400)
        tls = try DeviceCertificate.generateSelfSigned(
            commonName: "emulator", lifetime: 2 * 86_400, keyType: keyType, now: now.addingTimeInterval(-3_600))
    }

    var verifier: DeviceAuthVerifier { DeviceAuthVerifier(trustStore: CastTrustStore(roots: [root])) }

    func response(_ challenge: DeviceAuthChallenge, tlsDER: [UInt8]? = nil) throws -> DeviceAuthResponse {
        guard case .response(let response) = signer.respond(to: challenge, tlsCertificateDER: tlsDER ?? tls.certificate.derBytes)
        else { throw CocoaError(.featureUnsupported) }
        return response
    }
}

@Suite struct DeviceAuthVerifierTests {
    let fixture: DeviceAuthFixture
    init() throws { fixture = try DeviceAuthFixture() }

    /// Runs the verifier and returns the error kind, or nil when the reply verified.
    func failure(
        _ reply: DeviceAuthReply, challenge: DeviceAuthChallenge, verifier: DeviceAuthVerifier? = nil,
        peer: [UInt8]? = nil, now: Date? = nil
    ) -> ChallengeReplyError.Kind? {
        do {
            _ = try (verifier ?? fixture.verifier).verify(
                reply, challenge: challenge, peerCertificateDER: peer ?? fixture.tls.certificate.derBytes,
                now: now ?? fixture.now)
            return nil
        } catch {
            return error.kind
        }
    }

    @Test func generatedChallengeHasSixteenRandomBytesAndAsksForSHA256() throws {
        let first = try DeviceAuthChallenge.generate()
        let second = try DeviceAuthChallenge.generate()
        #expect(first.senderNonce.count == 16)
        #expect(first.hashAlgorithm == .sha256)
        #expect(first.signatureAlgorithm == .rsassaPKCS1v15)
        #expect(first.senderNonce != second.senderNonce)
    }

    @Test(arguments: [CastSignatureAlgorithm.rsassaPKCS1v15, .rsassaPSS], [CastHashAlgorithm.sha256, .sha1])
    func validReplyVerifies(algorithm: CastSignatureAlgorithm, hash: CastHashAlgorithm) throws {
        let challenge = DeviceAuthChallenge(senderNonce: try SecureRandom.bytes(16), hashAlgorithm: hash, signatureAlgorithm: algorithm)
        let response = try fixture.response(challenge)
        #expect(response.signatureAlgorithm == algorithm)
        #expect(response.senderNonce == challenge.senderNonce)
        let result = try fixture.verifier.verify(
            .response(response), challenge: challenge, peerCertificateDER: fixture.tls.certificate.derBytes,
            now: fixture.now)
        #expect(result.deviceCertificate.subjectCommonName == "castscope-emulator-device")
        #expect(result.hashAlgorithm == hash)
    }

    @Test func replyOverAnInMemoryTLSSessionVerifiesWithThePeerCertificate() throws {
        let (client, server) = try TLSTestSupport.pair(client: .client(), server: .server(certificate: fixture.tls))
        #expect(TLSTestSupport.handshake(client: client, server: server).client.isComplete)
        let challenge = try DeviceAuthChallenge.generate()
        // The device signs over the certificate it presents; the sender checks against what the handshake showed.
        let reply = fixture.signer.respond(to: challenge, tlsCertificateDER: fixture.tls.certificate.derBytes)
        let peer = try #require(client.peerCertificate).derBytes
        #expect(failure(reply, challenge: challenge, peer: peer) == nil)
    }

    @Test func expiredTLSCertificateIsRejected() throws {
        let challenge = try DeviceAuthChallenge.generate()
        let later = fixture.tls.certificate.notAfter.addingTimeInterval(1)
        guard case .peerCertificateExpired(let notAfter, _)? = failure(.response(try fixture.response(challenge)), challenge: challenge, now: later)
        else { Issue.record("expected peerCertificateExpired"); return }
        #expect(notAfter == fixture.tls.certificate.notAfter)
    }

    @Test func notYetValidTLSCertificateIsRejected() throws {
        let challenge = try DeviceAuthChallenge.generate()
        let earlier = fixture.tls.certificate.notBefore.addingTimeInterval(-60)
        guard case .peerCertificateNotYetValid? = failure(.response(try fixture.response(challenge)), challenge: challenge, now: earlier)
        else { Issue.record("expected peerCertificateNotYetValid"); return }
    }

    @Test func tlsCertificateValidLongerThanFourDaysIsRejected() throws {
        // The ten-year device certificate stands in for a TLS certificate that lives too long.
        let challenge = try DeviceAuthChallenge.generate()
        let longLived = fixture.device.derBytes
        let reply = DeviceAuthReply.response(try fixture.response(challenge, tlsDER: longLived))
        guard case .peerCertificateLifetimeTooLong? = failure(reply, challenge: challenge, peer: longLived)
        else { Issue.record("expected peerCertificateLifetimeTooLong"); return }
    }

    @Test func tlsCertificateOfExactlyFourDaysIsAccepted() throws {
        let tls = try DeviceCertificate.generateSelfSigned(
            commonName: "four", lifetime: DeviceCertificate.maximumLifetime, keyType: .ecP256, now: fixture.now)
        let challenge = try DeviceAuthChallenge.generate()
        let reply = DeviceAuthReply.response(try fixture.response(challenge, tlsDER: tls.certificate.derBytes))
        #expect(failure(reply, challenge: challenge, peer: tls.certificate.derBytes) == nil)
    }

    @Test func unrelatedRootIsNotTrusted() throws {
        let challenge = try DeviceAuthChallenge.generate()
        let verifier = DeviceAuthVerifier(trustStore: CastTrustStore(roots: [try TLSTestSupport.certificate("other-root.pem")]))
        guard case .deviceCertificateNotTrusted(let reason)? = failure(.response(try fixture.response(challenge)), challenge: challenge, verifier: verifier)
        else { Issue.record("expected deviceCertificateNotTrusted"); return }
        #expect(reason.reason == .untrustedRoot)
        #expect(reason.detail.contains("given roots"))
    }

    @Test func missingIntermediateIsNotTrusted() throws {
        let challenge = try DeviceAuthChallenge.generate()
        var response = try fixture.response(challenge)
        response.intermediateCertificates = []
        guard case .deviceCertificateNotTrusted(let reason)? = failure(.response(response), challenge: challenge)
        else { Issue.record("expected deviceCertificateNotTrusted"); return }
        #expect(reason.reason == .untrustedRoot)
        #expect(reason.position == 0)
        #expect(reason.detail.contains("issuer"))
    }

    @Test func intermediateWithBrokenSignatureInvalidatesTheChain() throws {
        let challenge = try DeviceAuthChallenge.generate()
        var response = try fixture.response(challenge)
        var tampered = fixture.intermediate.derBytes
        tampered[tampered.count - 1] ^= 0x01  // last byte of the signature BIT STRING
        response.intermediateCertificates = [tampered]
        guard case .certificateChainInvalid(let reason)? = failure(.response(response), challenge: challenge)
        else { Issue.record("expected certificateChainInvalid"); return }
        #expect(reason.reason == .badSignature)
        #expect(reason.position == 1)
        #expect(reason.detail.contains("signature"))
    }

    @Test func expiredIntermediateInvalidatesTheChain() throws {
        let shortLived = try TLSTestSupport.certificate("expired-intermediate.pem")
        let shortDevice = try TLSTestSupport.certificate("expired-device.pem")
        let key = try PrivateKey(pem: TLSTestSupport.chainFile("expired-device-key.pem"))
        let signer = DeviceAuthSigner(deviceCertificate: shortDevice, privateKey: key, intermediates: [shortLived])
        let later = shortLived.notAfter.addingTimeInterval(2 * 86_400)
        let tls = try DeviceCertificate.generateSelfSigned(commonName: "late", keyType: .ecP256, now: later.addingTimeInterval(-60))
        let challenge = try DeviceAuthChallenge.generate()
        let reply = signer.respond(to: challenge, tlsCertificateDER: tls.certificate.derBytes)
        guard case .certificateChainInvalid(let reason)? = failure(reply, challenge: challenge, peer: tls.certificate.derBytes, now: later)
        else { Issue.record("expected certificateChainInvalid"); return }
        #expect(reason.reason == .dateInvalid)
        #expect(reason.position == 1)
        #expect(reason.subject == shortLived.subject)
        #expect(reason.detail.contains("expired"))
        #expect(!reason.isExpiredCastIntermediate2025)
    }

    @Test func tamperedSignatureIsAMismatch() throws {
        let challenge = try DeviceAuthChallenge.generate()
        var response = try fixture.response(challenge)
        response.signature[10] ^= 0x80
        #expect(failure(.response(response), challenge: challenge) == .signatureMismatch)
    }

    @Test func signatureOverAnotherTLSCertificateIsAMismatch() throws {
        // What a TLS-intercepting proxy would present: a different certificate than the one the device signed.
        let challenge = try DeviceAuthChallenge.generate()
        let proxy = try DeviceCertificate.generateSelfSigned(commonName: "proxy", keyType: .ecP256, now: fixture.now)
        #expect(failure(.response(try fixture.response(challenge)), challenge: challenge, peer: proxy.certificate.derBytes) == .signatureMismatch)
    }

    @Test func echoedNonceThatDiffersIsRejected() throws {
        let challenge = try DeviceAuthChallenge.generate()
        var response = try fixture.response(challenge)
        response.senderNonce = [UInt8](repeating: 0xaa, count: 16)
        #expect(failure(.response(response), challenge: challenge) == .senderNonceMismatch)
    }

    @Test func replyToAnotherChallengeFailsTheSignatureEvenWithNonceChecksOff() throws {
        let sent = try DeviceAuthChallenge.generate()
        let replayed = try fixture.response(try DeviceAuthChallenge.generate())
        var verifier = fixture.verifier
        verifier.nonceCheck = .off
        #expect(failure(.response(replayed), challenge: sent, verifier: verifier) == .signatureMismatch)
    }

    @Test func missingNonceIsAcceptedByDefaultButRejectedWhenRequired() throws {
        let challenge = try DeviceAuthChallenge.generate()
        var response = try fixture.response(challenge)
        response.senderNonce = nil
        #expect(failure(.response(response), challenge: challenge) == nil)
        var strict = fixture.verifier
        strict.nonceCheck = .required
        #expect(failure(.response(response), challenge: challenge, verifier: strict) == .senderNonceMissing)
    }

    @Test func unknownHashAlgorithmIsUnsupported() throws {
        let challenge = try DeviceAuthChallenge.generate()
        var response = try fixture.response(challenge)
        response.hashAlgorithm = CastHashAlgorithm(rawValue: 7)
        #expect(failure(.response(response), challenge: challenge) == .hashAlgorithmUnsupported(CastHashAlgorithm(rawValue: 7)))
    }

    @Test func sha1IsUnsupportedWhenSHA256IsEnforced() throws {
        let challenge = DeviceAuthChallenge(senderNonce: try SecureRandom.bytes(16), hashAlgorithm: .sha1)
        var strict = fixture.verifier
        strict.requireSHA256 = true
        #expect(failure(.response(try fixture.response(challenge)), challenge: challenge, verifier: strict) == .hashAlgorithmUnsupported(.sha1))
    }

    @Test func unknownSignatureAlgorithmIsUnsupported() throws {
        let challenge = try DeviceAuthChallenge.generate()
        var response = try fixture.response(challenge)
        response.signatureAlgorithm = CastSignatureAlgorithm(rawValue: 9)
        #expect(failure(.response(response), challenge: challenge) == .signatureAlgorithmUnsupported(CastSignatureAlgorithm(rawValue: 9)))
    }

    @Test func pssSignatureCheckedAsPKCS1IsAMismatch() throws {
        let challenge = DeviceAuthChallenge(senderNonce: try SecureRandom.bytes(16), signatureAlgorithm: .rsassaPSS)
        var response = try fixture.response(challenge)
        response.signatureAlgorithm = .rsassaPKCS1v15
        #expect(failure(.response(response), challenge: challenge) == .signatureMismatch)
    }

    @Test func structuralProblemsEachHaveTheirOwnKind() throws {
        let challenge = try DeviceAuthChallenge.generate()
        let good = try fixture.response(challenge)
        var noSignature = good
        noSignature.signature = []
        var noCertificate = good
        noCertificate.clientAuthCertificate = []
        var garbageCertificate = good
        garbageCertificate.clientAuthCertificate = [0x30, 0x82, 0x01, 0x00, 0xde, 0xad]
        var garbageIntermediate = good
        garbageIntermediate.intermediateCertificates = [[0x01, 0x02]]
        #expect(failure(.response(noSignature), challenge: challenge) == .signatureEmpty)
        #expect(failure(.response(noCertificate), challenge: challenge) == .clientCertificateMissing)
        #expect(failure(.response(garbageCertificate), challenge: challenge) == .clientCertificateMalformed)
        #expect(failure(.response(garbageIntermediate), challenge: challenge) == .intermediateCertificateMalformed(index: 0))
        #expect(failure(.empty, challenge: challenge) == .responseMissing)
        #expect(failure(.error(.noTLS), challenge: challenge) == .errorReported(.noTLS))
        #expect(failure(.response(good), challenge: challenge, peer: []) == .peerCertificateEmpty)
        #expect(failure(.response(good), challenge: challenge, peer: [0x30, 0x00]) == .peerCertificateMalformed)
    }

    @Test func nonRSADeviceKeyIsRefusedAsWeakKey() throws {
        // A self-signed EC certificate trusted directly: Cast device keys are RSA, so the chain check refuses it.
        let ecDevice = try DeviceCertificate.generateSelfSigned(commonName: "ec device", keyType: .ecP256, now: fixture.now.addingTimeInterval(-60))
        let challenge = try DeviceAuthChallenge.generate()
        var response = try fixture.response(challenge)
        response.clientAuthCertificate = ecDevice.certificate.derBytes
        response.intermediateCertificates = []
        let verifier = DeviceAuthVerifier(trustStore: CastTrustStore(roots: [ecDevice.certificate]))
        guard case .certificateChainInvalid(let reason)? = failure(.response(response), challenge: challenge, verifier: verifier)
        else { Issue.record("expected certificateChainInvalid"); return }
        #expect(reason.reason == .weakKey)
        #expect(reason.position == 0)
    }

    @Test func chainFailureCarriesTheChainReportAndItsTrustFailure() throws {
        let challenge = try DeviceAuthChallenge.generate()
        var response = try fixture.response(challenge)
        response.intermediateCertificates = []
        do {
            _ = try fixture.verifier.verify(
                .response(response), challenge: challenge, peerCertificateDER: fixture.tls.certificate.derBytes,
                now: fixture.now)
            Issue.record("verified without its intermediate")
        } catch {
            #expect(error.trustFailure?.reason == .untrustedRoot)
            #expect(error.chainReport?.failure == error.trustFailure)
            #expect(error.chainReport?.commonName == "castscope-emulator-device")
            #expect(error.chromiumName == "CERT_NOT_SIGNED_BY_TRUSTED_CA")
        }
    }

    @Test func verifiedReplyCarriesTheTrustedChainAndItsPolicy() throws {
        let challenge = try DeviceAuthChallenge.generate()
        let result = try fixture.verifier.verify(
            .response(try fixture.response(challenge)), challenge: challenge,
            peerCertificateDER: fixture.tls.certificate.derBytes, now: fixture.now)
        #expect(result.chain.isTrusted)
        #expect(result.chain.chain.map(\.certificate.derBytes)
                == [fixture.device.derBytes, fixture.intermediate.derBytes, fixture.root.derBytes])
        #expect(result.policy == .unrestricted)
    }

    @Test func errorsNameChromiumsEnumAndSayWhatToCheck() {
        let expired = ChallengeReplyError(.peerCertificateExpired(notAfter: Date(timeIntervalSince1970: 0), now: Date(timeIntervalSince1970: 10)))
        #expect(expired.chromiumName == "TLS_CERT_EXPIRED")
        #expect(expired.description.contains("clock"))
        #expect(ChallengeReplyError(.signatureMismatch).chromiumName == "SIGNED_BLOBS_MISMATCH")
        let untrusted = DeviceTrustFailure(.untrustedRoot, position: 0, subject: "CN=x", detail: "x")
        #expect(ChallengeReplyError(.deviceCertificateNotTrusted(untrusted)).description.contains("trust store"))
        let revoked = DeviceTrustFailure(.revoked, position: 0, subject: "CN=x", detail: "revoked by the CRL")
        let revokedError = ChallengeReplyError(.certificateChainInvalid(revoked))
        #expect(revokedError.chromiumName == "CERT_REVOKED")
        #expect(revokedError.description.contains("revoked: revoked by the CRL"))
        let missing = DeviceTrustFailure(.crlMissing, detail: "no CRL")
        #expect(ChallengeReplyError(.certificateChainInvalid(missing)).chromiumName == "CRL_INVALID")
        let outOfDate = DeviceTrustFailure(.dateInvalid, position: 1, subject: "CN=ICA", detail: "expired")
        let outOfDateError = ChallengeReplyError(.certificateChainInvalid(outOfDate))
        #expect(outOfDateError.chromiumName == "CERT_NOT_SIGNED_BY_TRUSTED_CA")
        #expect(outOfDateError.trustFailure == outOfDate)
    }
}
