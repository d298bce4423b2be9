/// Bytes as a dictionary key hashed in one call (an `[UInt8]` key hashes byte by byte) and looked up without a copy:
/// keep `stored` keys, which own their bytes, in long-lived tables.
public struct BytesKey: Hashable, Sendable {
    /// The bytes.
    public let bytes: ArraySlice<UInt8>

    /// A key for `bytes` (a slice into a packet is fine for a look-up).
    public init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    /// A key to keep: the bytes copied out of whatever they point into.
    public var stored: BytesKey { BytesKey(Array(bytes)[...]) }

    public static func == (lhs: BytesKey, rhs: BytesKey) -> Bool { lhs.bytes == rhs.bytes }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
