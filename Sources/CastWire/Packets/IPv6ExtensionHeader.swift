/// One IPv6 extension header that was skipped on the way to the upper-layer protocol.
public struct IPv6ExtensionHeader: Sendable, Hashable {
    /// The header's own type (the next-header value that announced it): 0, 43, 44, 51, 60...
    public var headerType: UInt8
    /// The next-header value it carries.
    public var nextHeader: UInt8
    /// Offset of the header from the start of the packet.
    public var offset: Int
    /// Length in bytes, including the two type/length bytes.
    public var length: Int

    /// Hop-by-hop options.
    public static let hopByHop: UInt8 = 0
    /// Routing header.
    public static let routing: UInt8 = 43
    /// Fragment header.
    public static let fragment: UInt8 = 44
    /// Authentication header (length in 4-byte units).
    public static let authentication: UInt8 = 51
    /// Destination options.
    public static let destinationOptions: UInt8 = 60
    /// Headers with the generic (length + 1) × 8 layout that the walker skips: hop-by-hop, routing,
    /// destination options, mobility, HIP, shim6.
    public static let genericTypes: Set<UInt8> = [0, 43, 60, 135, 139, 140]

    /// A readable name ("Hop-by-Hop Options").
    public var name: String {
        switch headerType {
        case Self.hopByHop: "Hop-by-Hop Options"
        case Self.routing: "Routing"
        case Self.fragment: "Fragment"
        case Self.authentication: "Authentication Header"
        case Self.destinationOptions: "Destination Options"
        default: "Extension \(headerType)"
        }
    }
}
