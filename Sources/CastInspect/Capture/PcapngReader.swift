import CastWire

/// Reads pcapng (draft-ietf-opsawg-pcapng) block by block, each packet with its own interface's link type,
/// snapshot length and timestamp resolution and offset — what libpcap refuses once a file's interfaces differ
/// (Wireshark's multi-interface captures, `mergecap` output). Sections may switch byte order, carry interfaces of
/// their own, or none at all. Decryption Secrets Blocks come back in file order, so a pcapng read from a pipe has
/// its key logs too.
///
/// Every length is checked against the block that holds it before anything is allocated; a fault names the
/// block's offset and keeps the packets read before it.
final class PcapngReader {
    /// One Interface Description Block of the current section.
    struct Interface: Sendable {
        var linkType: UInt32
        /// 0: no limit.
        var snapLength: Int
        /// Timestamp units per second (if_tsresol; 10^6 by default).
        var unitsPerSecond: UInt64 = 1_000_000
        /// Seconds added to every timestamp (if_tsoffset).
        var offsetSeconds: Int64 = 0
    }

    /// A packet, or the key-log text of a Decryption Secrets Block.
    enum Item {
        case packet(CaptureRecord)
        case keyLog(String)
    }

    /// Why the file cannot be read on; `offset` is the faulty block's.
    struct Fault: Error {
        var truncated: Bool
        var reason: String
        var offset: Int
    }

    /// The largest block read (libpcap's limit, 16 MiB); larger ones are refused, never allocated.
    static let maximumBlockLength = 16 << 20
    static let sectionHeaderType: UInt32 = 0x0A0D_0D0A

    private let input: SequentialInput
    private var bigEndian = false
    /// Interfaces of the current section, in IDB order (packets name them by index).
    private(set) var interfaces: [Interface] = []
    /// Every link type seen in any section, in order of first appearance.
    private(set) var linkTypes: [UInt32] = []
    /// Offset of the next block.
    var offset: Int { input.position }

    /// Blocks read ahead by `init` (key logs before the first interface).
    private var pending: [Item] = []

    /// Starts reading `input`, whose first block must be a Section Header (`header`: its first bytes, already
    /// read); reads on to the first Interface Description, so `linkTypes` names the first interface's type.
    init(_ input: SequentialInput, header: [UInt8]) throws(Fault) {
        self.input = input
        let whole = header + input.read(max(0, 12 - header.count))
        guard whole.count == 12 else {
            throw Fault(truncated: true, reason: "file too short for a pcapng Section Header Block", offset: 0)
        }
        try section(whole, at: 0)
        while linkTypes.isEmpty, let item = try readItem(untilInterface: true) { pending.append(item) }
    }

    /// The next packet or key log; nil at the end of the file.
    func next() throws(Fault) -> Item? {
        if !pending.isEmpty { return pending.removeFirst() }
        return try readItem()
    }

    /// The next item; `untilInterface` also returns nil after an Interface Description (so `init` never waits for
    /// a packet of a capture still being written).
    private func readItem(untilInterface: Bool = false) throws(Fault) -> Item? {
        while true {
            let start = input.position
            let header = input.read(8)
            if header.isEmpty {
                if input.readError != 0 {
                    throw Fault(truncated: true, reason: "read failed (errno \(input.readError))", offset: start)
                }
                return nil
            }
            guard header.count == 8 else {
                throw Fault(truncated: true, reason: "truncated block header: \(header.count) of 8 bytes", offset: start)
            }
            if header.starts(with: [0x0A, 0x0D, 0x0D, 0x0A]) {
                let magic = input.read(4)
                guard magic.count == 4 else {
                    throw Fault(truncated: true, reason: "truncated Section Header Block", offset: start)
                }
                try section(header + magic, at: start)
                continue
            }
            let type = word(header, 0)
            let length = Int(word(header, 4))
            let body = try blockBody(length: length, headerRead: 8, at: start)
            if let item = try decode(type: type, body: body, at: start) { return item }
            if untilInterface, type == 1 { return nil }
        }
    }

    // MARK: Blocks

    /// A Section Header: byte order, version; its interfaces replace the previous section's.
    private func section(_ header: [UInt8], at start: Int) throws(Fault) {
        switch (header[8], header[9], header[10], header[11]) {
        case (0x1A, 0x2B, 0x3C, 0x4D): bigEndian = true
        case (0x4D, 0x3C, 0x2B, 0x1A): bigEndian = false
        default:
            throw Fault(truncated: false, reason: "Section Header Block has no byte-order magic 0x1A2B3C4D",
                        offset: start)
        }
        let length = Int(word(header, 4))
        guard length >= 28 else {
            throw Fault(truncated: false, reason: "Section Header Block length \(length) is below 28", offset: start)
        }
        let body = try blockBody(length: length, headerRead: 12, at: start)
        let major = half(body, 0)
        guard major == 1 else {
            throw Fault(truncated: false, reason: "pcapng version \(major).\(half(body, 2)) is not 1.x", offset: start)
        }
        interfaces = []
    }

