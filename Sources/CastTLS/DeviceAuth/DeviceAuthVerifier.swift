public import Foundation

/// Sender-side check of a device-auth reply (protocol.md §2.5 steps 3–5, Chromium `AuthenticateChallengeReply`).
public struct DeviceAuthVerifier: Sendable {
    /// How strictly the echoed sender nonce is checked.
    public enum NonceCheck: Sendable, Hashable {
        /// Ignore the echoed nonce (Chromium without `CastNonceEnforced`).
        case off
        /// A missing nonce is accepted (legacy receivers), a different one is rejected. The default.
        case rejectMismatch
        /// The nonce must be echoed and match (Chromium with `CastNonceEnforced`).
        case required
    }

    /// What a successful verification established.
    public struct Result: Sendable {
        /// The verified device certificate (`client_auth_certificate`).
        public var deviceCertificate: X509Certificate
        /// The hash the signature used.
        public var hashAlgorithm: CastHashAlgorithm
        /// The signature algorithm the signature used.
        public var signatureAlgorithm: CastSignatureAlgorithm
        /// The chain check: the chain as built, the policy, the CRL check.
        public var chain: DeviceChainReport
        /// What the device may play (audio-only devices carry the audio-only policy).
        public var policy: DevicePolicy { chain.policy }
    }

    /// The chain rules, the roots and the CRL check device certificates must pass.
    public var chainVerifier: DeviceChainVerifier
    /// The roots device certificates must chain to.
    public var trustStore: CastTrustStore {
        get { chainVerifier.trustStore }
        set { chainVerifier.trustStore = newValue }
    }
    /// Nonce policy (default `.rejectMismatch`).
    public var nonceCheck: NonceCheck = .rejectMismatch
    /// Reject SHA-1 signatures (Chromium's `CastSHA256Enforced`); off by default like Chromium.
    public var requireSHA256 = false
    /// The longest the peer TLS certificate may still be valid from now (4 days, protocol.md §2.5).
    public var maximumPeerCertificateLifetime: TimeInterval = DeviceCertificate.maximumLifetime

    /// A verifier trusting `trustStore`'s roots (default: the built-in Cast roots), without a CRL.
    public init(trustStore: CastTrustStore = .castDeviceRoots) {
        chainVerifier = DeviceChainVerifier(trustStore: trustStore)
    }

    /// A verifier with the given chain rules.
    public init(chainVerifier: DeviceChainVerifier) {
        self.chainVerifier = chainVerifier
    }

