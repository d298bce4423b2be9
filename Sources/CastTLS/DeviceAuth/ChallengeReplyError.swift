public import Foundation

/// Why a device-auth reply was rejected; mirrors Chromium's `ChallengeReplyError` (cast_auth_util, protocol.md §2.5).
public struct ChallengeReplyError: Error, Sendable, CustomStringConvertible {
    /// The specific check that failed.
    public enum Kind: Sendable, Hashable {
        /// The TLS session has no peer certificate to bind the signature to (PEER_CERT_EMPTY).
        case peerCertificateEmpty
        /// The peer's TLS certificate does not parse (CERT_PARSING_FAILED).
        case peerCertificateMalformed
        /// The peer's TLS certificate starts after `now` (TLS_CERT_VALID_START_DATE_IN_FUTURE).
        case peerCertificateNotYetValid(notBefore: Date, now: Date)
        /// The peer's TLS certificate ended before `now` (TLS_CERT_EXPIRED).
        case peerCertificateExpired(notAfter: Date, now: Date)
        /// The peer's TLS certificate runs past now + 4 days (TLS_CERT_VALIDITY_PERIOD_TOO_LONG).
        case peerCertificateLifetimeTooLong(notAfter: Date, limit: Date)
        /// The reply holds neither a response nor an error (NO_RESPONSE).
        case responseMissing
        /// The device answered with an AuthError (MESSAGE_ERROR).
        case errorReported(CastAuthErrorType)
        /// Nonce enforcement is on but the response did not echo one (SENDER_NONCE_MISMATCH).
        case senderNonceMissing
        /// The echoed nonce differs from the one sent (SENDER_NONCE_MISMATCH).
        case senderNonceMismatch
        /// The response has no signature (SIGNATURE_EMPTY).
        case signatureEmpty
        /// The response names a hash castscope does not support, or SHA-1 under SHA-256 enforcement (DIGEST_UNSUPPORTED).
        case hashAlgorithmUnsupported(CastHashAlgorithm)
        /// The response names a signature algorithm castscope does not support.
        case signatureAlgorithmUnsupported(CastSignatureAlgorithm)
        /// `client_auth_certificate` is empty.
        case clientCertificateMissing
        /// `client_auth_certificate` is not an X.509 DER certificate (CERT_PARSING_FAILED).
        case clientCertificateMalformed
        /// `intermediate_certificate[index]` is not an X.509 DER certificate (CERT_PARSING_FAILED).
        case intermediateCertificateMalformed(index: Int)
        /// No path from the device certificate to a trusted root (CERT_NOT_SIGNED_BY_TRUSTED_CA).
        case deviceCertificateNotTrusted(DeviceTrustFailure)
        /// A path exists but breaks a rule: a date, a constraint, the key, a signature, the CRL
        /// (CERT_NOT_SIGNED_BY_TRUSTED_CA, or CERT_REVOKED / CRL_INVALID for the CRL).
        case certificateChainInvalid(DeviceTrustFailure)
        /// The device certificate's key is not RSA or cannot be used (CANNOT_EXTRACT_PUBLIC_KEY).
        case publicKeyUnusable
        /// The signature does not verify over `nonce || DER(peer certificate)` (SIGNED_BLOBS_MISMATCH).
        case signatureMismatch
    }

    /// The specific check that failed.
    public var kind: Kind
    /// OpenSSL's error queue at the failure, when OpenSSL was involved.
    public var openSSLErrors: [OpenSSLError]
    /// The chain check, when the reply got that far.
    public var chainReport: DeviceChainReport?

    /// Builds an error.
    public init(_ kind: Kind, openSSLErrors: [OpenSSLError] = [], chainReport: DeviceChainReport? = nil) {
        self.kind = kind
        self.openSSLErrors = openSSLErrors
        self.chainReport = chainReport
    }

    /// The chain rule that failed, for chain failures.
    public var trustFailure: DeviceTrustFailure? {
        switch kind {
        case .deviceCertificateNotTrusted(let failure), .certificateChainInvalid(let failure): failure
        default: nil
        }
    }

