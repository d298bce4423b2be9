internal import COpenSSL

/// A private key (RSA or EC); owns its OpenSSL `EVP_PKEY` and frees it when released.
public final class PrivateKey: @unchecked Sendable {
    // @unchecked Sendable: the EVP_PKEY is never mutated after init; OpenSSL 3 allows concurrent use of a
    // const key for signing and for building contexts.
    let handle: OpaquePointer

    /// The algorithms `generate` offers.
    public enum KeyType: Sendable, Hashable, CustomStringConvertible {
        /// RSA with a 2048-bit modulus (what Cast devices use).
        case rsa2048
        /// ECDSA on NIST P-256.
        case ecP256

        /// "RSA-2048" / "EC-P256".
        public var description: String { self == .rsa2048 ? "RSA-2048" : "EC-P256" }
    }

    /// Generates a fresh key.
    public static func generate(_ type: KeyType) throws(CertificateError) -> PrivateKey {
        OpenSSLErrorStack.clear()
        let name = type == .rsa2048 ? "RSA" : "EC"
        guard let context = EVP_PKEY_CTX_new_from_name(nil, name, nil) else {
            throw CertificateError(kind: .generationFailed, openSSLErrors: OpenSSLErrorStack.drain())
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1 else {
            throw CertificateError(kind: .generationFailed, openSSLErrors: OpenSSLErrorStack.drain())
        }
        let configured =
            type == .rsa2048
            ? EVP_PKEY_CTX_set_rsa_keygen_bits(context, 2048) : EVP_PKEY_CTX_set_group_name(context, "P-256")
        guard configured == 1 else {
            throw CertificateError(kind: .generationFailed, openSSLErrors: OpenSSLErrorStack.drain())
        }
        var key: OpaquePointer? = nil
        guard EVP_PKEY_generate(context, &key) == 1, let key else {
            throw CertificateError(kind: .generationFailed, openSSLErrors: OpenSSLErrorStack.drain())
        }
        return PrivateKey(taking: key)
    }

    /// Parses a PEM private key (PKCS#8, or traditional RSA/EC).
    public convenience init(pem: String) throws(CertificateError) {
        OpenSSLErrorStack.clear()
        guard let bio = MemoryBIO(bytes: Array(pem.utf8)), let key = PEM_read_bio_PrivateKey(bio.handle, nil, nil, nil)
        else { throw CertificateError(kind: .malformedPEM, openSSLErrors: OpenSSLErrorStack.drain()) }
        self.init(taking: key)
    }

    /// Takes ownership of one reference to `handle`.
    init(taking handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { EVP_PKEY_free(handle) }

    /// The key type, or nil for a key `generate` would not make (e.g. RSA-4096 loaded from PEM).
    public var keyType: KeyType? {
        if EVP_PKEY_is_a(handle, "RSA") == 1 { return EVP_PKEY_get_bits(handle) == 2048 ? .rsa2048 : nil }
        if EVP_PKEY_is_a(handle, "EC") == 1 { return EVP_PKEY_get_bits(handle) == 256 ? .ecP256 : nil }
        return nil
    }

    /// True for RSA keys of any size.
    public var isRSA: Bool { EVP_PKEY_is_a(handle, "RSA") == 1 }

    /// The key as unencrypted PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`); keep it secret.
    public var pemString: String {
        guard let bio = MemoryBIO(), PEM_write_bio_PrivateKey(bio.handle, handle, nil, nil, 0, nil, nil) == 1 else {
            OpenSSLErrorStack.clear()
            return ""
        }
        return String(decoding: bio.contents, as: UTF8.self)
    }
}
