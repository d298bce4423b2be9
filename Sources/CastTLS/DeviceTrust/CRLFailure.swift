/// Why a Cast CRL is not valid: a stable reason code and a sentence naming the list and the rule.
public struct CRLFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule that failed; the raw value is the stable code in `--json` output.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The bytes are not a `CrlBundle`, or a `TbsCrl` inside does not decode.
        case malformed
        /// The bundle holds no `Crl`.
        case empty
        /// No `Crl` in the bundle has a version castscope supports (0).
        case unsupportedVersion = "unsupported-version"
        /// The signer certificate does not parse.
        case signerMalformed = "signer-malformed"
        /// The signer certificate does not chain to a CRL root.
        case signerUntrusted = "signer-untrusted"
        /// The signer certificate (or its issuer) is out of date at the CRL time.
        case signerDateInvalid = "signer-date-invalid"
        /// The signature over `tbs_crl` does not verify with the signer's key.
        case badSignature = "bad-signature"
        /// The CRL time is before `not_before_seconds` or after `not_after_seconds`.
        case dateInvalid = "date-invalid"
        /// A serial range has first > last, or a hash is not 32 bytes.
        case malformedEntry = "malformed-entry"
    }

    /// The rule that failed.
    public var reason: Reason
    /// Which `Crl` of the bundle (0-based), when one is at fault.
    public var crlIndex: Int?
    /// One sentence: what is wrong, where.
    public var detail: String

    /// A failure.
    public init(_ reason: Reason, crlIndex: Int? = nil, detail: String) {
        self.reason = reason
        self.crlIndex = crlIndex
        self.detail = detail
    }

    /// `reason: detail`.
    public var description: String { "\(reason.rawValue): \(detail)" }
}