    /// Checks `reply` against the challenge that was sent and the peer's TLS certificate, as of `now`.
    ///
    /// - Parameter peerCertificateDER: the certificate the device presented in the TLS handshake
    ///   (`TLSConnection.peerCertificate?.derBytes`); nil or empty fails with `.peerCertificateEmpty`.
    ///
    /// - Parameter chainTime: when the device chain is checked (`auth check --at`); nil means `now`. The TLS
    ///   certificate is always checked at `now`, as its 4-day limit is about the present.
    public func verify(
        _ reply: DeviceAuthReply, challenge: DeviceAuthChallenge, peerCertificateDER: [UInt8]?, now: Date = Date(),
        chainTime: Date? = nil
    ) throws(ChallengeReplyError) -> Result {
        let response: DeviceAuthResponse
        switch reply {
        case .empty: throw ChallengeReplyError(.responseMissing)
        case .error(let type): throw ChallengeReplyError(.errorReported(type))
        case .response(let value): response = value
        }
        guard let peerCertificateDER, !peerCertificateDER.isEmpty else {
            throw ChallengeReplyError(.peerCertificateEmpty)
        }
        try checkNonce(response.senderNonce, sent: challenge.senderNonce)
        try checkPeerCertificate(peerCertificateDER, now: now)
        let hashAlgorithm = response.hashAlgorithm ?? .sha1
        guard let hash = hashAlgorithm.hashFunction, !(requireSHA256 && hash == .sha1) else {
            throw ChallengeReplyError(.hashAlgorithmUnsupported(hashAlgorithm))
        }
        let signatureAlgorithm = response.signatureAlgorithm ?? .rsassaPKCS1v15
        let pss: Bool
        switch signatureAlgorithm {
        case .unspecified, .rsassaPKCS1v15: pss = false
        case .rsassaPSS: pss = true
        default: throw ChallengeReplyError(.signatureAlgorithmUnsupported(signatureAlgorithm))
        }
        guard !response.signature.isEmpty else { throw ChallengeReplyError(.signatureEmpty) }
        let device = try parseChain(response)
        let chain = chainVerifier.verify([device.leaf] + device.intermediates, at: chainTime ?? now)
        if let failure = chain.failure {
            let kind: ChallengeReplyError.Kind =
                failure.reason == .untrustedRoot ? .deviceCertificateNotTrusted(failure) : .certificateChainInvalid(failure)
            throw ChallengeReplyError(kind, chainReport: chain)
        }
        // The nonce signed is the one we sent (not the echo), so a replayed reply cannot pass.
        let signedBlob = challenge.senderNonce + peerCertificateDER
        switch RSASignature.verify(response.signature, over: signedBlob, certificate: device.leaf, hash: hash, pss: pss) {
        case .valid:
            return Result(
                deviceCertificate: device.leaf, hashAlgorithm: hashAlgorithm, signatureAlgorithm: signatureAlgorithm,
                chain: chain)
        case .mismatch(let errors):
            throw ChallengeReplyError(.signatureMismatch, openSSLErrors: errors, chainReport: chain)
        case .unusableKey(let errors):
            throw ChallengeReplyError(.publicKeyUnusable, openSSLErrors: errors, chainReport: chain)
        }
    }

    private func checkNonce(_ echoed: [UInt8]?, sent: [UInt8]) throws(ChallengeReplyError) {
        switch (nonceCheck, echoed) {
        case (.off, _): return
        case (.required, nil): throw ChallengeReplyError(.senderNonceMissing)
        case (.rejectMismatch, nil): return
        case (_, let echoed?):
            if echoed.isEmpty && nonceCheck == .rejectMismatch { return }  // proto2 "present but empty" from legacy
            guard echoed == sent else { throw ChallengeReplyError(.senderNonceMismatch) }
        }
    }

    private func checkPeerCertificate(_ der: [UInt8], now: Date) throws(ChallengeReplyError) {
        let certificate: X509Certificate
        do {
            certificate = try X509Certificate(derBytes: der)
        } catch {
            throw ChallengeReplyError(.peerCertificateMalformed, openSSLErrors: error.openSSLErrors)
        }
        let notBefore = certificate.notBefore
        let notAfter = certificate.notAfter
        guard notBefore <= now else { throw ChallengeReplyError(.peerCertificateNotYetValid(notBefore: notBefore, now: now)) }
        guard notAfter >= now else { throw ChallengeReplyError(.peerCertificateExpired(notAfter: notAfter, now: now)) }
        let limit = now.addingTimeInterval(maximumPeerCertificateLifetime)
        guard notAfter <= limit else {
            throw ChallengeReplyError(.peerCertificateLifetimeTooLong(notAfter: notAfter, limit: limit))
        }
    }

    private func parseChain(
        _ response: DeviceAuthResponse
    ) throws(ChallengeReplyError) -> (leaf: X509Certificate, intermediates: [X509Certificate]) {
        guard !response.clientAuthCertificate.isEmpty else { throw ChallengeReplyError(.clientCertificateMissing) }
        let leaf: X509Certificate
        do {
            leaf = try X509Certificate(derBytes: response.clientAuthCertificate)
        } catch {
            throw ChallengeReplyError(.clientCertificateMalformed, openSSLErrors: error.openSSLErrors)
        }
        var intermediates: [X509Certificate] = []
        for (index, der) in response.intermediateCertificates.enumerated() {
            do {
                intermediates.append(try X509Certificate(derBytes: der))
            } catch {
                throw ChallengeReplyError(.intermediateCertificateMalformed(index: index), openSSLErrors: error.openSSLErrors)
            }
        }
        return (leaf, intermediates)
    }
}
