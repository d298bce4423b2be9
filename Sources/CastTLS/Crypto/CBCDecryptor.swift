internal import COpenSSL
import Synchronization

/// A block cipher TLS uses in CBC mode.
public enum CBCCipher: Sendable, Hashable, CustomStringConvertible {
    case aes128
    case aes256
    /// Triple DES (EDE, three keys).
    case tripleDES

    /// Key length in bytes.
    public var keyLength: Int {
        switch self {
        case .aes128: 16
        case .aes256: 32
        case .tripleDES: 24
        }
    }

    /// Block (and IV) length in bytes.
    public var blockSize: Int { self == .tripleDES ? 8 : 16 }

    /// The OpenSSL cipher name.
    public var description: String {
        switch self {
        case .aes128: "AES-128-CBC"
        case .aes256: "AES-256-CBC"
        case .tripleDES: "DES-EDE3-CBC"
        }
    }

    var evp: OpaquePointer? {
        switch self {
        case .aes128: EVP_aes_128_cbc()
        case .aes256: EVP_aes_256_cbc()
        case .tripleDES: EVP_des_ede3_cbc()
        }
    }
}

/// CBC decryption without padding removal under one key, with one reused OpenSSL context: what TLS CBC records
/// need (the record layer checks and strips its own padding and MAC).
public final class CBCDecryptor: Sendable {
    /// The cipher.
    public let cipher: CBCCipher
    private let context: Mutex<CBCHandle>

    /// A decryptor for `key` (the cipher's key length).
    public init(_ cipher: CBCCipher, key: [UInt8]) throws(CryptoError) {
        guard key.count == cipher.keyLength else {
            throw CryptoError(kind: .invalidKeyLength, needed: cipher.keyLength, available: key.count)
        }
        self.cipher = cipher
        OpenSSLErrorStack.clear()
        guard let handle = EVP_CIPHER_CTX_new() else {
            throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain())
        }
        guard EVP_DecryptInit_ex(handle, cipher.evp, nil, key, nil) == 1,
              EVP_CIPHER_CTX_set_padding(handle, 0) == 1
        else {
            let errors = OpenSSLErrorStack.drain()
            EVP_CIPHER_CTX_free(handle)
            throw CryptoError(kind: .openSSLFailure, openSSLErrors: errors)
        }
        context = Mutex(CBCHandle(handle))
    }

    /// Decrypts whole blocks of `ciphertext` under `iv` (one block); throws `.truncated` unless the ciphertext is a
    /// non-empty multiple of the block size.
    public func decrypt(iv: UnsafeRawBufferPointer, ciphertext: UnsafeRawBufferPointer) throws(CryptoError) -> [UInt8] {
        let blockSize = cipher.blockSize
        guard iv.count == blockSize else {
            throw CryptoError(kind: .invalidNonceLength, needed: blockSize, available: iv.count)
        }
        let length = ciphertext.count
        guard length > 0, length % blockSize == 0 else {
            throw CryptoError(kind: .truncated, needed: blockSize, available: length % blockSize)
        }
        try AEADCipher.checkInputLength(length)
        var succeeded = false
        let plaintext = context.withLock { context -> [UInt8] in
            let handle = context.handle
            guard EVP_DecryptInit_ex(handle, nil, nil, nil, iv.bindMemory(to: UInt8.self).baseAddress) == 1 else {
                return []
            }
            return [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
                var written: Int32 = 0
                // SAFETY: without padding a CBC update writes exactly the input's length (whole blocks).
                succeeded = EVP_DecryptUpdate(handle, buffer.baseAddress, &written,
                                              ciphertext.bindMemory(to: UInt8.self).baseAddress, Int32(length)) == 1
                    && Int(written) == length
                count = succeeded ? length : 0
            }
        }
        guard succeeded else { throw CryptoError(kind: .openSSLFailure, openSSLErrors: OpenSSLErrorStack.drain()) }
        return plaintext
    }
}

extension CBCDecryptor {
    /// `decrypt` over array storage.
    public func decrypt(iv: [UInt8], ciphertext: ArraySlice<UInt8>) throws(CryptoError) -> [UInt8] {
        let result: Result<[UInt8], CryptoError> = iv.withUnsafeBytes { iv in
            ciphertext.withUnsafeBytes { ciphertext in
                do throws(CryptoError) { return .success(try decrypt(iv: iv, ciphertext: ciphertext)) } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }
}

/// The context a decryptor owns; freed with it.
private final class CBCHandle: @unchecked Sendable {
    // Only used under the decryptor's mutex.
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { EVP_CIPHER_CTX_free(handle) }
}
