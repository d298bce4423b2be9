/// The address in an A record, kept as its four bytes in a big-endian integer.
public struct DNSIPv4Address: Sendable, Hashable, CustomStringConvertible {
    /// The address in network byte order (10.0.0.1 is 0x0A00_0001).
    public var value: UInt32

    /// Wraps a big-endian value.
    public init(_ value: UInt32) { self.value = value }

    /// Builds an address from its dotted parts.
    public init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
        value = UInt32(a) << 24 | UInt32(b) << 16 | UInt32(c) << 8 | UInt32(d)
    }

    /// Parses dotted-quad text; nil unless four decimal parts 0…255.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII), let byte = UInt8(part) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        self.value = value
    }

    /// The four bytes in wire order.
    public var bytes: [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
         UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// Dotted-quad text.
    public var description: String {
        "\(value >> 24).\(value >> 16 & 0xFF).\(value >> 8 & 0xFF).\(value & 0xFF)"
    }
}
