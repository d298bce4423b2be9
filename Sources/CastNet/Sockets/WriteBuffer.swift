/// Bytes accepted by `TCPConnection.write` that the kernel has not taken yet: one contiguous array with a read
/// offset, so each flush is one `send` and appends are a copy.
struct WriteBuffer {
    private var bytes: [UInt8] = []
    private var start = 0

    /// Bytes waiting.
    var count: Int { bytes.count - start }
    /// True when nothing waits.
    var isEmpty: Bool { start == bytes.count }

    /// Queues `data` after what waits.
    mutating func append(_ data: some Collection<UInt8>) {
        // Compact before growing when most of the storage is already sent.
        if start > 0 && start >= bytes.count / 2 {
            bytes.removeSubrange(0..<start)
            start = 0
        }
        bytes.append(contentsOf: data)
    }

    /// Drops the first `n` waiting bytes (they were sent).
    mutating func consume(_ n: Int) {
        precondition(n <= count, "consumed more than buffered")
        start += n
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20)
            start = 0
        }
    }

    /// Drops everything.
    mutating func removeAll() {
        bytes = []
        start = 0
    }

    /// Calls `body` with the waiting bytes.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes { raw in body(UnsafeRawBufferPointer(rebasing: raw[start...])) }
    }
}
