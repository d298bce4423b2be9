#if canImport(Glibc)
import Glibc
#endif

/// Reads the records of a classic pcap file with `pread`, without stdio or libpcap buffer copies: record headers
/// (and the first bytes of each packet) come from a read window, so one read covers a run of small packets, and a
/// packet's body is read only when it is wanted. The window is 64 KiB while packets are small (an mDNS capture: one
/// read per couple of hundred packets instead of one per packet or two) and 1 KiB after a large one, so a filter
/// that looks only at headers (`--only mdns`) walks 1 GB of 64 KiB packets reading a few hundred kilobytes.
///
/// Large packets whose bodies are wanted one after another (a decrypting run: 64 KiB TLS segments) are read a chunk
/// of at least `chunkLength` at a time into an array the packets share: one read per sixteen such packets instead
/// of two per packet, no copy in user space, and the headers that follow come from the chunk too. (Reading each
/// packet on its own spent twice the kernel time in per-call work; reading chunks into the window and copying each
/// packet out spent it again in the copy.) A large packet wanted after one that was skipped (a filter's rare match)
/// is read on its own, so a header-only walk never reads chunks. A packet that is a region of a chunk keeps the
/// whole chunk alive while it lives: the inspector copies what it holds on to (out-of-order segments, partial
/// records, an mDNS message), and the hand-overs between threads count each chunk a batch refers to. (Mapping the file
/// instead costs as much in page-table work, counts the whole file in the resident size, and faults when the
/// file shrinks.)
///
/// `PcapSource` uses it after libpcap has accepted the file header, and checks records as libpcap does: a record
/// header cut short or a body shorter than its captured length is `truncated`, a captured length over the link
/// type's maximum is `malformed`, a body longer than the snapshot length is cut to it.
final class ClassicPcapReader {
    /// One record header, with the start of its packet.
    struct Record {
        var seconds: Int64
        var microseconds: Int32
        /// The first `prefixLength` captured bytes; valid until the next call.
        var prefix: UnsafePointer<UInt8>
        var prefixLength: Int
        /// Captured bytes delivered (at most the snapshot length).
        var capturedLength: Int
        /// The length on the wire, as the record states it.
        var originalLength: UInt32
        /// File offset of the packet's first byte.
        var dataOffset: Int
    }

    /// A record's captured bytes: all of `storage`, or the `range` of a chunk shared with neighbouring packets.
    struct Body {
        var storage: [UInt8]
        var range: Range<Int>
    }

    /// Why a record could not be read; the caller turns it into a `CaptureError`.
    struct Fault: Error {
        var truncated: Bool
        var reason: String
    }

    /// Packet bytes delivered with each header at least (enough for any link, IP and UDP/TCP header).
    static let prefixLength = 256
    /// The read window: `windowCount` bytes of the file from `windowStart`, at most `largeWindow`.
    private static let largeWindow = 1 << 16
    /// The window read after a large packet (which the next one may well be too).
    private static let smallWindow = 1024
    /// Packets up to this captured length count as small.
    private static let smallPacket = 2048
    /// The least a chunk of large packets holds (more when one packet is larger).
    static let chunkLength = 1 << 20

    private let fd: Int32
    private let size: Int
    private let bigEndian: Bool
    private let nanoseconds: Bool
    private let snapshot: Int
    private let maximumCapturedLength: Int
    private let window = UnsafeMutablePointer<UInt8>.allocate(capacity: ClassicPcapReader.largeWindow)
    private var windowStart = 0
    private var windowCount = 0
    /// The captured length of the last record read.
    private var lastLength = 0
    /// The last chunk of large packets read, and the file offset of its first byte.
    private var chunk: [UInt8] = []
    private var chunkStart = 0
    /// Whether the last large record's body was asked for: only then is the next one read with a chunk.
    private var largeBodiesWanted = false
    /// The last record read was large, and whether its body has been asked for.
    private var lastRecordLarge = false
    private var lastBodyAsked = false
    /// Offset of the next record header.
    private(set) var offset = 24

