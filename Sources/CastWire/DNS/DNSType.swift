/// A DNS RR TYPE or QTYPE (RFC 1035 §3.2.2, IANA registry); unknown values are kept and shown as `TYPE123` (RFC 3597).
public struct DNSType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The 16-bit wire value.
    public var rawValue: UInt16

    /// Wraps a wire value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// IPv4 address.
    public static let a = DNSType(rawValue: 1)
    /// Authoritative name server.
    public static let ns = DNSType(rawValue: 2)
    /// Canonical name.
    public static let cname = DNSType(rawValue: 5)
    /// Domain name pointer (DNS-SD browse answers).
    public static let ptr = DNSType(rawValue: 12)
    /// Host information.
    public static let hinfo = DNSType(rawValue: 13)
    /// Text strings (DNS-SD key=value attributes).
    public static let txt = DNSType(rawValue: 16)
    /// IPv6 address.
    public static let aaaa = DNSType(rawValue: 28)
    /// Service location.
    public static let srv = DNSType(rawValue: 33)
    /// EDNS0 pseudo-record.
    public static let opt = DNSType(rawValue: 41)
    /// Next secure record (mDNS negative answers, RFC 6762 §6.1).
    public static let nsec = DNSType(rawValue: 47)
    /// Any type (question only).
    public static let any = DNSType(rawValue: 255)

    /// The mnemonic, or `TYPE<n>` for types without one here.
    public var description: String { mnemonic.map { $0.description } ?? "TYPE\(rawValue)" }

    /// The mnemonic as a literal (no String made: JSON output writes it this way), nil for types without one here.
    public var mnemonic: StaticString? {
        switch rawValue {
        case 1: "A"
        case 2: "NS"
        case 5: "CNAME"
        case 12: "PTR"
        case 13: "HINFO"
        case 16: "TXT"
        case 28: "AAAA"
        case 33: "SRV"
        case 41: "OPT"
        case 47: "NSEC"
        case 255: "ANY"
        default: nil
        }
    }
}
