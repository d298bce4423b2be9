/// `cast.channel.SignatureAlgorithm` (protocol.md §2.3); unnamed values are kept.
public enum SignatureAlgorithm: Sendable, Hashable, CustomStringConvertible {
    /// UNSPECIFIED = 0.
    case unspecified
    /// RSASSA_PKCS1v15 = 1, the proto2 default.
    case rsassaPKCS1v15
    /// RSASSA_PSS = 2.
    case rsassaPSS
    /// Any other value, as received.
    case unknown(Int32)

    /// The value for a wire number.
    public init(rawValue: Int32) {
        switch rawValue {
        case 0: self = .unspecified
        case 1: self = .rsassaPKCS1v15
        case 2: self = .rsassaPSS
        default: self = .unknown(rawValue)
        }
    }

    /// The wire number.
    public var rawValue: Int32 {
        switch self {
        case .unspecified: 0
        case .rsassaPKCS1v15: 1
        case .rsassaPSS: 2
        case let .unknown(value): value
        }
    }

    /// The .proto name, or the number for unknown values.
    public var description: String {
        switch self {
        case .unspecified: "UNSPECIFIED"
        case .rsassaPKCS1v15: "RSASSA_PKCS1v15"
        case .rsassaPSS: "RSASSA_PSS"
        case let .unknown(value): String(value)
        }
    }
}