    /// Reads the rest of a block of `length` bytes whose first `headerRead` bytes are read, checks the trailing
    /// length, and returns the bytes between the 8-byte header and the trailer.
    private func blockBody(length: Int, headerRead: Int, at start: Int) throws(Fault) -> [UInt8] {
        guard length >= 12, length % 4 == 0 else {
            throw Fault(truncated: false, reason: "block length \(length) is not a multiple of 4 of at least 12",
                        offset: start)
        }
        guard length <= Self.maximumBlockLength else {
            throw Fault(truncated: false, reason: "block length \(length) is over the \(Self.maximumBlockLength)-byte "
                            + "limit", offset: start)
        }
        var rest = input.read(length - headerRead)
        guard rest.count == length - headerRead else {
            throw Fault(truncated: true, reason: "truncated block: \(rest.count + headerRead) of \(length) bytes",
                        offset: start)
        }
        let trailer = Int(word(rest, rest.count - 4))
        guard trailer == length else {
            throw Fault(truncated: false, reason: "block length \(length) and trailing length \(trailer) differ",
                        offset: start)
        }
        rest.removeLast(4)  // in place: no copy of the packet bytes
        return rest
    }

    private func decode(type: UInt32, body: [UInt8], at start: Int) throws(Fault) -> Item? {
        switch type {
        case 1: try interfaceDescription(body, at: start)
        case 6: return .packet(try enhancedPacket(body, at: start))
        case 3: return .packet(try simplePacket(body, at: start))
        case 2: return .packet(try obsoletePacket(body, at: start))
        case 10: return secrets(body)
        default: break  // name resolution, statistics, journal, custom blocks: nothing to inspect
        }
        return nil
    }

    private func interfaceDescription(_ body: [UInt8], at start: Int) throws(Fault) {
        guard body.count >= 8 else {
            throw Fault(truncated: false, reason: "Interface Description Block body of \(body.count) bytes (need 8)",
                        offset: start)
        }
        var interface = Interface(linkType: UInt32(half(body, 0)), snapLength: Int(word(body, 4)))
        for (code, value) in try options(body, from: 8, at: start) {
            switch code {
            case 9:
                guard let resolution = value.first, let units = Self.units(resolution) else {
                    throw Fault(truncated: false, reason: "if_tsresol \(value.first ?? 0) is not representable",
                                offset: start)
                }
                interface.unitsPerSecond = units
            case 14:
                guard value.count == 8 else {
                    throw Fault(truncated: false, reason: "if_tsoffset of \(value.count) bytes (need 8)", offset: start)
                }
                interface.offsetSeconds = Int64(bitPattern: UInt64(word(value, bigEndian ? 0 : 4)) << 32
                                                    | UInt64(word(value, bigEndian ? 4 : 0)))
            default: break
            }
        }
        interfaces.append(interface)
        if !linkTypes.contains(interface.linkType) { linkTypes.append(interface.linkType) }
    }

    private func enhancedPacket(_ body: [UInt8], at start: Int) throws(Fault) -> CaptureRecord {
        guard body.count >= 20 else {
            throw Fault(truncated: false, reason: "Enhanced Packet Block body of \(body.count) bytes (need 20)",
                        offset: start)
        }
        let interface = try interface(Int(word(body, 0)), at: start)
        let captured = Int(word(body, 12))
        guard captured <= body.count - 20 else {
            throw Fault(truncated: false, reason: "captured length \(captured) overruns its block (\(body.count - 20) "
                            + "bytes of packet data)", offset: start)
        }
        let time = UInt64(word(body, 4)) << 32 | UInt64(word(body, 8))
        return try packet(interface: interface, time: time, body: body, dataStart: 20, captured: captured,
                          original: Int(word(body, 16)), at: start)
    }

    private func simplePacket(_ body: [UInt8], at start: Int) throws(Fault) -> CaptureRecord {
        guard body.count >= 4 else {
            throw Fault(truncated: false, reason: "Simple Packet Block body of \(body.count) bytes (need 4)",
                        offset: start)
        }
        let interface = try interface(0, at: start)
        let original = Int(word(body, 0))
        // No captured length: the original, cut by the block and the snapshot length.
        var captured = min(original, body.count - 4)
        if interfaces[interface].snapLength > 0 { captured = min(captured, interfaces[interface].snapLength) }
        return try packet(interface: interface, time: nil, body: body, dataStart: 4, captured: captured,
                          original: original, at: start)
    }

