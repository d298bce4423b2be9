internal import COpenSSL
import Synchronization

/// Opens many messages under one key with one reused OpenSSL context: the key schedule is computed once and each
/// message only loads its nonce — what decrypting a TLS direction record after record needs.
///
/// Inputs are borrowed buffers and the plaintext is written once into a new array (no zero-fill, no copies of
/// the ciphertext or tag). Calls are serialised, so an opener may be shared between copies of a value type.
public final class AEADOpener: Sendable {
    /// The cipher.
    public let cipher: AEADCipher
    private let context: Mutex<CipherHandle>
    /// CCM sets tag and length before the key, so its key is loaded per message.
    private let ccmKey: [UInt8]

    /// An opener for `key`; throws `.invalidKeyLength` or `.openSSLFailure`.
    public init(cipher: AEADCipher, key: [UInt8]) throws(CryptoError) {
        guard key.count == cipher.keyLength else {
            throw CryptoError(kind: .invalidKeyLength, needed: cipher.keyLength, available: key.count)
        }
        OpenSSLErrorStack.clear()
        guard let handle = EVP_CIPHER_CTX_new() else {
            throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain())
        }
        // Pick the cipher, set the 12-byte nonce length, then load the key (the nonce comes with each message).
        guard EVP_CipherInit_ex(handle, cipher.fetched, nil, nil, nil, 0) == 1,
            EVP_CIPHER_CTX_ctrl(handle, EVP_CTRL_AEAD_SET_IVLEN, Int32(cipher.nonceLength), nil) == 1,
            EVP_CipherInit_ex(handle, nil, nil, key, nil, 0) == 1
        else {
            let errors = OpenSSLErrorStack.drain()
            EVP_CIPHER_CTX_free(handle)
            throw CryptoError(kind: .openSSLFailure, openSSLErrors: errors)
        }
        self.cipher = cipher
        ccmKey = cipher.isCCM ? key : []
        context = Mutex(CipherHandle(handle))
    }

    /// Verifies the tag at the end of `ciphertextAndTag` under `nonce` and `additionalData` and returns the
    /// plaintext; throws `.authenticationFailed` when it does not verify (the opener stays usable), `.truncated`,
    /// `.invalidNonceLength` or `.inputTooLong` for bad inputs and `.openSSLFailure` when OpenSSL fails.
    public func open(
        nonce: UnsafeRawBufferPointer, ciphertextAndTag: UnsafeRawBufferPointer, additionalData: UnsafeRawBufferPointer
    ) throws(CryptoError) -> [UInt8] {
        guard nonce.count == cipher.nonceLength else {
            throw CryptoError(kind: .invalidNonceLength, needed: cipher.nonceLength, available: nonce.count)
        }
        let tagLength = cipher.tagLength
        guard ciphertextAndTag.count >= tagLength else {
            throw CryptoError(kind: .truncated, needed: tagLength, available: ciphertextAndTag.count)
        }
        let length = ciphertextAndTag.count - tagLength
        try AEADCipher.checkInputLength(length)
        try AEADCipher.checkInputLength(additionalData.count)
        let bytes = ciphertextAndTag.bindMemory(to: UInt8.self)
        if cipher.isCCM { return try openCCM(nonce: nonce, bytes: bytes, length: length, additionalData: additionalData) }
        // An OpenSSL call failing is `.openSSLFailure`; only the final tag check failing is `.authenticationFailed`.
        var failure = CryptoError.Kind.openSSLFailure
        var verified = false
        let plaintext = context.withLock { context -> [UInt8] in
            let handle = context.handle
            guard EVP_CipherInit_ex(handle, nil, nil, nil, nonce.bindMemory(to: UInt8.self).baseAddress, -1) == 1
            else { return [] }
            var outLength: Int32 = 0
            // Lengths were checked above (checkInputLength), so the Int32 conversions cannot trap.
            if additionalData.count > 0 {
                let aad = additionalData.bindMemory(to: UInt8.self).baseAddress
                guard EVP_CipherUpdate(handle, nil, &outLength, aad, Int32(additionalData.count)) == 1 else {
                    return []
                }
            }
            var updated = true
            let output = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
                count = 0
                guard length > 0 else { return }
                // SAFETY: `buffer` holds `length` bytes, exactly what a GCM/ChaCha20-Poly1305 update writes.
                updated = EVP_CipherUpdate(handle, buffer.baseAddress, &outLength, bytes.baseAddress,
                                           Int32(length)) == 1
                count = updated ? Int(min(max(0, outLength), Int32(length))) : 0
            }
            // OpenSSL copies the tag out of the buffer (the pointer is only declared mutable).
            let tag = UnsafeMutableRawPointer(mutating: ciphertextAndTag.baseAddress.map { $0 + length })
            guard updated, EVP_CIPHER_CTX_ctrl(handle, EVP_CTRL_AEAD_SET_TAG, Int32(tagLength), tag) == 1 else {
                return []
            }
            var scratch: (UInt64, UInt64) = (0, 0)
            failure = .authenticationFailed
            verified = withUnsafeMutableBytes(of: &scratch) { scratch in
                EVP_CipherFinal_ex(handle, scratch.bindMemory(to: UInt8.self).baseAddress, &outLength) == 1
            }
            return output
        }
        guard verified else {
            let errors = OpenSSLErrorStack.drain()
            throw CryptoError(kind: failure, openSSLErrors: failure == .openSSLFailure ? errors : [])
        }
        return plaintext
    }
}

