/// A TLS alert description (RFC 8446 §6, RFC 5246 §7.2), named the way the RFCs spell it.
public struct TLSAlert: Sendable, Hashable, CustomStringConvertible {
    /// The AlertDescription byte.
    public var code: UInt8

    /// Wraps an alert byte.
    public init(code: UInt8) { self.code = code }

    /// close_notify (0).
    public static let closeNotify = TLSAlert(code: 0)
    /// handshake_failure (40): no shared cipher suite or parameters.
    public static let handshakeFailure = TLSAlert(code: 40)
    /// protocol_version (70): the peer's version range does not overlap ours.
    public static let protocolVersion = TLSAlert(code: 70)
    /// decode_error (50).
    public static let decodeError = TLSAlert(code: 50)
    /// unexpected_message (10).
    public static let unexpectedMessage = TLSAlert(code: 10)
    /// no_application_protocol (120).
    public static let noApplicationProtocol = TLSAlert(code: 120)

    /// The RFC name, e.g. "protocol_version"; "alert_<n>" for codes no RFC names.
    public var name: String { Self.names[code] ?? "alert_\(code)" }

    /// `name (code)`.
    public var description: String { "\(name) (\(code))" }

    private static let names: [UInt8: String] = [
        0: "close_notify", 10: "unexpected_message", 20: "bad_record_mac", 21: "decryption_failed",
        22: "record_overflow", 30: "decompression_failure", 40: "handshake_failure", 41: "no_certificate",
        42: "bad_certificate", 43: "unsupported_certificate", 44: "certificate_revoked", 45: "certificate_expired",
        46: "certificate_unknown", 47: "illegal_parameter", 48: "unknown_ca", 49: "access_denied", 50: "decode_error",
        51: "decrypt_error", 60: "export_restriction", 70: "protocol_version", 71: "insufficient_security",
        80: "internal_error", 86: "inappropriate_fallback", 90: "user_canceled", 100: "no_renegotiation",
        109: "missing_extension", 110: "unsupported_extension", 111: "certificate_unobtainable",
        112: "unrecognized_name", 113: "bad_certificate_status_response", 114: "bad_certificate_hash_value",
        115: "unknown_psk_identity", 116: "certificate_required", 120: "no_application_protocol",
    ]
}
