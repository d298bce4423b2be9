/// A DNS CLASS without the mDNS top bit (RFC 6762 §10.2, §5.4 reuse it for cache-flush and unicast-response).
public struct DNSClass: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The wire value (for OPT records the full 16-bit UDP payload size).
    public var rawValue: UInt16

    /// Wraps a wire value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The Internet class.
    public static let internet = DNSClass(rawValue: 1)
    /// Any class (question only).
    public static let any = DNSClass(rawValue: 255)

    /// The mnemonic, or `CLASS<n>` (RFC 3597).
    public var description: String { mnemonic.map { $0.description } ?? "CLASS\(rawValue)" }

    /// The mnemonic as a literal, nil for classes without one here.
    public var mnemonic: StaticString? {
        switch rawValue {
        case 1: "IN"
        case 3: "CH"
        case 4: "HS"
        case 254: "NONE"
        case 255: "ANY"
        default: nil
        }
    }
}
