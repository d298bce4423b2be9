import Synchronization

/// Keeps the last `capacity` records in memory, for tests, crash reports and `castscope` status views.
public final class RingBufferSink: LogSink {
    private struct Ring {
        var slots: [LogRecord?]
        var next = 0
        var count = 0
    }

    /// How many records are kept.
    public let capacity: Int
    private let ring: Mutex<Ring>

    /// A ring holding at most `capacity` (at least 1) records.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        ring = Mutex(Ring(slots: Array(repeating: nil, count: max(1, capacity))))
    }

    public func write(_ record: LogRecord) {
        ring.withLock { ring in
            ring.slots[ring.next] = record
            ring.next = (ring.next + 1) % capacity
            ring.count = min(ring.count + 1, capacity)
        }
    }

    public func flush() {}

    /// The kept records, oldest first.
    public var records: [LogRecord] {
        ring.withLock { ring in
            let start = (ring.next - ring.count + capacity) % capacity
            return (0..<ring.count).compactMap { ring.slots[(start + $0) % capacity] }
        }
    }

    /// Forgets every record.
    public func removeAll() {
        ring.withLock { ring in
            ring.slots = Array(repeating: nil, count: capacity)
            ring.next = 0
            ring.count = 0
        }
    }
}
