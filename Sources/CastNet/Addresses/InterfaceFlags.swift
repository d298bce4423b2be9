import CCastNetShims
import Glibc

/// The `IFF_*` flags of an interface that matter for discovery.
public struct InterfaceFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The `ifa_flags` bits.
    public var rawValue: UInt32

    /// Flags from `ifa_flags` bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// IFF_UP: administratively up.
    public static let up = InterfaceFlags(rawValue: UInt32(IFF_UP))
    /// IFF_BROADCAST.
    public static let broadcast = InterfaceFlags(rawValue: UInt32(IFF_BROADCAST))
    /// IFF_LOOPBACK.
    public static let loopback = InterfaceFlags(rawValue: UInt32(IFF_LOOPBACK))
    /// IFF_POINTOPOINT.
    public static let pointToPoint = InterfaceFlags(rawValue: UInt32(IFF_POINTOPOINT))
    /// IFF_RUNNING: the link is operational.
    public static let running = InterfaceFlags(rawValue: UInt32(IFF_RUNNING))
    /// IFF_MULTICAST: the interface does multicast; mDNS needs it.
    public static let multicast = InterfaceFlags(rawValue: UInt32(IFF_MULTICAST))

    /// The set names in `ip link` order, comma-separated: `UP,LOOPBACK,RUNNING`.
    public var description: String {
        let names: [(InterfaceFlags, String)] = [
            (.broadcast, "BROADCAST"), (.pointToPoint, "POINTOPOINT"), (.loopback, "LOOPBACK"),
            (.multicast, "MULTICAST"), (.up, "UP"), (.running, "RUNNING"),
        ]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: ",")
    }
}
