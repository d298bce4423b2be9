/// A failure parsing, generating or encoding a certificate or key.
public struct CertificateError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The bytes are not one DER certificate (or key) — or there are bytes after it.
        case malformedDER
        /// The text holds no PEM block of the expected type, or the block does not decode.
        case malformedPEM
        /// The requested lifetime is longer than a Cast device may present (protocol.md §2.5: 4 days).
        case lifetimeTooLong
        /// The lifetime is zero or negative.
        case lifetimeNotPositive
        /// The common name is empty or too long for X.509 (64 characters).
        case invalidCommonName
        /// OpenSSL could not generate the key or sign the certificate.
        case generationFailed
        /// OpenSSL could not encode the value.
        case encodingFailed
    }

    /// What went wrong.
    public var kind: Kind
    /// OpenSSL's error queue at the failure, oldest first.
    public var openSSLErrors: [OpenSSLError]

    /// Builds an error; `openSSLErrors` should be drained right at the failing call.
    public init(kind: Kind, openSSLErrors: [OpenSSLError] = []) {
        self.kind = kind
        self.openSSLErrors = openSSLErrors
    }

    /// One line a person can act on.
    public var description: String {
        let text: String
        switch kind {
        case .malformedDER: text = "not a single DER-encoded X.509 certificate or key"
        case .malformedPEM: text = "no decodable PEM block of the expected type"
        case .lifetimeTooLong: text = "certificate lifetime exceeds the 4-day limit senders enforce on Cast TLS certificates"
        case .lifetimeNotPositive: text = "certificate lifetime must be positive"
        case .invalidCommonName: text = "common name must be 1…64 characters"
        case .generationFailed: text = "OpenSSL could not generate the key or certificate"
        case .encodingFailed: text = "OpenSSL could not encode the certificate or key"
        }
        return openSSLErrors.isEmpty ? text : text + " [" + openSSLErrors.map(\.description).joined(separator: "; ") + "]"
    }
}
