public import Foundation

/// Why a device's certificate chain is not trusted: a stable reason code, the certificate concerned, a sentence.
public struct DeviceTrustFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule that failed; the raw value is the stable code in `--json` output.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// A certificate does not parse, or the chain is empty.
        case malformedCertificate = "malformed-certificate"
        /// A certificate (not the trust anchor) is outside its validity at the verification time.
        case dateInvalid = "date-invalid"
        /// No path from the device certificate to a trusted root.
        case untrustedRoot = "untrusted-root"
        /// The first certificate is a CA, not a device certificate.
        case notADeviceCertificate = "not-a-device-certificate"
        /// An intermediate (or the anchor) is not a CA.
        case notACertificateAuthority = "not-a-ca"
        /// A basicConstraints pathLenConstraint, the anchor's included, is exceeded.
        case pathLength = "pathlen"
        /// The device key is not RSA of at least 2048 bits.
        case weakKey = "weak-key"
        /// A name violates an issuer's name constraints.
        case nameConstraints = "name-constraints"
        /// A certificate's signature does not verify with its issuer's key.
        case badSignature = "bad-signature"
        /// A certificate is signed with something else than RSASSA-PKCS1-v1_5 with SHA-1 or SHA-256.
        case signatureAlgorithm = "signature-algorithm"
        /// An issuer's keyUsage or the chain's purpose does not allow this use.
        case keyUsage = "key-usage"
        /// A certificate has a critical extension castscope cannot check.
        case criticalExtension = "critical-extension"
        /// A certificatePolicies extension does not decode.
        case policyInvalid = "policy-invalid"
        /// Another path failure OpenSSL reported (its text is in the detail).
        case chainInvalid = "chain-invalid"
        /// A certificate of the chain is revoked by the CRL.
        case revoked
        /// The CRL is required but not valid.
        case crlInvalid = "crl-invalid"
        /// The CRL is required but none was given.
        case crlMissing = "crl-missing"
        /// The CRL was valid when checked (`--crl-at`) but not at the time the chain is checked (`--at`, a capture's
        /// time): its window or its signer's chain ended (or had not begun). Chromium refuses the device then.
        case crlExpiredAtCheck = "crl-expired-at-check"
    }

    /// The rule that failed.
    public var reason: Reason
    /// The certificate's position from the device (0) up, when one certificate is at fault.
    public var position: Int?
    /// That certificate's subject.
    public var subject: String?
    /// One sentence: which certificate, which rule, what to do.
    public var detail: String
    /// True when the failure is the March 2025 expiry of `Chromecast ICA 3` or `Chromecast ICA 4 (Audio)`.
    public var isExpiredCastIntermediate2025: Bool

    /// A failure; `detail` should name the certificate and the rule.
    public init(
        _ reason: Reason, position: Int? = nil, subject: String? = nil, detail: String,
        isExpiredCastIntermediate2025: Bool = false
    ) {
        self.reason = reason
        self.position = position
        self.subject = subject
        self.detail = detail
        self.isExpiredCastIntermediate2025 = isExpiredCastIntermediate2025
    }

    /// `reason: detail`.
    public var description: String { "\(reason.rawValue): \(detail)" }

    /// "the device certificate", "intermediate 1", … for a chain position.
    public static func name(ofPosition position: Int, chainLength: Int, isAnchor: Bool) -> String {
        if position == 0 { return "the device certificate" }
        if isAnchor { return "the root (position \(position))" }
        return "intermediate \(position)"
    }

    /// The intermediates whose expiry on 2025-03-09 made senders refuse Chromecast 2nd gen and Chromecast Audio.
    public static let castIntermediatesExpired2025: Set<String> = ["Chromecast ICA 3", "Chromecast ICA 4 (Audio)"]
    /// 2025-03-09T00:00:00Z, the day those intermediates expired.
    public static let castIntermediateExpiryDay2025 = Date(timeIntervalSince1970: 1_741_478_400)
}
