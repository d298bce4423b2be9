public import Foundation

/// Everything a device-auth reply shows, each check on its own (`castscope auth check`): the chain, the algorithms,
/// the TLS certificate's lifetime, whether the signature verifies, and the verifier's verdict.
public struct DeviceAuthInspection: Sendable {
    /// The chain check, nil when the reply carried no certificate that parses.
    public var chain: DeviceChainReport?
    /// The hash the AuthResponse names (proto2 default SHA-1), nil without a response.
    public var hashAlgorithm: CastHashAlgorithm?
    /// The signature algorithm the AuthResponse names (default RSASSA-PKCS1-v1_5), nil without a response.
    public var signatureAlgorithm: CastSignatureAlgorithm?
    /// The device's TLS certificate (the one the signature covers).
    public var tlsCertificate: X509Certificate?
    /// True when the signature verifies over `nonce || DER(TLS certificate)` with the device certificate's key.
    public var signatureVerifies: Bool
    /// The verifier's verdict: nil when the device authenticated.
    public var error: ChallengeReplyError?
}

extension DeviceAuthVerifier {
    /// Runs every check on `reply` separately, as well as `verify`, so a report can show all that holds and fails.
    /// `chainTime` (nil: `now`) is when the device chain is checked; the TLS certificate is checked at `now`.
    public func inspect(
        _ reply: DeviceAuthReply, challenge: DeviceAuthChallenge, peerCertificateDER: [UInt8]?, now: Date = Date(),
        chainTime: Date? = nil
    ) -> DeviceAuthInspection {
        var inspection = DeviceAuthInspection(signatureVerifies: false)
        inspection.tlsCertificate = peerCertificateDER.flatMap { try? X509Certificate(derBytes: $0) }
        do {
            _ = try verify(
                reply, challenge: challenge, peerCertificateDER: peerCertificateDER, now: now, chainTime: chainTime)
        } catch {
            inspection.error = error
        }
        guard case .response(let response) = reply else { return inspection }
        inspection.hashAlgorithm = response.hashAlgorithm ?? .sha1
        inspection.signatureAlgorithm = response.signatureAlgorithm ?? .rsassaPKCS1v15
        guard let device = try? X509Certificate(derBytes: response.clientAuthCertificate) else { return inspection }
        let intermediates = response.intermediateCertificates.compactMap { try? X509Certificate(derBytes: $0) }
        inspection.chain = chainVerifier.verify([device] + intermediates, at: chainTime ?? now)
        if let hash = inspection.hashAlgorithm?.hashFunction, let peerCertificateDER {
            let pss = inspection.signatureAlgorithm == .rsassaPSS
            let signed = challenge.senderNonce + peerCertificateDER
            if case .valid = RSASignature.verify(response.signature, over: signed, certificate: device, hash: hash, pss: pss) {
                inspection.signatureVerifies = true
            }
        }
        return inspection
    }
}
