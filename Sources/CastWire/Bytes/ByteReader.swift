/// A bounds-checked cursor over bytes: every read either succeeds and advances, or returns `nil` and moves nothing.
///
/// Offsets are absolute indices into `storage`, so a reader narrowed to a sub-range (a length-delimited field, an
/// IP payload) still reports positions relative to the whole input — what error messages need.
public struct ByteReader: Sendable {
    /// The bytes being read; shared, never copied, by sub-readers.
    public let storage: [UInt8]
    /// Index of the next byte to read.
    public private(set) var position: Int
    /// One past the last readable index.
    public private(set) var limit: Int

    /// A reader over all of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.storage = bytes
        self.position = 0
        self.limit = bytes.count
    }

    /// A reader over `range` of `bytes`; the range is clamped to the array.
    public init(_ bytes: [UInt8], range: Range<Int>) {
        self.storage = bytes
        self.position = max(0, min(range.lowerBound, bytes.count))
        self.limit = max(self.position, min(range.upperBound, bytes.count))
    }

    /// Bytes left to read.
    @inlinable public var remaining: Int { limit - position }

    /// True when no byte is left.
    @inlinable public var isAtEnd: Bool { position >= limit }

    /// The unread bytes, without consuming them.
    public var remainingBytes: ArraySlice<UInt8> { storage[position..<limit] }

    // MARK: Peeking

    /// The next byte, without consuming it.
    public func peekUInt8(at delta: Int = 0) -> UInt8? {
        let index = position + delta
        guard delta >= 0, index < limit else { return nil }
        return storage[index]
    }

    /// The next four bytes as a big-endian integer, without consuming them.
    public func peekUInt32BE() -> UInt32? {
        guard remaining >= 4 else { return nil }
        return uint32BE(at: position)
    }

    // MARK: Reading integers

    /// Reads one byte.
    public mutating func readUInt8() -> UInt8? {
        guard position < limit else { return nil }
        defer { position += 1 }
        return storage[position]
    }

    /// Reads a big-endian 16-bit integer.
    public mutating func readUInt16BE() -> UInt16? {
        guard remaining >= 2 else { return nil }
        defer { position += 2 }
        return UInt16(storage[position]) << 8 | UInt16(storage[position + 1])
    }

    /// Reads a big-endian 24-bit integer (TLS handshake lengths).
    public mutating func readUInt24BE() -> UInt32? {
        guard remaining >= 3 else { return nil }
        defer { position += 3 }
        return UInt32(storage[position]) << 16 | UInt32(storage[position + 1]) << 8 | UInt32(storage[position + 2])
    }

    /// Reads a big-endian 32-bit integer.
    public mutating func readUInt32BE() -> UInt32? {
        guard remaining >= 4 else { return nil }
        defer { position += 4 }
        return uint32BE(at: position)
    }

    /// Reads a big-endian 64-bit integer.
    public mutating func readUInt64BE() -> UInt64? {
        guard remaining >= 8 else { return nil }
        defer { position += 8 }
        return UInt64(uint32BE(at: position)) << 32 | UInt64(uint32BE(at: position + 4))
    }

    /// Reads a little-endian 16-bit integer.
    public mutating func readUInt16LE() -> UInt16? {
        guard remaining >= 2 else { return nil }
        defer { position += 2 }
        return UInt16(storage[position]) | UInt16(storage[position + 1]) << 8
    }

    /// Reads a little-endian 32-bit integer.
    public mutating func readUInt32LE() -> UInt32? {
        guard remaining >= 4 else { return nil }
        defer { position += 4 }
        return UInt32(storage[position]) | UInt32(storage[position + 1]) << 8
            | UInt32(storage[position + 2]) << 16 | UInt32(storage[position + 3]) << 24
    }

    /// Reads a little-endian 64-bit integer.
    public mutating func readUInt64LE() -> UInt64? {
        guard let low = readUInt32LE() else { return nil }
        guard let high = readUInt32LE() else {
            position -= 4
            return nil
        }
        return UInt64(high) << 32 | UInt64(low)
    }

    // MARK: Reading runs of bytes

    /// Reads `count` bytes as a slice of `storage` (no copy).
    public mutating func readBytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, remaining >= count else { return nil }
        defer { position += count }
        return storage[position..<position + count]
    }

    /// Reads `count` bytes into a new array.
    public mutating func readArray(_ count: Int) -> [UInt8]? {
        readBytes(count).map(Array.init)
    }

    /// Reads `count` bytes as a reader bounded to them (sharing storage, keeping absolute offsets).
    public mutating func readReader(_ count: Int) -> ByteReader? {
        guard count >= 0, remaining >= count else { return nil }
        defer { position += count }
        return ByteReader(storage, range: position..<position + count)
    }

    /// Bounds reading to `end` (at most the current limit), without a reader of its own: `widen` lifts it.
    mutating func narrow(to end: Int) {
        limit = max(position, min(end, limit))
    }

    /// Lifts a `narrow` back to `limit` and moves to `position` (clamped to the range).
    mutating func widen(to limit: Int, at position: Int) {
        self.limit = min(limit, storage.count)
        self.position = max(0, min(position, self.limit))
    }

    /// Skips `count` bytes; returns false, moving nothing, when fewer remain.
    @discardableResult
    public mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, remaining >= count else { return false }
        position += count
        return true
    }

    /// Runs a multi-step read that commits only when `body` returns a value; on `nil` or a throw the reader is
    /// left where it was.
    public mutating func transaction<T, E: Error>(_ body: (inout ByteReader) throws(E) -> T?) throws(E) -> T? {
        var copy = self
        guard let value = try body(&copy) else { return nil }
        self = copy
        return value
    }

    // SAFETY: callers check `index + 4 <= limit` first.
    private func uint32BE(at index: Int) -> UInt32 {
        UInt32(storage[index]) << 24 | UInt32(storage[index + 1]) << 16
            | UInt32(storage[index + 2]) << 8 | UInt32(storage[index + 3])
    }
}
