public import Foundation
internal import COpenSSL

/// A self-signed TLS certificate and its key, short-lived like a real Cast device's (at most 4 days).
public struct DeviceCertificate: Sendable {
    /// The longest lifetime senders accept for a device's TLS certificate (protocol.md §2.5, Chromium
    /// `kMaxSelfSignedCertLifetimeInDays = 4`).
    public static let maximumLifetime: TimeInterval = 4 * 24 * 60 * 60

    /// The certificate presented in the TLS handshake.
    public let certificate: X509Certificate
    /// Its private key.
    public let privateKey: PrivateKey

    /// Pairs an existing certificate and key (no check that they match; `TLSContext` checks that).
    public init(certificate: X509Certificate, privateKey: PrivateKey) {
        self.certificate = certificate
        self.privateKey = privateKey
    }

    /// Generates a key (or uses `key`) and a self-signed certificate valid from `now` for `lifetime` seconds.
    ///
    /// Senders require notAfter ≤ their now + 4 days, so a lifetime over 4 days is refused, and notBefore is not
    /// backdated (a backdated start would still pass, but the lifetime is what the limit is about).
    public static func generateSelfSigned(
        commonName: String, lifetime: TimeInterval = 2 * 24 * 60 * 60, keyType: PrivateKey.KeyType = .rsa2048,
        key existingKey: PrivateKey? = nil, now: Date = Date()
    ) throws(CertificateError) -> DeviceCertificate {
        guard lifetime > 0 else { throw CertificateError(kind: .lifetimeNotPositive) }
        guard lifetime <= maximumLifetime else { throw CertificateError(kind: .lifetimeTooLong) }
        guard !commonName.isEmpty, commonName.utf8.count <= 64 else { throw CertificateError(kind: .invalidCommonName) }
        let key: PrivateKey
        if let existingKey { key = existingKey } else { key = try PrivateKey.generate(keyType) }
        OpenSSLErrorStack.clear()
        guard let certificate = X509_new() else {
            throw CertificateError(kind: .generationFailed, openSSLErrors: OpenSSLErrorStack.drain())
        }
        guard
            fill(certificate, commonName: commonName, key: key, notBefore: now, lifetime: lifetime),
            X509_sign(certificate, key.handle, EVP_sha256()) > 0,
            let der = X509Certificate.encodeDER(certificate)
        else {
            let errors = OpenSSLErrorStack.drain()
            X509_free(certificate)
            throw CertificateError(kind: .generationFailed, openSSLErrors: errors)
        }
        return DeviceCertificate(certificate: X509Certificate(taking: certificate, derBytes: der), privateKey: key)
    }

    /// Sets version, serial, validity, names and public key; false when any OpenSSL call fails.
    private static func fill(
        _ certificate: OpaquePointer, commonName: String, key: PrivateKey, notBefore: Date, lifetime: TimeInterval
    ) -> Bool {
        guard X509_set_version(certificate, 2) == 1 else { return false }  // 2 means X.509 v3
        // A random positive 63-bit serial: certificates generated at the same second still differ.
        guard var serialBytes = try? SecureRandom.bytes(8) else { return false }
        serialBytes[0] &= 0x7f
        let serial = serialBytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard let serialNumber = X509_get_serialNumber(certificate), ASN1_INTEGER_set_uint64(serialNumber, serial) == 1
        else { return false }
        let start = time_t(notBefore.timeIntervalSince1970.rounded(.down))
        let end = time_t((notBefore.timeIntervalSince1970 + lifetime).rounded(.down))
        guard ASN1_TIME_set(X509_getm_notBefore(certificate), start) != nil,
            ASN1_TIME_set(X509_getm_notAfter(certificate), end) != nil
        else { return false }
        guard let name = X509_get_subject_name(certificate),
            X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, commonName, -1, -1, 0) == 1,
            X509_set_issuer_name(certificate, name) == 1,
            X509_set_pubkey(certificate, key.handle) == 1
        else { return false }
        return true
    }
}
