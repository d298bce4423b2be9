import CCastNetShims
import Glibc

/// One IP address configured on an interface, with its prefix length.
public struct InterfaceAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address (for IPv6 link-local, use the interface index as the scope).
    public var address: IPAddress
    /// The network prefix length (24 for a /24).
    public var prefixLength: Int

    /// An address `address/prefixLength`.
    public init(address: IPAddress, prefixLength: Int) {
        self.address = address
        self.prefixLength = prefixLength
    }

    /// `address/prefix`.
    public var description: String { "\(address)/\(prefixLength)" }

    /// True when `ip` is in this address's network (same family, same first `prefixLength` bits).
    public func contains(_ ip: IPAddress) -> Bool {
        switch (address, ip) {
        case (.v4(let mine), .v4(let other)):
            let bits = min(max(prefixLength, 0), 32)
            let mask: UInt32 = bits == 0 ? 0 : ~0 << (32 - bits)
            return mine.value & mask == other.value & mask
        case (.v6(let mine), .v6(let other)):
            let bits = min(max(prefixLength, 0), 128)
            let highMask: UInt64 = bits == 0 ? 0 : bits >= 64 ? ~0 : ~0 << (64 - bits)
            let lowMask: UInt64 = bits <= 64 ? 0 : bits == 128 ? ~0 : ~0 << (128 - bits)
            return mine.high & highMask == other.high & highMask && mine.low & lowMask == other.low & lowMask
        default:
            return false
        }
    }

    /// The IP address of a `getifaddrs` entry; nil for link-layer and other families.
    init?(_ entry: ifaddrs) {
        guard let raw = entry.ifa_addr else { return nil }
        let family = Int32(raw.pointee.sa_family)
        switch family {
        case AF_INET:
            let sin = UnsafeRawPointer(raw).loadUnaligned(as: sockaddr_in.self)
            address = .v4(IPv4Address(UInt32(bigEndian: sin.sin_addr.s_addr)))
            if let mask = entry.ifa_netmask {
                let maskIn = UnsafeRawPointer(mask).loadUnaligned(as: sockaddr_in.self)
                prefixLength = UInt32(bigEndian: maskIn.sin_addr.s_addr).nonzeroBitCount
            } else {
                prefixLength = 32
            }
        case AF_INET6:
            let sin6 = UnsafeRawPointer(raw).loadUnaligned(as: sockaddr_in6.self)
            address = .v6(IPv6Address(inAddr: sin6.sin6_addr))
            if let mask = entry.ifa_netmask {
                let maskIn = UnsafeRawPointer(mask).loadUnaligned(as: sockaddr_in6.self)
                let bits = IPv6Address(inAddr: maskIn.sin6_addr)
                prefixLength = bits.high.nonzeroBitCount + bits.low.nonzeroBitCount
            } else {
                prefixLength = 128
            }
        default:
            return nil
        }
    }
}
