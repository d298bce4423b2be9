/// `CastMessage.ProtocolVersion` (protocol.md §2.3); values the schema does not name are kept, not rejected.
public enum CastProtocolVersion: Sendable, Hashable, CustomStringConvertible {
    /// CASTV2_1_0 = 0: what senders send.
    case castV2_1_0
    /// CASTV2_1_1 = 1: chunking (deprecated).
    case castV2_1_1
    /// CASTV2_1_2 = 2: reworked chunking.
    case castV2_1_2
    /// CASTV2_1_3 = 3: binary payload over utf8.
    case castV2_1_3
    /// Any other value, as received.
    case unknown(Int32)

    /// The value for a wire number.
    public init(rawValue: Int32) {
        switch rawValue {
        case 0: self = .castV2_1_0
        case 1: self = .castV2_1_1
        case 2: self = .castV2_1_2
        case 3: self = .castV2_1_3
        default: self = .unknown(rawValue)
        }
    }

    /// The wire number.
    public var rawValue: Int32 {
        switch self {
        case .castV2_1_0: 0
        case .castV2_1_1: 1
        case .castV2_1_2: 2
        case .castV2_1_3: 3
        case let .unknown(value): value
        }
    }

    /// The .proto name (`CASTV2_1_0`), or the number for unknown values.
    public var description: String {
        switch self {
        case .castV2_1_0: "CASTV2_1_0"
        case .castV2_1_1: "CASTV2_1_1"
        case .castV2_1_2: "CASTV2_1_2"
        case .castV2_1_3: "CASTV2_1_3"
        case let .unknown(value): String(value)
        }
    }
}