extension AEADOpener {
    /// CCM: cipher, nonce length, tag, then key and nonce, the total length, the additional data, and one update
    /// that decrypts and verifies (it fails when the tag does not match).
    private func openCCM(nonce: UnsafeRawBufferPointer, bytes: UnsafeBufferPointer<UInt8>, length: Int,
                         additionalData: UnsafeRawBufferPointer) throws(CryptoError) -> [UInt8] {
        let tagLength = cipher.tagLength, evp = cipher.evp, key = ccmKey
        var failure = CryptoError.Kind.openSSLFailure
        var verified = false
        let plaintext = context.withLock { context -> [UInt8] in
            let handle = context.handle
            var outLength: Int32 = 0
            let tag = UnsafeMutableRawPointer(mutating: bytes.baseAddress.map { UnsafeRawPointer($0 + length) })
            guard EVP_CipherInit_ex(handle, evp, nil, nil, nil, 0) == 1,
                  EVP_CIPHER_CTX_ctrl(handle, EVP_CTRL_AEAD_SET_IVLEN, Int32(nonce.count), nil) == 1,
                  EVP_CIPHER_CTX_ctrl(handle, EVP_CTRL_AEAD_SET_TAG, Int32(tagLength), tag) == 1,
                  EVP_CipherInit_ex(handle, nil, nil, key, nonce.bindMemory(to: UInt8.self).baseAddress, 0) == 1,
                  EVP_CipherUpdate(handle, nil, &outLength, nil, Int32(length)) == 1
            else { return [] }
            if additionalData.count > 0 {
                guard EVP_CipherUpdate(handle, nil, &outLength, additionalData.bindMemory(to: UInt8.self).baseAddress,
                                       Int32(additionalData.count)) == 1 else { return [] }
            }
            failure = .authenticationFailed
            return [UInt8](unsafeUninitializedCapacity: max(length, 1)) { buffer, count in
                count = 0
                // SAFETY: `buffer` holds at least `length` bytes (one for an empty message, whose tag the update
                // still checks), what a CCM update writes.
                verified = EVP_CipherUpdate(handle, buffer.baseAddress, &outLength, bytes.baseAddress,
                                            Int32(length)) == 1
                count = verified ? length : 0
            }
        }
        guard verified else {
            let errors = OpenSSLErrorStack.drain()
            throw CryptoError(kind: failure, openSSLErrors: failure == .openSSLFailure ? errors : [])
        }
        return plaintext
    }
}

/// The context an opener owns; freed with it.
private final class CipherHandle: @unchecked Sendable {
    // Only used under the opener's mutex.
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { EVP_CIPHER_CTX_free(handle) }
}