    /// Opens `path` when it is a classic pcap (microsecond or nanosecond magic, either byte order) in a regular
    /// file; nil otherwise (the caller then reads through libpcap).
    init?(path: String, magic: [UInt8], snapshot: Int, linkType: UInt32) {
        guard let order = Self.byteOrder(magic) else { return nil }
        (bigEndian, nanoseconds) = order
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= 24 else {
            close(fd)
            return nil
        }
        // Versions before 2.4 (and some 2.3 writers) swapped caplen and len in record headers; libpcap undoes
        // that, this reader does not, so such files are left to libpcap.
        var version = [UInt8](repeating: 0, count: 4)
        guard pread(fd, &version, 4, 4) == 4 else {
            close(fd)
            return nil
        }
        let major = bigEndian ? Int(version[0]) << 8 | Int(version[1]) : Int(version[1]) << 8 | Int(version[0])
        let minor = bigEndian ? Int(version[2]) << 8 | Int(version[3]) : Int(version[3]) << 8 | Int(version[2])
        guard major > 2 || major == 2 && minor >= 4 else {
            close(fd)
            return nil
        }
        _ = posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL)
        self.fd = fd
        size = Int(info.st_size)
        self.snapshot = max(0, snapshot)
        maximumCapturedLength = Self.maximumSnapshot(linkType: linkType)
    }

    deinit {
        close(fd)
        window.deallocate()
    }

    /// Byte order and timestamp unit a classic pcap magic says (microseconds or nanoseconds, either order); nil
    /// for anything else. The file and stream readers share it.
    static func byteOrder(_ magic: [UInt8]) -> (bigEndian: Bool, nanoseconds: Bool)? {
        switch magic {
        case [0xD4, 0xC3, 0xB2, 0xA1]: (false, false)
        case [0x4D, 0x3C, 0xB2, 0xA1]: (false, true)
        case [0xA1, 0xB2, 0xC3, 0xD4]: (true, false)
        case [0xA1, 0xB2, 0x3C, 0x4D]: (true, true)
        default: nil
        }
    }

    /// The largest captured length libpcap accepts for a link type (its `max_snaplen_for_dlt`).
    static func maximumSnapshot(linkType: UInt32) -> Int {
        switch linkType {
        case 231: 128 * 1024 * 1024  // D-Bus
        case 279: 8 * 1024 * 1024  // EBHSCR
        case 249: 1024 * 1024  // USBPcap
        default: 262_144
        }
    }

    /// The next record, nil at the end of the file. On a fault `offset` stays at the faulty record.
    func next() throws(Fault) -> Record? {
        let remaining = size - offset
        guard remaining > 0 else { return nil }
        guard remaining >= 16 else {
            throw Fault(truncated: true,
                        reason: "truncated dump file; tried to read 16 header bytes, only got \(remaining)")
        }
        let wanted = min(remaining, 16 + Self.prefixLength)
        if offset < windowStart || offset + wanted > windowStart + windowCount {
            if offset >= chunkStart, offset + wanted <= chunkStart + chunk.count {
                // The header is in the chunk already read: copied from there, no read.
                chunk.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    window.update(from: base + (offset - chunkStart), count: wanted)
                }
                (windowStart, windowCount) = (offset, wanted)
            } else {
                try refillWindow(remaining: remaining)
            }
        }
        let header = UnsafeRawPointer(window + (offset - windowStart))
        let rawSeconds = word(header, 0), rawFraction = word(header, 4)
        let capturedLength = Int(word(header, 8)), originalLength = word(header, 12)
        guard capturedLength <= maximumCapturedLength else {
            throw Fault(truncated: false, reason: "invalid packet capture length \(capturedLength), bigger than "
                            + "maximum of \(maximumCapturedLength)")
        }
        guard remaining - 16 >= capturedLength else {
            throw Fault(truncated: true, reason: "truncated dump file; tried to read \(capturedLength) captured "
                            + "bytes, only got \(remaining - 16)")
        }
        let dataOffset = offset + 16
        offset = dataOffset + capturedLength
        lastLength = capturedLength
        if lastRecordLarge { largeBodiesWanted = lastBodyAsked }
        (lastRecordLarge, lastBodyAsked) = (capturedLength > Self.smallPacket, false)
        let kept = min(capturedLength, snapshot)
        // libpcap reads the times as signed 32-bit values and scales nanoseconds down to microseconds.
        let microseconds = nanoseconds ? Int32(bitPattern: rawFraction) / 1000 : Int32(bitPattern: rawFraction)
        return Record(seconds: Int64(Int32(bitPattern: rawSeconds)), microseconds: microseconds,
                      prefix: header.assumingMemoryBound(to: UInt8.self) + 16,
                      prefixLength: min(kept, windowStart + windowCount - dataOffset), capturedLength: kept,
                      originalLength: originalLength, dataOffset: dataOffset)
    }

    /// All captured bytes of `record`: a region of the current chunk (large packets, read a chunk at a time), a
    /// copy of what the chunk or window holds, or the window's part and the rest read straight into the array.
    func bytes(of record: Record) throws(Fault) -> Body {
        lastBodyAsked = true
        let count = record.capturedLength
        let inChunk = record.dataOffset >= chunkStart && record.dataOffset + count <= chunkStart + chunk.count
        if count > Self.smallPacket, inChunk || largeBodiesWanted {
            if !inChunk { try readChunk(at: record.dataOffset, atLeast: count) }
            let start = record.dataOffset - chunkStart
            return Body(storage: chunk, range: start..<start + count)
        }
        if inChunk {
            let start = record.dataOffset - chunkStart
            return Body(storage: Array(chunk[start..<start + count]), range: 0..<count)
        }
        let held = min(count, record.prefixLength)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            base.update(from: record.prefix, count: held)
            complete = held == count || readFully(into: base + held, count: count - held, at: record.dataOffset + held)
            initialized = complete ? count : 0
        }
        guard complete else { throw Self.shrank }
        return Body(storage: bytes, range: 0..<count)
    }

    private static let shrank = Fault(truncated: true, reason: "truncated dump file; the file shrank while being read")

    /// Reads the window at `offset`: 64 KiB while packets are small, 1 KiB after a large one.
    private func refillWindow(remaining: Int) throws(Fault) {
        let count = min(remaining, lastLength <= Self.smallPacket ? Self.largeWindow : Self.smallWindow)
        guard readFully(into: window, count: count, at: offset) else {
            windowCount = 0
            throw Self.shrank
        }
        (windowStart, windowCount) = (offset, count)
    }

    /// Reads a new chunk from `position`: `chunkLength` bytes, or `atLeast`, or what is left of the file. The old
    /// chunk is not reused: packets handed out may still be regions of it.
    private func readChunk(at position: Int, atLeast: Int) throws(Fault) {
        let count = min(size - position, max(Self.chunkLength, atLeast))
        var complete = true
        chunk = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            complete = readFully(into: base, count: count, at: position)
            initialized = complete ? count : 0
        }
        chunkStart = position
        guard complete, count >= atLeast else {
            chunk = []
            throw Self.shrank
        }
    }

    private func readFully(into buffer: UnsafeMutablePointer<UInt8>, count: Int, at position: Int) -> Bool {
        var done = 0
        while done < count {
            let got = pread(fd, buffer + done, count - done, off_t(position + done))
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return false }
            done += got
        }
        return true
    }

    @inline(__always)
    private func word(_ header: UnsafeRawPointer, _ at: Int) -> UInt32 {
        let value = header.loadUnaligned(fromByteOffset: at, as: UInt32.self)
        return bigEndian ? UInt32(bigEndian: value) : UInt32(littleEndian: value)
    }
}
