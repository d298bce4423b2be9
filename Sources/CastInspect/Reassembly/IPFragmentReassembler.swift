/// Rebuilds IPv4 and IPv6 datagrams from fragments, within fixed bounds on datagrams and bytes.
///
/// A datagram is complete when a fragment without more-fragments has arrived and the bytes before its end are
/// all present. Overlapping fragments keep the first copy. Incomplete datagrams are evicted oldest first when the
/// bounds are reached.
public struct IPFragmentReassembler: Sendable {
    /// Pieces one datagram may arrive in before it is given up as hostile.
    static let maximumPiecesPerDatagram = 256

    /// Identifies one datagram: addresses, identification and upper protocol.
    public struct Key: Sendable, Hashable {
        /// Source address bytes.
        public var source: [UInt8]
        /// Destination address bytes.
        public var destination: [UInt8]
        /// IPv4 identification or IPv6 fragment identification.
        public var identification: UInt32
        /// Upper-layer protocol.
        public var proto: UInt8

        /// A key from its parts.
        public init(source: [UInt8], destination: [UInt8], identification: UInt32, proto: UInt8) {
            self.source = source
            self.destination = destination
            self.identification = identification
            self.proto = proto
        }
    }

    private struct Pending {
        var pieces: [(offset: Int, bytes: [UInt8])] = []
        var totalLength: Int?
        var bytes = 0
        var order: Int
    }

    /// Most datagrams in progress at once.
    public let maximumDatagrams: Int
    /// Most fragment bytes held at once.
    public let maximumBytes: Int
    /// Datagrams completed so far.
    public private(set) var reassembled = 0
    /// Datagrams given up on (evicted or impossible).
    public private(set) var dropped = 0
    private var pending: [Key: Pending] = [:]
    private var heldBytes = 0
    private var counter = 0

    /// A reassembler with the given bounds (defaults: 256 datagrams, 4 MiB).
    public init(maximumDatagrams: Int = 256, maximumBytes: Int = 4 << 20) {
        self.maximumDatagrams = maximumDatagrams
        self.maximumBytes = maximumBytes
    }

    /// Adds the fragment at byte `offset` of datagram `key`; returns the whole payload once complete.
    public mutating func add(key: Key, offset: Int, moreFragments: Bool, payload: ArraySlice<UInt8>) -> [UInt8]? {
        let end = offset + payload.count
        // 65535 is the largest IP datagram; anything past it is a forged or corrupt fragment.
        guard end <= 65_535 else {
            dropped += 1
            return nil
        }
        counter += 1
        var entry = pending[key] ?? Pending(order: counter)
        if !moreFragments { entry.totalLength = end }
        // Repeats and overlaps cannot add bytes (first arrival wins), and a datagram in more than 256 pieces is not a
        // real sender's: both would otherwise make every arrival re-sort and re-copy the whole list.
        if entry.pieces.count >= Self.maximumPiecesPerDatagram {
            heldBytes -= entry.bytes
            pending[key] = nil
            dropped += 1
            return nil
        }
        let alreadyCovered = entry.pieces.contains { $0.offset <= offset && $0.offset + $0.bytes.count >= end }
        if !payload.isEmpty, !alreadyCovered {
            entry.pieces.append((offset, Array(payload)))
            entry.bytes += payload.count
            heldBytes += payload.count
        }
        if let total = entry.totalLength, let whole = Self.assemble(entry.pieces, total: total) {
            heldBytes -= entry.bytes
            pending[key] = nil
            reassembled += 1
            return whole
        }
        pending[key] = entry
        while pending.count > maximumDatagrams || heldBytes > maximumBytes, let oldest = pending.min(by: {
            $0.value.order < $1.value.order
        }) {
            heldBytes -= oldest.value.bytes
            pending[oldest.key] = nil
            dropped += 1
        }
        return nil
    }

    private static func assemble(_ pieces: [(offset: Int, bytes: [UInt8])], total: Int) -> [UInt8]? {
        var covered = 0
        let sorted = pieces.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
        for piece in sorted.map(\.element) {
            if piece.offset > covered { return nil }
            covered = max(covered, piece.offset + piece.bytes.count)
        }
        guard covered >= total else { return nil }
        var out = [UInt8](repeating: 0, count: total)
        var filled = [Bool](repeating: false, count: total)
        // First arrival wins: write pieces in arrival order, never overwriting.
        for piece in pieces {
            for (index, byte) in piece.bytes.enumerated() where piece.offset + index < total {
                let at = piece.offset + index
                if !filled[at] {
                    out[at] = byte
                    filled[at] = true
                }
            }
        }
        return out
    }
}
