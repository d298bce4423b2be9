/// An append-only byte buffer with big-endian helpers and back-patched length prefixes.
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// An empty writer, optionally reserving room for `capacity` bytes.
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Number of bytes written.
    public var count: Int { bytes.count }

    /// Appends one byte.
    public mutating func writeUInt8(_ value: UInt8) { bytes.append(value) }

    /// Appends a big-endian 16-bit integer.
    public mutating func writeUInt16BE(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends a big-endian 24-bit integer (the low 24 bits of `value`).
    public mutating func writeUInt24BE(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends a big-endian 32-bit integer.
    public mutating func writeUInt32BE(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends a big-endian 64-bit integer.
    public mutating func writeUInt64BE(_ value: UInt64) {
        writeUInt32BE(UInt32(truncatingIfNeeded: value >> 32))
        writeUInt32BE(UInt32(truncatingIfNeeded: value))
    }

    /// Appends raw bytes.
    public mutating func writeBytes<S: Sequence>(_ source: S) where S.Element == UInt8 {
        bytes.append(contentsOf: source)
    }

    /// Appends the UTF-8 encoding of `string`.
    public mutating func writeUTF8(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    /// Overwrites four bytes at `offset` with a big-endian 32-bit integer (for length prefixes written after the body).
    public mutating func setUInt32BE(_ value: UInt32, at offset: Int) {
        precondition(offset >= 0 && offset + 4 <= bytes.count, "setUInt32BE outside the written bytes")
        bytes[offset] = UInt8(truncatingIfNeeded: value >> 24)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 16)
        bytes[offset + 2] = UInt8(truncatingIfNeeded: value >> 8)
        bytes[offset + 3] = UInt8(truncatingIfNeeded: value)
    }
}
