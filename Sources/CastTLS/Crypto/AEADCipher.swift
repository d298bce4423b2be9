internal import COpenSSL

/// An AEAD cipher used by TLS record protection: seal/open with an explicit nonce and additional data.
public enum AEADCipher: Sendable, Hashable, CustomStringConvertible {
    /// AES-128-GCM (16-byte key).
    case aes128GCM
    /// AES-256-GCM (32-byte key).
    case aes256GCM
    /// ChaCha20-Poly1305 (RFC 8439, 32-byte key).
    case chaCha20Poly1305
    /// AES-128-CCM with a 16-byte tag (RFC 6655, TLS_AES_128_CCM_SHA256).
    case aes128CCM
    /// AES-256-CCM with a 16-byte tag (RFC 6655).
    case aes256CCM
    /// AES-128-CCM with an 8-byte tag (RFC 6655, TLS_AES_128_CCM_8_SHA256).
    case aes128CCM8
    /// AES-256-CCM with an 8-byte tag (RFC 6655).
    case aes256CCM8

    /// Key length in bytes.
    public var keyLength: Int { [.aes128GCM, .aes128CCM, .aes128CCM8].contains(self) ? 16 : 32 }
    /// Nonce length in bytes (all of them use 96-bit nonces in TLS).
    public var nonceLength: Int { 12 }
    /// Authentication tag length in bytes.
    public var tagLength: Int { self == .aes128CCM8 || self == .aes256CCM8 ? 8 : 16 }
    /// True for the CCM modes, which OpenSSL drives differently (tag and total length before the data).
    var isCCM: Bool { [.aes128CCM, .aes256CCM, .aes128CCM8, .aes256CCM8].contains(self) }

    /// The OpenSSL cipher name.
    public var description: String {
        switch self {
        case .aes128GCM: "AES-128-GCM"
        case .aes256GCM: "AES-256-GCM"
        case .chaCha20Poly1305: "ChaCha20-Poly1305"
        case .aes128CCM: "AES-128-CCM"
        case .aes256CCM: "AES-256-CCM"
        case .aes128CCM8: "AES-128-CCM-8"
        case .aes256CCM8: "AES-256-CCM-8"
        }
    }

    /// The cipher as a fetched implementation (kept for the process; see `FetchedAlgorithms`), or the legacy one.
    var fetched: OpaquePointer? {
        switch self {
        case .aes128GCM, .aes256GCM, .chaCha20Poly1305: FetchedAlgorithms.cipher(description) ?? evp
        case .aes128CCM, .aes256CCM, .aes128CCM8, .aes256CCM8: evp
        }
    }

    var evp: OpaquePointer? {
        switch self {
        case .aes128GCM: EVP_aes_128_gcm()
        case .aes256GCM: EVP_aes_256_gcm()
        case .chaCha20Poly1305: EVP_chacha20_poly1305()
        case .aes128CCM, .aes128CCM8: EVP_aes_128_ccm()
        case .aes256CCM, .aes256CCM8: EVP_aes_256_ccm()
        }
    }

    /// Encrypts `plaintext` and returns ciphertext followed by the 16-byte tag.
    public func seal(
        key: [UInt8], nonce: [UInt8], plaintext: [UInt8], additionalData: [UInt8] = []
    ) throws(CryptoError) -> [UInt8] {
        try checkLengths(key: key, nonce: nonce)
        try Self.checkInputLength(plaintext.count)
        try Self.checkInputLength(additionalData.count)
        let context = try CipherContext()
        try context.initialize(cipher: evp, key: key, nonce: nonce, encrypt: true,
                               ccm: isCCM ? (tagLength, nil, plaintext.count) : nil)
        try context.addAAD(additionalData)
        var output = try context.update(plaintext)
        try context.finish()
        output += try context.tag(length: tagLength)
        return output
    }

    /// Verifies the tag at the end of `ciphertextAndTag` and returns the plaintext.
    public func open(
        key: [UInt8], nonce: [UInt8], ciphertextAndTag: [UInt8], additionalData: [UInt8] = []
    ) throws(CryptoError) -> [UInt8] {
        try checkLengths(key: key, nonce: nonce)
        guard ciphertextAndTag.count >= tagLength else {
            throw CryptoError(kind: .truncated, needed: tagLength, available: ciphertextAndTag.count)
        }
        try Self.checkInputLength(ciphertextAndTag.count - tagLength)
        try Self.checkInputLength(additionalData.count)
        let ciphertext = Array(ciphertextAndTag.dropLast(tagLength))
        let tag = Array(ciphertextAndTag.suffix(tagLength))
        let context = try CipherContext()
        if isCCM {
            // CCM verifies in its one update: a tag mismatch is the update failing.
            try context.initialize(cipher: evp, key: key, nonce: nonce, encrypt: false,
                                   ccm: (tagLength, tag, ciphertext.count))
            try context.addAAD(additionalData)
            guard let plaintext = try? context.update(ciphertext) else {
                OpenSSLErrorStack.clear()
                throw CryptoError(kind: .authenticationFailed)
            }
            return plaintext
        }
        try context.initialize(cipher: evp, key: key, nonce: nonce, encrypt: false)
        try context.addAAD(additionalData)
        let plaintext = try context.update(ciphertext)
        try context.setTag(tag)
        guard context.finishVerifying() else { throw CryptoError(kind: .authenticationFailed) }
        return plaintext
    }

