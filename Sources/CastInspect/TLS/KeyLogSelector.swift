import CastWire

/// Picks, from the key-log lines `capture --keylog` reads, only those of TLS sessions the capture holds: a line's
/// client random must appear in a ClientHello seen on the wire. A browser's SSLKEYLOGFILE can hold weeks of
/// secrets for other sites; none of them goes into the pcapng.
///
/// Lines whose ClientHello has not been seen yet wait (the client logs after the ServerHello, the ClientHello may
/// still be on its way through the capture); at most `maximumPending` wait, the oldest dropped first. At most
/// `maximumRandoms` client randoms are remembered.
struct KeyLogSelector {
    /// Most lines waiting for their ClientHello.
    let maximumPending: Int
    /// Most client randoms remembered.
    let maximumRandoms: Int
    private var randoms: Set<[UInt8]> = []
    private var randomOrder: [[UInt8]] = []
    private var randomStart = 0
    private var pending: [(random: [UInt8], line: ArraySlice<UInt8>)] = []
    /// Set when a random or line arrived since the last `take`, so an idle poll costs nothing.
    private var changed = false

    /// A selector with the given bounds.
    init(maximumPending: Int = 4096, maximumRandoms: Int = 4096) {
        precondition(maximumPending > 0 && maximumRandoms > 0, "bounds must be positive")
        self.maximumPending = maximumPending
        self.maximumRandoms = maximumRandoms
    }

    /// Lines waiting for their ClientHello.
    var pendingCount: Int { pending.count }

    /// Remembers the client random of a ClientHello that starts this packet's TCP payload, if any.
    mutating func note(_ packet: CapturedPacket) {
        guard case .tcp(let tcp) = PacketSlicer.lax(packet.bytes, linkType: packet.linkType).transport,
            let random = Self.clientRandom(tcp.payload.remainingBytes)
        else { return }
        guard randoms.insert(random).inserted else { return }
        randomOrder.append(random)
        changed = true
        if randomOrder.count - randomStart > maximumRandoms {
            randoms.remove(randomOrder[randomStart])
            randomStart += 1
            if randomStart > 1024, randomStart * 2 > randomOrder.count {
                randomOrder.removeFirst(randomStart)
                randomStart = 0
            }
        }
    }

    /// Takes new key-log text (whole lines) and returns the lines, new or waiting, whose ClientHello was seen.
    /// Comments and lines that are not `LABEL <64 hex> <secret>` are dropped.
    mutating func take(_ newLines: [UInt8]) -> [UInt8] {
        for line in newLines.split(separator: 0x0A) {
            guard let random = Self.random(ofLine: line) else { continue }
            pending.append((random, line))
            changed = true
        }
        if pending.count > maximumPending { pending.removeFirst(pending.count - maximumPending) }
        guard changed else { return [] }
        changed = false
        var selected: [UInt8] = []
        pending.removeAll { entry in
            guard randoms.contains(entry.random) else { return false }
            selected += entry.line
            selected.append(0x0A)
            return true
        }
        return selected
    }

    /// The 32-byte random of a TLS handshake record holding a ClientHello at the start of `payload`.
    static func clientRandom(_ payload: ArraySlice<UInt8>) -> [UInt8]? {
        // Record header (type 22, version 3.x, length), handshake header (type 1, length), client version, random.
        let bytes = payload.prefix(43)
        guard bytes.count == 43 else { return nil }
        let start = bytes.startIndex
        guard bytes[start] == 0x16, bytes[start + 1] == 0x03, bytes[start + 5] == 0x01 else { return nil }
        return Array(bytes[(start + 11)..<(start + 43)])
    }

    /// The client random (second field, 64 hex digits) of an NSS key-log line.
    static func random(ofLine line: ArraySlice<UInt8>) -> [UInt8]? {
        let fields = line.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: true)
        guard fields.count == 3, fields[0].first != UInt8(ascii: "#"), fields[1].count == 64 else { return nil }
        var random: [UInt8] = []
        random.reserveCapacity(32)
        var high: UInt8?
        for byte in fields[1] {
            guard let nibble = Self.nibble(byte) else { return nil }
            if let value = high {
                random.append(value << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return random
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
