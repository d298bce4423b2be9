import CastTLS
import CastWire

/// What the inspector needs to know about a cipher suite to decrypt it: AEAD, hash, TLS version family.
struct TLSCipherSpec: Sendable, Hashable {
    /// The record AEAD.
    var cipher: AEADCipher
    /// The PRF / HKDF hash.
    var hash: HashFunction
    /// True for the TLS 1.3 suites.
    var isTLS13: Bool

    /// The spec for `suite`, or nil when the inspector cannot decrypt it (CBC, RSA key exchange still decrypts
    /// with CLIENT_RANDOM, so only the AEAD matters).
    init?(_ suite: TLSCipherSuite) {
        switch suite.rawValue {
        case 0x1301: (cipher, hash, isTLS13) = (.aes128GCM, .sha256, true)
        case 0x1302: (cipher, hash, isTLS13) = (.aes256GCM, .sha384, true)
        case 0x1303: (cipher, hash, isTLS13) = (.chaCha20Poly1305, .sha256, true)
        case 0xC02B, 0xC02F, 0x009C, 0x009E: (cipher, hash, isTLS13) = (.aes128GCM, .sha256, false)
        case 0xC02C, 0xC030, 0x009D, 0x009F: (cipher, hash, isTLS13) = (.aes256GCM, .sha384, false)
        case 0xCCA8, 0xCCA9, 0xCCAA: (cipher, hash, isTLS13) = (.chaCha20Poly1305, .sha256, false)
        default: return nil
        }
    }

    /// TLS 1.2 fixed IV length: 4 bytes of salt for GCM (RFC 5288), the whole 12-byte nonce for ChaCha20 (RFC 7905).
    var tls12FixedIVLength: Int { cipher == .chaCha20Poly1305 ? 12 : 4 }
}
