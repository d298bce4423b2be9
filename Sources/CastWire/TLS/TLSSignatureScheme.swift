/// A TLS signature scheme (signature_algorithms) with names for the common ones.
public struct TLSSignatureScheme: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The two-byte code point.
    public let rawValue: UInt16

    /// A scheme from its code point.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// RFC 8446 §4.2.3 names, plus the TLS 1.2 hash/signature pairs still offered.
    static let names: [UInt16: String] = [
        0x0201: "rsa_pkcs1_sha1", 0x0203: "ecdsa_sha1", 0x0301: "rsa_pkcs1_sha224", 0x0303: "ecdsa_sha224",
        0x0401: "rsa_pkcs1_sha256", 0x0501: "rsa_pkcs1_sha384", 0x0601: "rsa_pkcs1_sha512",
        0x0403: "ecdsa_secp256r1_sha256", 0x0503: "ecdsa_secp384r1_sha384", 0x0603: "ecdsa_secp521r1_sha512",
        0x0804: "rsa_pss_rsae_sha256", 0x0805: "rsa_pss_rsae_sha384", 0x0806: "rsa_pss_rsae_sha512",
        0x0807: "ed25519", 0x0808: "ed448",
        0x0809: "rsa_pss_pss_sha256", 0x080A: "rsa_pss_pss_sha384", 0x080B: "rsa_pss_pss_sha512",
        0x081A: "ecdsa_brainpoolP256r1tls13_sha256", 0x081B: "ecdsa_brainpoolP384r1tls13_sha384",
        0x081C: "ecdsa_brainpoolP512r1tls13_sha512",
    ]

    /// The RFC name, "GREASE", or "0xXXXX".
    public var description: String { TLSNameTable.name(rawValue, in: Self.names) }
}
