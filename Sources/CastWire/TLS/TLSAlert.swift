/// A plaintext TLS alert: level and description (RFC 8446 §6).
public struct TLSAlert: Sendable, Hashable, CustomStringConvertible {
    /// 1 = warning, 2 = fatal.
    public var level: UInt8
    /// The alert description code.
    public var code: UInt8
    /// Stream offset of the alert's record header.
    public var offset: Int

    /// Decodes a two-byte alert record.
    public init(_ record: TLSRecord) throws(TLSParseError) {
        guard record.fragment.count == 2 else {
            throw TLSParseError(context: .alert, kind: .malformed(.alertLength(record.fragment.count)),
                                offset: record.fragmentOffset)
        }
        level = record.fragment[0]
        code = record.fragment[1]
        offset = record.offset
    }

    private static let names: [UInt8: String] = [
        0: "close_notify", 10: "unexpected_message", 20: "bad_record_mac", 21: "decryption_failed",
        22: "record_overflow", 30: "decompression_failure", 40: "handshake_failure", 41: "no_certificate",
        42: "bad_certificate", 43: "unsupported_certificate", 44: "certificate_revoked", 45: "certificate_expired",
        46: "certificate_unknown", 47: "illegal_parameter", 48: "unknown_ca", 49: "access_denied",
        50: "decode_error", 51: "decrypt_error", 60: "export_restriction", 70: "protocol_version",
        71: "insufficient_security", 80: "internal_error", 86: "inappropriate_fallback", 90: "user_canceled",
        100: "no_renegotiation", 109: "missing_extension", 110: "unsupported_extension",
        111: "certificate_unobtainable", 112: "unrecognized_name", 113: "bad_certificate_status_response",
        114: "bad_certificate_hash_value", 115: "unknown_psk_identity", 116: "certificate_required",
        120: "no_application_protocol",
    ]

    /// "warning", "fatal", or "level N".
    public var levelName: String {
        switch level {
        case 1: "warning"
        case 2: "fatal"
        default: "level \(level)"
        }
    }

    /// The RFC name of the description ("handshake_failure"), or "unknown(N)".
    public var name: String { Self.names[code] ?? "unknown(\(code))" }

    /// "fatal handshake_failure".
    public var description: String { "\(levelName) \(name)" }
}
