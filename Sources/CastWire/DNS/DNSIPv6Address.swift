/// The address in an AAAA record, kept as two big-endian halves.
public struct DNSIPv6Address: Sendable, Hashable, CustomStringConvertible {
    /// The first 8 bytes in network byte order.
    public var high: UInt64
    /// The last 8 bytes in network byte order.
    public var low: UInt64

    /// Wraps two big-endian halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Builds an address from 16 bytes; nil for any other count.
    public init?<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8 {
        guard bytes.count == 16 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.high = high
        self.low = low
    }

    /// The eight 16-bit groups, most significant first.
    public var groups: [UInt16] {
        (0..<8).map { index in
            let half = index < 4 ? high : low
            return UInt16(truncatingIfNeeded: half >> (UInt64(3 - index % 4) * 16))
        }
    }

    /// The 16 bytes in wire order.
    public var bytes: [UInt8] {
        (0..<16).map { index in
            let half = index < 8 ? high : low
            return UInt8(truncatingIfNeeded: half >> (UInt64(7 - index % 8) * 8))
        }
    }

    /// RFC 5952 text: lower-case hex, leading zeros dropped, the longest run (≥ 2) of zero groups as `::`.
    public var description: String {
        let groups = self.groups
        var bestStart = -1
        var bestLength = 0
        var index = 0
        while index < 8 {
            if groups[index] == 0 {
                var end = index
                while end < 8, groups[end] == 0 { end += 1 }
                if end - index > bestLength, end - index >= 2 {
                    bestStart = index
                    bestLength = end - index
                }
                index = end
            } else {
                index += 1
            }
        }
        var out = ""
        index = 0
        while index < 8 {
            if index == bestStart {
                out += "::"
                index += bestLength
                continue
            }
            if !out.isEmpty, !out.hasSuffix(":") { out += ":" }
            out += String(groups[index], radix: 16)
            index += 1
        }
        return out
    }
}
