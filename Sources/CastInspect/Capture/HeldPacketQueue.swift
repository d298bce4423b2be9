/// The packets `LiveCaptureRun` holds back while the key log catches up: first in, first out, bounded by count and
/// by bytes (whichever is hit first makes the oldest leave early), so a fast link cannot grow it to gigabytes.
struct HeldPacketQueue {
    /// Most packets held.
    let maximumCount: Int
    /// Most captured bytes held.
    let maximumBytes: Int
    private var items: [(packet: CapturedPacket, arrival: Double)] = []
    private var start = 0
    /// Captured bytes held now.
    private(set) var bytes = 0

    /// A queue holding at most `maximumCount` packets and `maximumBytes` captured bytes.
    init(maximumCount: Int = 65_536, maximumBytes: Int = 64 << 20) {
        precondition(maximumCount > 0 && maximumBytes > 0, "limits must be positive")
        self.maximumCount = maximumCount
        self.maximumBytes = maximumBytes
    }

    /// Packets held now.
    var count: Int { items.count - start }

    /// Holds `packet`, which arrived at `arrival` (seconds on a monotonic clock).
    mutating func append(_ packet: CapturedPacket, arrival: Double) {
        items.append((packet, arrival))
        bytes += packet.bytes.count
    }

    /// The oldest packet if it may leave: it is due (held `delay` seconds by `now`), `all` are asked for, or a
    /// limit is exceeded.
    mutating func popDue(now: Double, delay: Double, all: Bool) -> CapturedPacket? {
        guard start < items.count else { return nil }
        let (packet, arrival) = items[start]
        guard all || now - arrival >= delay || count > maximumCount || bytes > maximumBytes else { return nil }
        start += 1
        bytes -= packet.bytes.count
        if start > 1024, start * 2 > items.count {
            items.removeFirst(start)
            start = 0
        }
        return packet
    }

    /// True when the oldest packet may leave (see `popDue`), without taking it.
    func hasDue(now: Double, delay: Double, all: Bool) -> Bool {
        guard start < items.count else { return false }
        return all || now - items[start].arrival >= delay || count > maximumCount || bytes > maximumBytes
    }
}
