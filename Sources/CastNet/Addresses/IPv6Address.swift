import CCastNetShims
import Glibc

/// An IPv6 address as its 16 bytes in network order.
public struct IPv6Address: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The high 64 bits (bytes 0–7, big-endian).
    public var high: UInt64
    /// The low 64 bits (bytes 8–15, big-endian).
    public var low: UInt64

    /// The address whose 128 bits are `high` then `low`.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The address with these 16 bytes; nil when `bytes` is not 16 long.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 16 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.init(high: high, low: low)
    }

    /// Parses RFC 4291 §2.2 text (`inet_pton`), without a zone; nil when it is not an IPv6 address.
    public init?(_ text: String) {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        self.init(inAddr: address)
    }

    /// The address in a C `in6_addr`.
    init(inAddr: in6_addr) {
        let bytes = withUnsafeBytes(of: inAddr) { Array($0) }
        // SAFETY: in6_addr is exactly 16 bytes.
        self.init(high: 0, low: 0)
        for index in 0..<8 { high = high << 8 | UInt64(bytes[index]) }
        for index in 8..<16 { low = low << 8 | UInt64(bytes[index]) }
    }

    /// ::1.
    public static let loopback = IPv6Address(high: 0, low: 1)
    /// ::, "any local address" for bind.
    public static let any = IPv6Address(high: 0, low: 0)
    /// ff02::fb, the mDNS link-local group (RFC 6762 §3).
    public static let mDNSGroup = IPv6Address(high: 0xFF02_0000_0000_0000, low: 0xFB)

    /// The 16 bytes, network order.
    public var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64($0))) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64($0))) }
    }

    /// True for ff00::/8.
    public var isMulticast: Bool { high >> 56 == 0xFF }
    /// True for ::1.
    public var isLoopback: Bool { high == 0 && low == 1 }
    /// True for fe80::/10, whose use needs a scope (interface).
    public var isLinkLocal: Bool { high >> 54 == 0x3FA }

    /// The C form.
    var inAddr: in6_addr {
        var address = in6_addr()
        let bytes = self.bytes
        withUnsafeMutableBytes(of: &address) { raw in
            for index in 0..<16 { raw[index] = bytes[index] }
        }
        return address
    }

    /// RFC 5952 text (`inet_ntop`).
    public var description: String {
        var address = inAddr
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return "::?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Numeric order of the 128 bits.
    public static func < (lhs: IPv6Address, rhs: IPv6Address) -> Bool { (lhs.high, lhs.low) < (rhs.high, rhs.low) }
}
