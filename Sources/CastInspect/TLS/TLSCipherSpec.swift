import CastTLS
import CastWire

/// What the inspector needs to know about a cipher suite to decrypt it: the record protection, the PRF / HKDF
/// hash, the TLS version family. The key exchange does not matter — RSA, (EC)DHE and PSK sessions all come with
/// their master secret (CLIENT_RANDOM) or traffic secrets in the key log.
struct TLSCipherSpec: Sendable, Hashable {
    /// How records are protected.
    enum Protection: Sendable, Hashable {
        case aead(AEADCipher)
        /// A block cipher in CBC mode with an HMAC (MAC-then-encrypt, or encrypt-then-MAC per RFC 7366).
        case cbc(CBCCipher, mac: HashFunction)
    }

    var protection: Protection
    /// The PRF / HKDF hash (TLS 1.2 and 1.3); TLS 1.0 and 1.1 use MD5+SHA-1 instead.
    var hash: HashFunction
    /// True for the TLS 1.3 suites.
    var isTLS13: Bool

    /// The spec for `suite`, or nil when the inspector cannot decrypt it (`unsupportedReason` says why).
    init?(_ suite: TLSCipherSuite) {
        guard let (protection, hash) = Self.table[suite.rawValue] else { return nil }
        self.protection = protection
        self.hash = hash
        isTLS13 = (0x1301...0x1305).contains(suite.rawValue)
    }

    /// The AEAD cipher, for AEAD suites.
    var cipher: AEADCipher? {
        if case .aead(let cipher) = protection { return cipher }
        return nil
    }

    /// TLS 1.2 fixed IV length: 4 bytes of salt for GCM and CCM (RFC 5288, RFC 6655), the whole 12-byte nonce for
    /// ChaCha20 (RFC 7905); CBC records carry their IV (TLS 1.1+) or chain it (TLS 1.0: a block from the key block).
    var tls12FixedIVLength: Int {
        switch protection {
        case .aead(let cipher): cipher == .chaCha20Poly1305 ? 12 : 4
        case .cbc(let cipher, _): cipher.blockSize
        }
    }

    /// Why `suite` is not decrypted: the bulk cipher castscope lacks, named.
    static func unsupportedReason(_ suite: TLSCipherSuite) -> String {
        let name = suite.description
        let bulk = ["RC4", "CAMELLIA", "ARIA", "SEED", "IDEA", "DES40", "DES", "NULL", "GOST", "SM4", "KUZNYECHIK"]
            .first { name.contains($0) }
        return "cipher suite \(name) is not decrypted by castscope" + (bulk.map { " (its \($0) cipher)" } ?? "")
            + "; castscope decrypts AES-GCM, AES-CCM, ChaCha20-Poly1305, AES-CBC and 3DES-CBC suites"
    }

    private static let aes128GCM: [UInt16] = [
        0x009C, 0x009E, 0x00A0, 0x00A2, 0x00A4, 0x00A6, 0x00A8, 0x00AA, 0x00AC, 0xC02B, 0xC02D, 0xC02F, 0xC031, 0xD001,
    ]
    private static let aes256GCM: [UInt16] = [
        0x009D, 0x009F, 0x00A1, 0x00A3, 0x00A5, 0x00A7, 0x00A9, 0x00AB, 0x00AD, 0xC02C, 0xC02E, 0xC030, 0xC032, 0xD002,
    ]
    private static let chaCha: [UInt16] = [0xCCA8, 0xCCA9, 0xCCAA, 0xCCAB, 0xCCAC, 0xCCAD, 0xCCAE]
    private static let aes128CCM: [UInt16] = [0xC09C, 0xC09E, 0xC0A4, 0xC0A6, 0xC0AC, 0xD005]
    private static let aes256CCM: [UInt16] = [0xC09D, 0xC09F, 0xC0A5, 0xC0A7, 0xC0AD]
    private static let aes128CCM8: [UInt16] = [0xC0A0, 0xC0A2, 0xC0A8, 0xC0AA, 0xC0AE, 0xD003]
    private static let aes256CCM8: [UInt16] = [0xC0A1, 0xC0A3, 0xC0A9, 0xC0AB, 0xC0AF]
    private static let aes128SHA: [UInt16] = [
        0x002F, 0x0030, 0x0031, 0x0032, 0x0033, 0x0034, 0x008C, 0x0090, 0x0094, 0xC004, 0xC009, 0xC00E, 0xC013, 0xC018,
        0xC035,
    ]
    private static let aes256SHA: [UInt16] = [
        0x0035, 0x0036, 0x0037, 0x0038, 0x0039, 0x003A, 0x008D, 0x0091, 0x0095, 0xC005, 0xC00A, 0xC00F, 0xC014, 0xC019,
        0xC036,
    ]
    private static let aes128SHA256: [UInt16] = [
        0x003C, 0x003E, 0x003F, 0x0040, 0x0067, 0x006C, 0x00AE, 0x00B2, 0x00B6, 0xC023, 0xC025, 0xC027, 0xC029, 0xC037,
    ]
    private static let aes256SHA256: [UInt16] = [0x003D, 0x0068, 0x0069, 0x006A, 0x006B, 0x006D]
    private static let aes256SHA384: [UInt16] = [0x00AF, 0x00B3, 0x00B7, 0xC024, 0xC026, 0xC028, 0xC02A, 0xC038]
    private static let tripleDESSHA: [UInt16] = [
        0x000A, 0x000D, 0x0010, 0x0013, 0x0016, 0x001B, 0x008B, 0x008F, 0x0093, 0xC003, 0xC008, 0xC00D, 0xC012, 0xC017,
        0xC034,
    ]

    /// Code point → (protection, PRF hash), from the IANA TLS Cipher Suites registry.
    private static let table: [UInt16: (Protection, HashFunction)] = {
        var table: [UInt16: (Protection, HashFunction)] = [
            0x1301: (.aead(.aes128GCM), .sha256), 0x1302: (.aead(.aes256GCM), .sha384),
            0x1303: (.aead(.chaCha20Poly1305), .sha256), 0x1304: (.aead(.aes128CCM), .sha256),
            0x1305: (.aead(.aes128CCM8), .sha256),
        ]
        let groups: [([UInt16], Protection, HashFunction)] = [
            (aes128GCM, .aead(.aes128GCM), .sha256), (aes256GCM, .aead(.aes256GCM), .sha384),
            (chaCha, .aead(.chaCha20Poly1305), .sha256),
            (aes128CCM, .aead(.aes128CCM), .sha256), (aes256CCM, .aead(.aes256CCM), .sha256),
            (aes128CCM8, .aead(.aes128CCM8), .sha256), (aes256CCM8, .aead(.aes256CCM8), .sha256),
            (aes128SHA, .cbc(.aes128, mac: .sha1), .sha256), (aes256SHA, .cbc(.aes256, mac: .sha1), .sha256),
            (aes128SHA256, .cbc(.aes128, mac: .sha256), .sha256), (aes256SHA256, .cbc(.aes256, mac: .sha256), .sha256),
            (aes256SHA384, .cbc(.aes256, mac: .sha384), .sha384), (tripleDESSHA, .cbc(.tripleDES, mac: .sha1), .sha256),
        ]
        for (codes, protection, hash) in groups {
            for code in codes { table[code] = (protection, hash) }
        }
        return table
    }()
}
