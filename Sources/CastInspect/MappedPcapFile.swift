#if canImport(Glibc)
import Glibc
#endif

/// A classic pcap file mapped read-only into memory, its records read in place: no stdio or libpcap buffer copies,
/// and pages of packet bodies nobody looks at (a filter rejects the packet) are never even touched.
///
/// `PcapSource` uses it after libpcap has accepted the file header, and checks records as libpcap does: a record
/// header cut short or a body shorter than its captured length is `truncated`, a captured length over the link
/// type's maximum is `malformed`, a body longer than the snapshot length is cut to it.
final class MappedPcapFile {
    /// One record, pointing into the mapping (valid while the file lives).
    struct Record {
        var seconds: Int64
        var microseconds: Int32
        var data: UnsafePointer<UInt8>
        /// Captured bytes delivered (at most the snapshot length).
        var capturedLength: Int
        /// The length on the wire, as the record states it.
        var originalLength: UInt32
    }

    /// Why a record could not be read; the caller turns it into a `CaptureError`.
    struct Fault: Error {
        var truncated: Bool
        var reason: String
    }

    private let base: UnsafePointer<UInt8>
    private let size: Int
    private let bigEndian: Bool
    private let nanoseconds: Bool
    private let snapshot: Int
    private let maximumCapturedLength: Int
    /// Offset of the next record header.
    private(set) var offset = 24

    /// Maps `path` when it is a classic pcap (microsecond or nanosecond magic, either byte order); nil otherwise or
    /// when it cannot be mapped (the caller then reads through libpcap).
    init?(path: String, magic: [UInt8], snapshot: Int, linkType: UInt32) {
        switch magic {
        case [0xD4, 0xC3, 0xB2, 0xA1]: (bigEndian, nanoseconds) = (false, false)
        case [0x4D, 0x3C, 0xB2, 0xA1]: (bigEndian, nanoseconds) = (false, true)
        case [0xA1, 0xB2, 0xC3, 0xD4]: (bigEndian, nanoseconds) = (true, false)
        case [0xA1, 0xB2, 0x3C, 0x4D]: (bigEndian, nanoseconds) = (true, true)
        default: return nil
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= 24 else { return nil }
        let length = Int(info.st_size)
        guard let mapping = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), mapping != MAP_FAILED else {
            return nil
        }
        _ = madvise(mapping, length, MADV_SEQUENTIAL)
        base = UnsafePointer(mapping.assumingMemoryBound(to: UInt8.self))
        size = length
        self.snapshot = max(0, snapshot)
        maximumCapturedLength = Self.maximumSnapshot(linkType: linkType)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), size) }

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
        let header = UnsafeRawPointer(base + offset)
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
        offset += 16 + capturedLength
        // libpcap reads the times as signed 32-bit values and scales nanoseconds down to microseconds.
        let microseconds = nanoseconds ? Int32(truncatingIfNeeded: rawFraction / 1000) : Int32(bitPattern: rawFraction)
        return Record(seconds: Int64(Int32(bitPattern: rawSeconds)), microseconds: microseconds,
                      data: base + (offset - capturedLength), capturedLength: min(capturedLength, snapshot),
                      originalLength: originalLength)
    }

    @inline(__always)
    private func word(_ header: UnsafeRawPointer, _ at: Int) -> UInt32 {
        let value = header.loadUnaligned(fromByteOffset: at, as: UInt32.self)
        return bigEndian ? UInt32(bigEndian: value) : UInt32(littleEndian: value)
    }
}
