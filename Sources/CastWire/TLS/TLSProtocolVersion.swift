/// A TLS protocol version code point (legacy_version, record version, supported_versions entries).
public struct TLSProtocolVersion: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The two version bytes as one number (0x0303 = TLS 1.2).
    public let rawValue: UInt16

    /// A version from its code point.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// SSL 3.0.
    public static let ssl30 = TLSProtocolVersion(rawValue: 0x0300)
    /// TLS 1.0.
    public static let tls10 = TLSProtocolVersion(rawValue: 0x0301)
    /// TLS 1.1.
    public static let tls11 = TLSProtocolVersion(rawValue: 0x0302)
    /// TLS 1.2.
    public static let tls12 = TLSProtocolVersion(rawValue: 0x0303)
    /// TLS 1.3.
    public static let tls13 = TLSProtocolVersion(rawValue: 0x0304)

    /// "TLS 1.2", "GREASE", "TLS 1.3 draft 28", or "0xXXXX".
    public var description: String {
        switch rawValue {
        case 0x0300: return "SSL 3.0"
        case 0x0301: return "TLS 1.0"
        case 0x0302: return "TLS 1.1"
        case 0x0303: return "TLS 1.2"
        case 0x0304: return "TLS 1.3"
        case 0x7F00...0x7FFF: return "TLS 1.3 draft \(rawValue & 0xFF)"
        default: return TLSNameTable.name(rawValue, in: [:])
        }
    }
}
