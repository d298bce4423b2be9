extension ByteOutput where Self: ~Copyable {
    /// Appends `value` in decimal: the digits are produced backwards into a small inline buffer with a constant
    /// divisor (a loop over a variable divisor would divide for real), then appended in one run.
    @inlinable
    public mutating func appendDecimal(_ value: UInt64) {
        if value < 10 {
            appendByte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { scratch in
            var rest = value
            var position = scratch.count
            repeat {
                position -= 1
                scratch[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            // SAFETY: at most 20 digits in 24 bytes, so position >= 4 and the run lies inside `scratch`.
            appendBytes(UnsafeRawBufferPointer(rebasing: scratch[position...]).bindMemory(to: UInt8.self))
        }
    }

    /// Appends a signed integer in decimal.
    @inlinable
    public mutating func appendDecimal(_ value: Int64) {
        if value < 0 { appendByte(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude)
    }
}