    /// Chromium's enum name for this failure, for logs that line up with Chrome's `cast_socket.cc` output.
    public var chromiumName: String {
        switch kind {
        case .peerCertificateEmpty: "PEER_CERT_EMPTY"
        case .peerCertificateMalformed, .clientCertificateMalformed, .intermediateCertificateMalformed,
            .clientCertificateMissing:
            "CERT_PARSING_FAILED"
        case .peerCertificateNotYetValid: "TLS_CERT_VALID_START_DATE_IN_FUTURE"
        case .peerCertificateExpired: "TLS_CERT_EXPIRED"
        case .peerCertificateLifetimeTooLong: "TLS_CERT_VALIDITY_PERIOD_TOO_LONG"
        case .responseMissing: "NO_RESPONSE"
        case .errorReported: "MESSAGE_ERROR"
        case .senderNonceMissing, .senderNonceMismatch: "SENDER_NONCE_MISMATCH"
        case .signatureEmpty: "SIGNATURE_EMPTY"
        case .hashAlgorithmUnsupported, .signatureAlgorithmUnsupported: "DIGEST_UNSUPPORTED"
        case .deviceCertificateNotTrusted: "CERT_NOT_SIGNED_BY_TRUSTED_CA"
        case .certificateChainInvalid(let failure):
            switch failure.reason {
            case .revoked: "CERT_REVOKED"
            case .crlInvalid, .crlMissing: "CRL_INVALID"
            default: "CERT_NOT_SIGNED_BY_TRUSTED_CA"
            }
        case .publicKeyUnusable: "CANNOT_EXTRACT_PUBLIC_KEY"
        case .signatureMismatch: "SIGNED_BLOBS_MISMATCH"
        }
    }

    /// What failed and what to check, in one line.
    public var description: String {
        let text: String
        switch kind {
        case .peerCertificateEmpty:
            text = "the TLS session has no peer certificate to verify the device signature against"
        case .peerCertificateMalformed:
            text = "the device's TLS certificate could not be parsed"
        case .peerCertificateNotYetValid(let notBefore, let now):
            text = "the device's TLS certificate is not valid until \(notBefore) (now \(now)); check the clocks of "
                + "sender and device"
        case .peerCertificateExpired(let notAfter, let now):
            text = "the device's TLS certificate expired at \(notAfter) (now \(now)); check the clocks, or reboot the "
                + "device so it makes a new one"
        case .peerCertificateLifetimeTooLong(let notAfter, let limit):
            text = "the device's TLS certificate is valid until \(notAfter), beyond the 4-day limit (\(limit)); "
                + "a sender clock running behind also causes this"
        case .responseMissing:
            text = "the device's reply holds neither a response nor an error"
        case .errorReported(let type):
            text = "the device reported auth error \(type) instead of signing the challenge"
        case .senderNonceMissing:
            text = "the response does not echo the sender nonce, and nonce checking is enforced"
        case .senderNonceMismatch:
            text = "the response echoes a different nonce than the challenge sent (a stale or replayed reply?)"
        case .signatureEmpty:
            text = "the response has an empty signature"
        case .hashAlgorithmUnsupported(let hash):
            text = "the response uses hash \(hash), which is not accepted (SHA-256, or SHA-1 unless enforced off)"
        case .signatureAlgorithmUnsupported(let algorithm):
            text = "the response uses signature algorithm \(algorithm), which castscope does not support"
        case .clientCertificateMissing:
            text = "the response carries no client_auth_certificate"
        case .clientCertificateMalformed:
            text = "client_auth_certificate is not a DER X.509 certificate"
        case .intermediateCertificateMalformed(let index):
            text = "intermediate_certificate[\(index)] is not a DER X.509 certificate"
        case .deviceCertificateNotTrusted(let failure):
            text = "untrusted-root: \(failure.detail); is the right root in the trust store and the intermediate sent?"
        case .certificateChainInvalid(let failure):
            text = "\(failure.reason.rawValue): \(failure.detail)"
        case .publicKeyUnusable:
            text = "the device certificate's public key cannot verify RSA signatures"
        case .signatureMismatch:
            text = "the signature does not match sender_nonce || DER(TLS certificate): wrong key, wrong TLS "
                + "certificate (a TLS proxy?), or altered data"
        }
        let suffix = openSSLErrors.isEmpty ? "" : " [" + openSSLErrors.map(\.description).joined(separator: "; ") + "]"
        return "device authentication failed (\(chromiumName)): \(text)\(suffix)"
    }
}
