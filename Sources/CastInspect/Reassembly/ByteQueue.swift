import CastWire

/// An append-at-the-end, consume-at-the-front byte buffer that drops consumed bytes lazily.
struct ByteQueue: Sendable {
    private(set) var storage: [UInt8] = []
    private var start = 0

    /// Bytes not yet consumed.
    var count: Int { storage.count - start }

    mutating func append(_ bytes: ArraySlice<UInt8>) {
        if start > 0, start >= storage.count / 2 {
            storage.removeSubrange(0..<start)
            start = 0
        }
        storage.append(contentsOf: bytes)
    }

    /// A reader over the unconsumed bytes; pass it back to `consume(to:)` after reading.
    var reader: ByteReader { ByteReader(storage, range: start..<storage.count) }

    /// Marks everything before `reader.position` as consumed.
    mutating func consume(to reader: ByteReader) { start = reader.position }

    /// Drops `n` bytes from the front.
    mutating func drop(_ n: Int) { start = min(storage.count, start + n) }

    mutating func removeAll() {
        storage = []
        start = 0
    }
}
