extension CastTrustStore {
    /// The Cast Root CA and Eureka Root CA: what real senders trust for device certificates.
    public static let castDeviceRoots = CastTrustStore(roots: builtIn([
        CastRootCertificates.castRootCA, CastRootCertificates.eurekaRootCA,
    ]))

    /// The Cast CRL Root CA: what real senders trust for the certificates that sign Cast CRLs.
    public static let castCRLRoots = CastTrustStore(roots: builtIn([CastRootCertificates.castCRLRootCA]))

    /// True when this store trusts exactly the built-in device roots (reports say "built-in" then).
    public var isBuiltInDeviceRoots: Bool {
        Set(roots.map(\.sha256Fingerprint)) == Set(CastRootCertificates.fingerprints.prefix(2))
    }

    private static func builtIn(_ pems: [String]) -> [X509Certificate] {
        pems.map { pem in
            do {
                return try X509Certificate(pem: pem)
            } catch {
                // Embedded constants, checked by fingerprint in CastTLSTests: failing here is a build defect.
                preconditionFailure("built-in Cast root does not parse: \(error)")
            }
        }
    }
}
