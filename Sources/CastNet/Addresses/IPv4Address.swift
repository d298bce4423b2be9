import CCastNetShims
import Glibc

/// An IPv4 address, stored in host byte order.
public struct IPv4Address: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The address as a host-order integer: 127.0.0.1 is 0x7F00_0001.
    public var value: UInt32

    /// The address with host-order `value`.
    public init(_ value: UInt32) { self.value = value }

    /// The address `a.b.c.d`.
    public init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
        value = UInt32(a) << 24 | UInt32(b) << 16 | UInt32(c) << 8 | UInt32(d)
    }

    /// Parses dotted-quad text (`inet_pton`); nil when it is not exactly four decimal octets.
    public init?(_ text: String) {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        value = UInt32(bigEndian: address.s_addr)
    }

    /// 127.0.0.1.
    public static let loopback = IPv4Address(127, 0, 0, 1)
    /// 0.0.0.0, "any local address" for bind.
    public static let any = IPv4Address(0)
    /// 224.0.0.251, the mDNS group (RFC 6762 §3).
    public static let mDNSGroup = IPv4Address(224, 0, 0, 251)

    /// The four octets, most significant first.
    public var octets: [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// True for 224.0.0.0/4.
    public var isMulticast: Bool { value >> 28 == 0xE }
    /// True for 127.0.0.0/8.
    public var isLoopback: Bool { value >> 24 == 127 }
    /// True for 169.254.0.0/16.
    public var isLinkLocal: Bool { value >> 16 == 0xA9FE }

    /// The C form (network byte order).
    var inAddr: in_addr { in_addr(s_addr: value.bigEndian) }

    /// Dotted-quad text.
    public var description: String { octets.map(String.init).joined(separator: ".") }

    /// Numeric order.
    public static func < (lhs: IPv4Address, rhs: IPv4Address) -> Bool { lhs.value < rhs.value }
}
