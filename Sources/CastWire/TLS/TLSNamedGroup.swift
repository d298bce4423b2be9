/// A TLS named group (supported_groups / key_share) with names for the common ones.
public struct TLSNamedGroup: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The two-byte code point.
    public let rawValue: UInt16

    /// A group from its code point.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// x25519.
    public static let x25519 = TLSNamedGroup(rawValue: 0x001D)
    /// secp256r1.
    public static let secp256r1 = TLSNamedGroup(rawValue: 0x0017)

    /// IANA names (RFC 8446 §4.2.7, RFC 7919, RFC 8734, the hybrid post-quantum drafts).
    static let names: [UInt16: String] = [
        0x0017: "secp256r1", 0x0018: "secp384r1", 0x0019: "secp521r1",
        0x001A: "brainpoolP256r1", 0x001B: "brainpoolP384r1", 0x001C: "brainpoolP512r1",
        0x001D: "x25519", 0x001E: "x448",
        0x001F: "brainpoolP256r1tls13", 0x0020: "brainpoolP384r1tls13", 0x0021: "brainpoolP512r1tls13",
        0x0100: "ffdhe2048", 0x0101: "ffdhe3072", 0x0102: "ffdhe4096", 0x0103: "ffdhe6144", 0x0104: "ffdhe8192",
        0x0200: "MLKEM512", 0x0201: "MLKEM768", 0x0202: "MLKEM1024",
        0x11EB: "SecP256r1MLKEM768", 0x11EC: "X25519MLKEM768", 0x11ED: "SecP384r1MLKEM1024",
        0x6399: "X25519Kyber768Draft00",
    ]

    /// The IANA name, "GREASE", or "0xXXXX".
    public var description: String { TLSNameTable.name(rawValue, in: Self.names) }
}
