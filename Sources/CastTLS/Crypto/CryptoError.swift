/// A failure in the inspector's crypto primitives (HKDF, TLS 1.2 PRF, AEAD, random, digests).
public struct CryptoError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The key has the wrong length for the algorithm (`needed` vs `available`).
        case invalidKeyLength
        /// The nonce has the wrong length for the algorithm.
        case invalidNonceLength
        /// The output length is zero or above the algorithm's limit (HKDF: 255 × hash length).
        case invalidOutputLength
        /// The ciphertext is shorter than the authentication tag.
        case truncated
        /// The tag does not match: wrong key, nonce or AAD, or the data was altered.
        case authenticationFailed
        /// The algorithm or hash asked for is not one castscope supports.
        case unsupportedAlgorithm
        /// OpenSSL failed (see `openSSLErrors`).
        case openSSLFailure
        /// An input is longer than the primitive takes in one call (`needed` is the limit, `available` the length).
        case inputTooLong
    }

    /// What went wrong.
    public var kind: Kind
    /// The length the operation needed, when a length is at fault.
    public var needed: Int?
    /// The length it got, when a length is at fault.
    public var available: Int?
    /// OpenSSL's error queue at the failure, oldest first.
    public var openSSLErrors: [OpenSSLError]

    /// Builds an error; `openSSLErrors` should be drained right at the failing call.
    public init(kind: Kind, needed: Int? = nil, available: Int? = nil, openSSLErrors: [OpenSSLError] = []) {
        self.kind = kind
        self.needed = needed
        self.available = available
        self.openSSLErrors = openSSLErrors
    }

    /// One line a person can act on.
    public var description: String {
        var text: String
        switch kind {
        case .invalidKeyLength: text = "wrong key length"
        case .invalidNonceLength: text = "wrong nonce length"
        case .invalidOutputLength: text = "requested output length out of range"
        case .truncated: text = "ciphertext shorter than its authentication tag"
        case .authenticationFailed: text = "authentication tag mismatch (wrong key/nonce/AAD or altered data)"
        case .unsupportedAlgorithm: text = "unsupported algorithm or hash"
        case .openSSLFailure: text = "OpenSSL crypto call failed"
        case .inputTooLong: text = "input longer than one call can take"
        }
        if let needed, let available { text += ": need \(needed), have \(available)" }
        if !openSSLErrors.isEmpty { text += " [" + openSSLErrors.map(\.description).joined(separator: "; ") + "]" }
        return text
    }
}
