internal import COpenSSL

/// A TLS protocol version castscope speaks; Cast devices use 1.2 and 1.3.
public enum TLSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// TLS 1.2 (RFC 5246).
    case tls12
    /// TLS 1.3 (RFC 8446).
    case tls13

    /// "TLSv1.2" / "TLSv1.3", the spelling OpenSSL and Wireshark use.
    public var description: String { self == .tls12 ? "TLSv1.2" : "TLSv1.3" }

    /// The protocol version number (0x0303 / 0x0304).
    var openSSLValue: Int32 { self == .tls12 ? TLS1_2_VERSION : TLS1_3_VERSION }

    init?(openSSLValue: Int32) {
        switch openSSLValue {
        case TLS1_2_VERSION: self = .tls12
        case TLS1_3_VERSION: self = .tls13
        default: return nil
        }
    }
}
