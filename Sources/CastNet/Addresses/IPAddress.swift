/// An IPv4 or IPv6 address.
public enum IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// An IPv4 address.
    case v4(IPv4Address)
    /// An IPv6 address.
    case v6(IPv6Address)

    /// Parses either form (without port, brackets or zone); nil when it is neither.
    public init?(_ text: String) {
        if let v4 = IPv4Address(text) {
            self = .v4(v4)
        } else if let v6 = IPv6Address(text) {
            self = .v6(v6)
        } else {
            return nil
        }
    }

    /// True for IPv4 224.0.0.0/4 or IPv6 ff00::/8.
    public var isMulticast: Bool {
        switch self {
        case .v4(let address): return address.isMulticast
        case .v6(let address): return address.isMulticast
        }
    }

    /// True for 127.0.0.0/8 or ::1.
    public var isLoopback: Bool {
        switch self {
        case .v4(let address): return address.isLoopback
        case .v6(let address): return address.isLoopback
        }
    }

    /// True for IPv4 addresses.
    public var isIPv4: Bool {
        if case .v4 = self { return true }
        return false
    }

    /// The usual text form.
    public var description: String {
        switch self {
        case .v4(let address): return address.description
        case .v6(let address): return address.description
        }
    }
}
