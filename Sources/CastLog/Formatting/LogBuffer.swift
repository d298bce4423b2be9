import CastJSON

/// A growable byte buffer the formatters write records into: raw memory, so appending a run is a capacity check and
/// a copy, without the uniqueness and bounds bookkeeping of `[UInt8]` on every call (the file sink's hot path).
struct LogBuffer: ~Copyable, ByteOutput {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written.
    private(set) var count = 0

    init(capacity: Int = 4096) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func appendByte(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        // SAFETY: count < capacity after the check above.
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(toAtLeast: count + bytes.count) }
        // SAFETY: count + bytes.count <= capacity after the check above.
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends a literal's bytes (no retain, no lazy global).
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        appendBytes(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8.
    @inline(__always)
    mutating func append(_ string: String) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendBytes($0) }
        if done == nil { Array(string.utf8).withUnsafeBufferPointer { appendBytes($0) } }
    }

    /// Drops the bytes from `offset` on.
    mutating func truncate(to offset: Int) {
        count = max(0, min(count, offset))
    }

    mutating func removeAll() { count = 0 }

    /// The written bytes, for the duration of `body`.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// A copy of the bytes from `offset` on.
    func copyBytes(from offset: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base + offset, count: max(0, count - offset)))
    }

    private mutating func grow(toAtLeast needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
