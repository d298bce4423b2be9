/// What a batch of packets or deliveries handed between threads keeps alive, when many of them are slices of a
/// few shared buffers (a chunk read with neighbouring packets): each distinct buffer counts once, whole, except the
/// batch's first, so a batch holds about its limit plus one buffer and a buffer's slices still travel together.
/// Consecutive items mostly share a buffer, so only the last one is remembered (one that comes back later counts
/// again: an overestimate, never an underestimate).
struct SharedBufferBudget {
    private var last: UnsafeRawPointer?
    private var seen = false

    /// The bytes `buffer` adds to the batch: all of it the first time after another buffer (but for the batch's
    /// first), nothing while the same buffer goes on.
    mutating func cost(of buffer: [UInt8]) -> Int {
        let identity = buffer.withUnsafeBytes { $0.baseAddress }
        defer { last = identity }
        guard identity != last else { return 0 }
        defer { seen = true }
        return seen ? buffer.count : 0
    }

    /// Starts a new batch.
    mutating func reset() {
        self = SharedBufferBudget()
    }
}
