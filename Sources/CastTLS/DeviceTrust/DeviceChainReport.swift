public import Foundation

/// The outcome of checking a device's certificate chain: the verdict, the chain as built, the policy, the CRL check.
public struct DeviceChainReport: Sendable {
    /// One certificate of the chain, with what the report says about it.
    public struct Entry: Sendable {
        /// The certificate.
        public var certificate: X509Certificate
        /// True when the verification time is within its validity (shown for the anchor too, though not enforced).
        public var isValidAtVerificationTime: Bool
        /// True for the trusted root the chain ends in.
        public var isTrustAnchor: Bool
    }

    /// Nil when the chain is trusted, else why not.
    public var failure: DeviceTrustFailure?
    /// From the device certificate up to the root used, or as far as a path could be built.
    public var chain: [Entry]
    /// The device certificate's commonName.
    public var commonName: String?
    /// What the certificates allow (meaningful when trusted).
    public var policy: DevicePolicy
    /// When the chain was checked.
    public var verificationTime: Date
    /// What the CRL check found, when a CRL was given or required.
    public var revocation: RevocationReport?

    /// True when the chain is trusted.
    public var isTrusted: Bool { failure == nil }
}

/// What checking a chain against a Cast CRL found.
public struct RevocationReport: Sendable {
    /// The CRL, when it verified.
    public var crl: VerifiedCastCRL?
    /// Why the CRL itself is not valid, when it is not.
    public var crlFailure: CRLFailure?
    /// Whether a valid CRL was required.
    public var required: Bool
    /// The certificate position the CRL revokes and how, when it revokes one.
    public var revokedPosition: Int?
    /// `public key` or `serial` with the matching range, for the revoked certificate.
    public var revokedBy: String?
    /// When the CRL was verified.
    public var crlTime: Date

    /// A report; the revocation fields stay empty unless a chain was found revoked.
    public init(crl: VerifiedCastCRL? = nil, crlFailure: CRLFailure? = nil, required: Bool, crlTime: Date) {
        self.crl = crl
        self.crlFailure = crlFailure
        self.required = required
        self.crlTime = crlTime
    }
}
