/// Puts one direction of a TCP connection back in order: what to deliver, what to hold, what was lost.
///
/// Sequence numbers are mapped to 64-bit stream offsets relative to the expected next byte, so wrap-around is
/// handled. Data already delivered or held wins over later copies (first-wins); copies are counted. Out-of-order
/// data is held up to `maximumHeldBytes`; beyond that the reassembler declares a gap up to the earliest held segment.
public struct TCPStreamReassembler: Sendable {
    /// What `add` produces, in stream order.
    public enum Delivery: Sendable, Hashable {
        /// In-order bytes (a slice of the segment that carried them: no copy on the in-order path).
        case data(ArraySlice<UInt8>)
        /// `size` bytes that never arrived (or were given up on) before the next data.
        case gap(size: Int)
    }

    /// Most out-of-order bytes held before giving up on a hole.
    public let maximumHeldBytes: Int
    /// Stream offset of the next expected byte (bytes delivered plus gap bytes).
    public private(set) var streamOffset: Int64 = 0
    /// True once the first segment (SYN or mid-stream) set the initial sequence number.
    public private(set) var isStarted = false
    /// True when the stream was picked up without seeing its SYN.
    public private(set) var pickedUpMidStream = false
    /// True once FIN was seen.
    public private(set) var finished = false
    /// Segments (or parts) that repeated bytes already delivered or held.
    public private(set) var retransmissions = 0
    /// Bytes dropped because they were already delivered or held.
    public private(set) var duplicateBytes = 0
    /// Gaps declared so far.
    public private(set) var gapCount = 0
    /// Bytes held out of order right now.
    public private(set) var heldBytes = 0
    /// The largest number of bytes held at once.
    public private(set) var peakHeldBytes = 0

    private var nextWire: UInt32 = 0
    private var held: [(start: Int64, bytes: [UInt8])] = []

    /// A reassembler holding at most `maximumHeldBytes` out of order (default 16 MiB).
    public init(maximumHeldBytes: Int = 16 << 20) {
        self.maximumHeldBytes = max(0, maximumHeldBytes)
    }

    /// Adds one segment; returns what became deliverable, in order.
    public mutating func add(sequence: UInt32, syn: Bool, fin: Bool, payload: ArraySlice<UInt8>) -> [Delivery] {
        if !isStarted {
            guard syn || !payload.isEmpty else { return [] }
            isStarted = true
            pickedUpMidStream = !syn
            nextWire = syn ? sequence &+ 1 : sequence
            if syn { return payload.isEmpty ? [] : add(sequence: sequence &+ 1, syn: false, fin: fin, payload: payload) }
        } else if syn {
            // A retransmitted SYN carries no new data position; its payload (TFO) was handled the first time.
            return []
        }
        if fin { finished = true }
        guard !payload.isEmpty else { return [] }
        var start = streamOffset + Int64(Int32(bitPattern: sequence &- nextWire))
        var bytes = payload
        let end = start + Int64(bytes.count)
        var out: [Delivery] = []
        if end <= streamOffset {
            count(duplicate: bytes.count)
            return out
        }
        if start < streamOffset {
            let overlap = Int(streamOffset - start)
            count(duplicate: overlap)
            bytes = bytes.dropFirst(overlap)
            start = streamOffset
        }
        if start == streamOffset {
            deliver(bytes, into: &out)
            drain(into: &out)
        } else {
            hold(start: start, bytes: Array(bytes))
            if heldBytes > maximumHeldBytes { skipToHeld(into: &out) }
        }
        return out
    }

    /// Ends the stream: every held segment is delivered after a gap for each hole.
    public mutating func flush() -> [Delivery] {
        var out: [Delivery] = []
        while !held.isEmpty { skipToHeld(into: &out) }
        return out
    }

    private mutating func count(duplicate: Int) {
        retransmissions += 1
        duplicateBytes += duplicate
    }

    private mutating func deliver(_ bytes: ArraySlice<UInt8>, into out: inout [Delivery]) {
        guard !bytes.isEmpty else { return }
        streamOffset += Int64(bytes.count)
        nextWire = nextWire &+ UInt32(truncatingIfNeeded: bytes.count)
        out.append(.data(bytes))
    }

    private mutating func hold(start: Int64, bytes: [UInt8]) {
        // Binary search for the insertion point; an equal start keeps the first copy.
        var low = 0, high = held.count
        while low < high {
            let mid = (low + high) / 2
            if held[mid].start < start { low = mid + 1 } else { high = mid }
        }
        if low < held.count, held[low].start == start, held[low].bytes.count >= bytes.count {
            count(duplicate: bytes.count)
            return
        }
        held.insert((start, bytes), at: low)
        heldBytes += bytes.count
        peakHeldBytes = max(peakHeldBytes, heldBytes)
    }

    /// Delivers held segments that now start at or before the expected offset.
    private mutating func drain(into out: inout [Delivery]) {
        while let first = held.first, first.start <= streamOffset {
            held.removeFirst()
            heldBytes -= first.bytes.count
            let end = first.start + Int64(first.bytes.count)
            if end <= streamOffset {
                count(duplicate: first.bytes.count)
                continue
            }
            let skip = Int(streamOffset - first.start)
            if skip > 0 { count(duplicate: skip) }
            deliver(first.bytes.dropFirst(skip), into: &out)
        }
    }

    /// Gives up on the hole before the earliest held segment.
    private mutating func skipToHeld(into out: inout [Delivery]) {
        guard let first = held.first else { return }
        let size = Int(first.start - streamOffset)
        if size > 0 {
            out.append(.gap(size: size))
            gapCount += 1
            streamOffset += Int64(size)
            nextWire = nextWire &+ UInt32(truncatingIfNeeded: size)
        }
        drain(into: &out)
    }
}
