/// A TLS extension type code point with IANA names for the common ones.
public struct TLSExtensionType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The two-byte code point.
    public let rawValue: UInt16

    /// A type from its code point.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// server_name (SNI, RFC 6066).
    public static let serverName = TLSExtensionType(rawValue: 0)
    /// supported_groups (RFC 8422/8446).
    public static let supportedGroups = TLSExtensionType(rawValue: 10)
    /// signature_algorithms.
    public static let signatureAlgorithms = TLSExtensionType(rawValue: 13)
    /// application_layer_protocol_negotiation (RFC 7301).
    public static let alpn = TLSExtensionType(rawValue: 16)
    /// supported_versions (RFC 8446).
    public static let supportedVersions = TLSExtensionType(rawValue: 43)
    /// key_share (RFC 8446).
    public static let keyShare = TLSExtensionType(rawValue: 51)

    static let names: [UInt16: String] = [
        0: "server_name", 1: "max_fragment_length", 5: "status_request", 10: "supported_groups",
        11: "ec_point_formats", 13: "signature_algorithms", 14: "use_srtp", 15: "heartbeat",
        16: "application_layer_protocol_negotiation", 18: "signed_certificate_timestamp", 21: "padding",
        22: "encrypt_then_mac", 23: "extended_master_secret", 27: "compress_certificate", 28: "record_size_limit",
        35: "session_ticket", 41: "pre_shared_key", 42: "early_data", 43: "supported_versions", 44: "cookie",
        45: "psk_key_exchange_modes", 47: "certificate_authorities", 49: "post_handshake_auth",
        50: "signature_algorithms_cert", 51: "key_share", 57: "quic_transport_parameters",
        0x4469: "application_settings", 0xFE0D: "encrypted_client_hello", 0xFF01: "renegotiation_info",
    ]

    /// The IANA name, "GREASE", or "0xXXXX".
    public var description: String { TLSNameTable.name(rawValue, in: Self.names) }
}