    private func obsoletePacket(_ body: [UInt8], at start: Int) throws(Fault) -> CaptureRecord {
        guard body.count >= 20 else {
            throw Fault(truncated: false, reason: "Packet Block body of \(body.count) bytes (need 20)", offset: start)
        }
        let interface = try interface(Int(half(body, 0)), at: start)
        let captured = Int(word(body, 12))
        guard captured <= body.count - 20 else {
            throw Fault(truncated: false, reason: "captured length \(captured) overruns its block", offset: start)
        }
        let time = UInt64(word(body, 4)) << 32 | UInt64(word(body, 8))
        return try packet(interface: interface, time: time, body: body, dataStart: 20, captured: captured,
                          original: Int(word(body, 16)), at: start)
    }

    private func interface(_ index: Int, at start: Int) throws(Fault) -> Int {
        guard index < interfaces.count else {
            let have = interfaces.isEmpty ? "none" : "\(interfaces.count)"
            throw Fault(truncated: false, reason: "packet names interface \(index), but its section describes \(have)",
                        offset: start)
        }
        return index
    }

    private func packet(interface index: Int, time: UInt64?, body: [UInt8], dataStart: Int, captured: Int,
                        original: Int, at start: Int) throws(Fault) -> CaptureRecord {
        let interface = interfaces[index]
        let maximum = ClassicPcapReader.maximumSnapshot(linkType: interface.linkType)
        guard captured <= maximum else {
            throw Fault(truncated: false, reason: "invalid packet capture length \(captured), bigger than maximum of "
                            + "\(maximum)", offset: start)
        }
        let kept = interface.snapLength > 0 ? min(captured, interface.snapLength) : captured
        var seconds: Int64 = 0, microseconds: Int32 = 0
        if let time {
            let units = interface.unitsPerSecond
            let whole = time / units, fraction = time % units
            // fraction < units, so fraction × 10^6 / units < 10^6 (full width: no overflow for any units).
            let scaled = units.dividingFullWidth(fraction.multipliedFullWidth(by: 1_000_000)).quotient
            seconds = Int64(clamping: whole).addingReportingOverflow(interface.offsetSeconds).partialValue
            microseconds = Int32(scaled)
        }
        return CaptureRecord(linkType: interface.linkType, seconds: seconds, microseconds: microseconds,
                      bytes: Array(body[dataStart..<dataStart + kept]), originalLength: max(original, captured))
    }

    private func secrets(_ body: [UInt8]) -> Item? {
        guard body.count >= 8, word(body, 0) == PcapngBlocks.tlsKeyLogSecrets else { return nil }
        let length = min(Int(word(body, 4)), body.count - 8)
        guard length > 0 else { return nil }
        return .keyLog(String(decoding: body[8..<8 + length], as: UTF8.self))
    }

    // MARK: Pieces

    /// The options after `from`: (code, value) up to opt_endofopt or the end of the body.
    private func options(_ body: [UInt8], from: Int, at start: Int) throws(Fault) -> [(UInt16, ArraySlice<UInt8>)] {
        var found: [(UInt16, ArraySlice<UInt8>)] = []
        var index = from
        while index + 4 <= body.count {
            let code = half(body, index), length = Int(half(body, index + 2))
            if code == 0 { break }
            guard index + 4 + length <= body.count else {
                throw Fault(truncated: false, reason: "option \(code) of \(length) bytes overruns its block",
                            offset: start)
            }
            found.append((code, body[index + 4..<index + 4 + length]))
            index += 4 + (length + 3) / 4 * 4
        }
        return found
    }

    /// Units per second for an if_tsresol byte: 10^n, or 2^n with the top bit set; nil past UInt64.
    static func units(_ resolution: UInt8) -> UInt64? {
        let exponent = Int(resolution & 0x7F)
        if resolution & 0x80 != 0 { return exponent < 64 ? UInt64(1) << exponent : nil }
        guard exponent <= 19 else { return nil }
        return (0..<exponent).reduce(UInt64(1)) { value, _ in value * 10 }
    }

    private func word(_ bytes: some RandomAccessCollection<UInt8>, _ at: Int) -> UInt32 {
        let base = bytes.startIndex
        let b0 = UInt32(bytes[bytes.index(base, offsetBy: at)]), b1 = UInt32(bytes[bytes.index(base, offsetBy: at + 1)])
        let b2 = UInt32(bytes[bytes.index(base, offsetBy: at + 2)]), b3 = UInt32(bytes[bytes.index(base, offsetBy: at + 3)])
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
    }

    private func half(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        let b0 = UInt16(bytes[at]), b1 = UInt16(bytes[at + 1])
        return bigEndian ? b0 << 8 | b1 : b1 << 8 | b0
    }
}
