/// A growable byte buffer that text is rendered into: raw memory, so appending a run is a capacity check and a
/// copy, without the uniqueness and bounds bookkeeping of `[UInt8]` on every call (the log sinks' and the JSON
/// lines' hot path).
public struct OutputBuffer: ~Copyable, ByteOutput {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0

    /// Bytes written.
    public var count: Int { written }

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// True when nothing is written.
    public var isEmpty: Bool { count == 0 }

    @inlinable @inline(__always)
    public mutating func appendByte(_ byte: UInt8) {
        if written == capacity { grow(toAtLeast: written + 1) }
        // SAFETY: written < capacity after the check above.
        base[written] = byte
        written += 1
    }

    @inlinable @inline(__always)
    public mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if written + bytes.count > capacity { grow(toAtLeast: written + bytes.count) }
        // SAFETY: written + bytes.count <= capacity after the check above.
        (base + written).update(from: source, count: bytes.count)
        written += bytes.count
    }

    /// Appends a copy of bytes already written (`range` within `0..<count`).
    @inlinable
    public mutating func appendCopy(of range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= written, "copies only bytes already written")
        let length = range.count
        if written + length > capacity { grow(toAtLeast: written + length) }
        // SAFETY: the source lies before `written`, the target after it, both within capacity after the check.
        (base + written).update(from: base + range.lowerBound, count: length)
        written += length
    }

    /// Appends a literal's bytes (no retain, no lazy global).
    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        appendBytes(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8.
    @inlinable
    public mutating func append(_ string: String) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendBytes($0) }
        if done == nil { Array(string.utf8).withUnsafeBufferPointer { appendBytes($0) } }
    }

    /// Appends an array's bytes.
    @inlinable
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { appendBytes($0) }
    }

    /// Drops the bytes from `offset` on.
    public mutating func truncate(to offset: Int) {
        written = max(0, min(written, offset))
    }

    /// Empties the buffer, keeping its memory.
    public mutating func removeAll() { written = 0 }

    /// The written bytes, for the duration of `body`.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// A copy of the bytes from `offset` on.
    public func copyBytes(from offset: Int = 0) -> [UInt8] {
        let start = min(max(0, offset), count)
        return Array(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    @usableFromInline
    mutating func grow(toAtLeast needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: written)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
