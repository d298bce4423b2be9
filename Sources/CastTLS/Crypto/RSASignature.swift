internal import COpenSSL

/// RSASSA-PKCS1-v1_5 and RSASSA-PSS (salt = digest length, MGF1 with the same hash) through EVP_DigestSign/Verify.
enum RSASignature {
    /// Owns one EVP_MD_CTX.
    private final class DigestContext {
        let handle: OpaquePointer
        init?() {
            guard let handle = EVP_MD_CTX_new() else { return nil }
            self.handle = handle
        }
        deinit { EVP_MD_CTX_free(handle) }
    }

    /// Applies PSS parameters to the key context EVP_Digest{Sign,Verify}Init handed back (owned by the MD context).
    private static func configurePSS(_ keyContext: OpaquePointer?, hash: HashFunction) -> Bool {
        guard let keyContext else { return false }
        return EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) > 0
            && EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_DIGEST) > 0
            && EVP_PKEY_CTX_set_rsa_mgf1_md(keyContext, hash.evp) > 0
    }

    /// Signs `message`; the key must be RSA.
    static func sign(_ message: [UInt8], key: PrivateKey, hash: HashFunction, pss: Bool) throws(CryptoError) -> [UInt8] {
        OpenSSLErrorStack.clear()
        guard let context = DigestContext() else { throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain()) }
        var keyContext: OpaquePointer? = nil
        guard EVP_DigestSignInit(context.handle, &keyContext, hash.evp, nil, key.handle) == 1,
            !pss || configurePSS(keyContext, hash: hash)
        else { throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain()) }
        var length = 0
        guard EVP_DigestSign(context.handle, nil, &length, message, message.count) == 1, length > 0 else {
            throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain())
        }
        var signature = [UInt8](repeating: 0, count: length)
        let status = signature.withUnsafeMutableBufferPointer { buffer in
            // SAFETY: `buffer` holds the maximum signature length EVP_DigestSign reported above.
            EVP_DigestSign(context.handle, buffer.baseAddress, &length, message, message.count)
        }
        guard status == 1 else { throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain()) }
        return Array(signature.prefix(length))
    }

    /// Outcome of a verification.
    enum Verification {
        case valid
        case mismatch([OpenSSLError])
        case unusableKey([OpenSSLError])
    }

    /// Verifies `signature` over `message` with the public key of `certificate`.
    static func verify(
        _ signature: [UInt8], over message: [UInt8], certificate: X509Certificate, hash: HashFunction, pss: Bool
    ) -> Verification {
        OpenSSLErrorStack.clear()
        guard let publicKey = X509_get0_pubkey(certificate.handle), EVP_PKEY_is_a(publicKey, "RSA") == 1 else {
            return .unusableKey(OpenSSLErrorStack.drain())
        }
        guard let context = DigestContext() else { return .unusableKey(OpenSSLErrorStack.drain()) }
        var keyContext: OpaquePointer? = nil
        guard EVP_DigestVerifyInit(context.handle, &keyContext, hash.evp, nil, publicKey) == 1,
            !pss || configurePSS(keyContext, hash: hash)
        else { return .unusableKey(OpenSSLErrorStack.drain()) }
        let status = withExtendedLifetime(certificate) {
            EVP_DigestVerify(context.handle, signature, signature.count, message, message.count)
        }
        let errors = OpenSSLErrorStack.drain()
        return status == 1 ? .valid : .mismatch(errors)
    }
}
