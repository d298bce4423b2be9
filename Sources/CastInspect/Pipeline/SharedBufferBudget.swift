/// What a batch of packets or deliveries handed between threads keeps alive, when many of them are slices of a
/// few shared buffers (a chunk read with neighbouring packets): each distinct buffer counts once, whole, except the
/// batch's first, so a batch holds about its limit plus one buffer and a buffer's slices still travel together.
///
/// The last few distinct buffers are remembered, so a chunk's deliveries interleaved with small packets of the
/// other direction (each its own array) still count the chunk once; a buffer that comes back after more than that
/// many others counts again: an overestimate, never an underestimate.
struct SharedBufferBudget {
    /// How many distinct buffers are remembered.
    static let remembered = 8
    /// The most recently counted buffers of this batch, oldest first (empty: the batch has none yet).
    private var recent: [UnsafeRawPointer] = []

    /// A budget for a batch with no buffer yet.
    init() {
        recent.reserveCapacity(Self.remembered)
    }

    /// The bytes `buffer` adds to the batch: all of it the first time (but for the batch's first buffer), nothing
    /// while it is among the last `remembered` distinct buffers.
    mutating func cost(of buffer: [UInt8]) -> Int {
        guard let identity = buffer.withUnsafeBytes({ $0.baseAddress }) else { return 0 }
        if recent.last == identity || recent.contains(identity) { return 0 }
        let isFirst = recent.isEmpty
        if recent.count == Self.remembered { recent.removeFirst() }
        recent.append(identity)
        return isFirst ? 0 : buffer.count
    }

    /// Starts a new batch.
    mutating func reset() {
        recent.removeAll(keepingCapacity: true)
    }
}