    /// The most bytes one `EVP_CipherUpdate` takes (its length is an `int`).
    static let maximumInputLength = Int(Int32.max)

    /// Refuses an input the OpenSSL length parameter cannot express, rather than silently processing a prefix.
    static func checkInputLength(_ count: Int) throws(CryptoError) {
        guard count <= maximumInputLength else {
            throw CryptoError(kind: .inputTooLong, needed: maximumInputLength, available: count)
        }
    }

    private func checkLengths(key: [UInt8], nonce: [UInt8]) throws(CryptoError) {
        guard key.count == keyLength else {
            throw CryptoError(kind: .invalidKeyLength, needed: keyLength, available: key.count)
        }
        guard nonce.count == nonceLength else {
            throw CryptoError(kind: .invalidNonceLength, needed: nonceLength, available: nonce.count)
        }
    }
}

/// Owns one `EVP_CIPHER_CTX` for a single AEAD operation.
private final class CipherContext {
    let handle: OpaquePointer

    init() throws(CryptoError) {
        OpenSSLErrorStack.clear()
        guard let handle = EVP_CIPHER_CTX_new() else {
            throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain())
        }
        self.handle = handle
    }

    deinit { EVP_CIPHER_CTX_free(handle) }

    private func check(_ status: Int32) throws(CryptoError) {
        guard status == 1 else { throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain()) }
    }

    /// `ccm`: the tag length, the tag to verify (nil when sealing) and the message length, which CCM needs first.
    func initialize(cipher: OpaquePointer?, key: [UInt8], nonce: [UInt8], encrypt: Bool,
                    ccm: (tagLength: Int, tag: [UInt8]?, length: Int)? = nil) throws(CryptoError) {
        // Two steps: pick the cipher, set the IV length, then load key and IV (lengths were checked by the caller).
        try check(EVP_CipherInit_ex(handle, cipher, nil, nil, nil, encrypt ? 1 : 0))
        try check(EVP_CIPHER_CTX_ctrl(handle, EVP_CTRL_AEAD_SET_IVLEN, Int32(nonce.count), nil))
        if let ccm {
            var tag = ccm.tag ?? []
            let status = tag.withUnsafeMutableBytes { buffer in
                // SAFETY: OpenSSL copies tagLength bytes when a tag is given, and only records the length otherwise.
                EVP_CIPHER_CTX_ctrl(handle, EVP_CTRL_AEAD_SET_TAG, Int32(ccm.tagLength),
                                    ccm.tag == nil ? nil : buffer.baseAddress)
            }
            try check(status)
        }
        try check(EVP_CipherInit_ex(handle, nil, nil, key, nonce, -1))
        if let ccm {
            var outLength: Int32 = 0
            try check(EVP_CipherUpdate(handle, nil, &outLength, nil, Int32(ccm.length)))
        }
    }

    func addAAD(_ aad: [UInt8]) throws(CryptoError) {
        guard !aad.isEmpty else { return }
        var outLength: Int32 = 0
        // Length checked by the caller (checkInputLength), so the conversion cannot trap.
        try check(EVP_CipherUpdate(handle, nil, &outLength, aad, Int32(aad.count)))
    }

    func update(_ input: [UInt8]) throws(CryptoError) -> [UInt8] {
        // AEAD stream modes output exactly as many bytes as they take in. An empty message still gets its update:
        // CCM computes its tag there.
        var output = [UInt8](repeating: 0, count: max(1, input.count))
        var outLength: Int32 = 0
        let status = output.withUnsafeMutableBufferPointer { out in
            // SAFETY: `out` holds input.count bytes, the most a GCM/ChaCha20-Poly1305 update writes.
            // Length checked by the caller (checkInputLength), so the conversion cannot trap.
            EVP_CipherUpdate(handle, out.baseAddress, &outLength, input, Int32(input.count))
        }
        try check(status)
        return Array(output.prefix(min(input.count, Int(outLength))))
    }

    func finish() throws(CryptoError) {
        var outLength: Int32 = 0
        var scratch = [UInt8](repeating: 0, count: 16)
        try check(EVP_CipherFinal_ex(handle, &scratch, &outLength))
    }

    /// Returns false when the tag does not verify.
    func finishVerifying() -> Bool {
        var outLength: Int32 = 0
        var scratch = [UInt8](repeating: 0, count: 16)
        let status = EVP_CipherFinal_ex(handle, &scratch, &outLength)
        OpenSSLErrorStack.clear()
        return status == 1
    }

    func tag(length: Int) throws(CryptoError) -> [UInt8] {
        var tag = [UInt8](repeating: 0, count: length)
        let status = tag.withUnsafeMutableBytes { buffer in
            // SAFETY: `buffer` holds `length` bytes, the tag length requested.
            EVP_CIPHER_CTX_ctrl(handle, EVP_CTRL_AEAD_GET_TAG, Int32(length), buffer.baseAddress)
        }
        try check(status)
        return tag
    }

    func setTag(_ tag: [UInt8]) throws(CryptoError) {
        var copy = tag
        let status = copy.withUnsafeMutableBytes { buffer in
            // SAFETY: OpenSSL copies `count` bytes from `buffer` into the context.
            EVP_CIPHER_CTX_ctrl(handle, EVP_CTRL_AEAD_SET_TAG, Int32(buffer.count), buffer.baseAddress)
        }
        try check(status)
    }
}
