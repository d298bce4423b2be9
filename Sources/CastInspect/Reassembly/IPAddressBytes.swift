import CastWire

/// An IPv4 or IPv6 address kept inline, so a packet's two endpoints cost no allocation (they were two arrays per
/// packet, made on the inspector's thread and often freed on another).
///
/// The bytes are packed big-endian, the first eight in `high` and the rest in `low` (an IPv4 address fills the top
/// four bytes of `high`), so equality, hashing and ordering are a few word operations, and the order is the bytes'
/// lexicographic order (a shorter address before a longer one it begins).
struct IPAddressBytes: Hashable, Comparable, Sendable {
    private let high: UInt64
    private let low: UInt64
    /// How many bytes: 4 or 16 (at most 16 are kept).
    let count: Int

    /// The address in `bytes` (its first 16 bytes).
    init(_ bytes: [UInt8]) {
        self.init(storage: bytes, range: bytes.indices)
    }

    /// The bytes of `storage` in `range` (a header view's address field, read where it lies; at most 16).
    init(storage: [UInt8], range: Range<Int>) {
        let start = range.lowerBound
        let kept = start < 0 ? 0 : max(0, min(range.count, 16, storage.count - start))
        var high: UInt64 = 0, low: UInt64 = 0
        storage.withUnsafeBytes { raw in
            // SAFETY: start + kept <= storage.count (kept is clamped to it).
            switch kept {
            case 4: high = UInt64(UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt32.self))) << 32
            case 16:
                high = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
                low = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
            default:
                for index in 0..<kept {
                    let byte = UInt64(raw[start + index])
                    if index < 8 {
                        high |= byte << (56 - 8 * UInt64(index))
                    } else {
                        low |= byte << (56 - 8 * UInt64(index - 8))
                    }
                }
            }
        }
        (self.high, self.low, self.count) = (high, low, kept)
    }

    /// The source and destination addresses of an IPv4 or IPv6 header.
    static func endpoints(of network: PacketNetworkHeader) -> (source: IPAddressBytes, destination: IPAddressBytes) {
        switch network {
        case .ipv4(let view):
            (IPAddressBytes(storage: view.storage, range: view.sourceRange),
             IPAddressBytes(storage: view.storage, range: view.destinationRange))
        case .ipv6(let view):
            (IPAddressBytes(storage: view.storage, range: view.sourceRange),
             IPAddressBytes(storage: view.storage, range: view.destinationRange))
        }
    }

    /// The byte at `index` (0 ..< count).
    subscript(index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: index < 8 ? high >> (56 - 8 * UInt64(index)) : low >> (56 - 8 * UInt64(index - 8)))
    }

    /// The address as an array of its bytes.
    var bytes: [UInt8] { (0..<count).map { self[$0] } }

    /// The mDNS multicast groups, 224.0.0.251 and ff02::fb (RFC 6762 §3).
    static let mdnsIPv4 = IPAddressBytes([224, 0, 0, 251])
    static let mdnsIPv6 = IPAddressBytes([0xFF, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFB])

    static func < (lhs: IPAddressBytes, rhs: IPAddressBytes) -> Bool {
        (lhs.high, lhs.low, lhs.count) < (rhs.high, rhs.low, rhs.count)
    }
}
