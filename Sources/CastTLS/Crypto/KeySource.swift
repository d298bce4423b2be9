/// Where generated certificates get their keys: a fresh RSA-2048 key each (`.fresh`), or keys a caller keeps and
/// reuses by role (a test suite building hundreds of chains, where every key generation holds a core for a while).
public struct KeySource: Sendable {
    private let make: @Sendable (String) throws(CertificateError) -> PrivateKey

    /// A source that answers `key(for:)` with `make(role)`.
    public init(_ make: @escaping @Sendable (String) throws(CertificateError) -> PrivateKey) { self.make = make }

    /// A new RSA-2048 key for every certificate.
    public static let fresh = KeySource { _ throws(CertificateError) in try PrivateKey.generate(.rsa2048) }

    /// The key for the certificate playing `role` ("root", "ica", "device", …).
    public func key(for role: String) throws(CertificateError) -> PrivateKey { try make(role) }
}
