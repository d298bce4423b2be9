/// `cast.channel.HashAlgorithm` (protocol.md §2.3); unnamed values are kept.
public enum HashAlgorithm: Sendable, Hashable, CustomStringConvertible {
    /// SHA1 = 0, the proto2 default.
    case sha1
    /// SHA256 = 1, what current senders request.
    case sha256
    /// Any other value, as received.
    case unknown(Int32)

    /// The value for a wire number.
    public init(rawValue: Int32) {
        switch rawValue {
        case 0: self = .sha1
        case 1: self = .sha256
        default: self = .unknown(rawValue)
        }
    }

    /// The wire number.
    public var rawValue: Int32 {
        switch self {
        case .sha1: 0
        case .sha256: 1
        case let .unknown(value): value
        }
    }

    /// The .proto name, or the number for unknown values.
    public var description: String {
        switch self {
        case .sha1: "SHA1"
        case .sha256: "SHA256"
        case let .unknown(value): String(value)
        }
    }
}
