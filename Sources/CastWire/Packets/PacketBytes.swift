// Unchecked big-endian loads for header views. Every caller has validated the index range in its initializer;
// Swift's array bounds checks still apply, so a mistake traps instead of reading out of bounds.
extension Array where Element == UInt8 {
    /// The big-endian 16-bit value at `index`.
    @inline(__always) func packetUInt16(at index: Int) -> UInt16 {
        UInt16(self[index]) << 8 | UInt16(self[index + 1])
    }

    /// The big-endian 32-bit value at `index`.
    @inline(__always) func packetUInt32(at index: Int) -> UInt32 {
        UInt32(self[index]) << 24 | UInt32(self[index + 1]) << 16 | UInt32(self[index + 2]) << 8
            | UInt32(self[index + 3])
    }

    /// The little-endian 32-bit value at `index`.
    @inline(__always) func packetUInt32LE(at index: Int) -> UInt32 {
        UInt32(self[index]) | UInt32(self[index + 1]) << 8 | UInt32(self[index + 2]) << 16
            | UInt32(self[index + 3]) << 24
    }
}
