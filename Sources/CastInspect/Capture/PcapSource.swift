internal import CPcap
import CastLog
public import CastWire
import Foundation

/// Reads pcap and pcapng files through libpcap, one packet at a time; the only file that imports `CPcap`.
///
/// libpcap checks the headers and record lengths; this type adds what it does not: refusing gzip'd files with a
/// clear message and naming the packet number and byte offset of a fault.
public final class PcapSource {
    /// The path given.
    public let path: String
    /// The link type of the file's (first) interface.
    public let linkType: LinkType
    /// Packets read so far.
    public private(set) var packetsRead = 0
    /// Byte offset where the next record starts (the end of the last one read).
    public private(set) var nextRecordOffset = 0
    private let handle: PcapHandle
    /// Classic pcap files are read without libpcap's copies (nil: libpcap reads them, as it does pcapng).
    private let classic: ClassicPcapReader?
    /// The filter `setFilter` compiled, applied to classic records (libpcap applies it to the ones it reads).
    private var filter: CompiledFilter?
    /// The filter reads only headers: run it on each record's first bytes and read bodies of matches only.
    private var filterOnPrefix = false
    /// Record header length of a classic pcap file (16, or 24 for the "modified" format); nil for pcapng, whose
    /// offsets come from the FILE position instead (block lengths vary with options).
    private let recordHeaderLength: Int?

    /// Opens `path` ("-": standard input, read as a stream, as `tcpdump -r -` does); throws `.cannotOpen`,
    /// `.compressed` or `.badHeader`.
    public init(path: String) throws(CaptureError) {
        self.path = path
        let magic: [UInt8]
        let stream: UnsafeMutablePointer<FILE>
        if path == Self.standardInput || Self.isStream(path) {
            // The header is libpcap's to read from a pipe (no peeking without consuming); a duplicate descriptor,
            // so closing the capture leaves the process's standard input alone.
            magic = []
            // A named pipe or <(…) is read once, as standard input is: peeking at its magic would consume it.
            let fd = path == Self.standardInput
                ? fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0, let opened = fdopen(fd, "rb") else {
                if fd >= 0 { close(fd) }
                throw CaptureError(kind: .cannotOpen, file: path, packetNumber: 0, byteOffset: 0,
                                   reason: "cannot be read (closed?)")
            }
            stream = opened
        } else {
            guard let file = FileHandle(forReadingAtPath: path) else {
                throw CaptureError(kind: .cannotOpen, file: path, packetNumber: 0, byteOffset: 0,
                                   reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
            }
            let header = [UInt8]((try? file.read(upToCount: 24)) ?? Data())
            try? file.close()
            magic = Array(header.prefix(4))
            if let reason = Self.reservedLinkTypeBits(header) {
                throw CaptureError(kind: .badHeader, file: path, packetNumber: 0, byteOffset: 20, reason: reason)
            }
            if magic.starts(with: [0x1f, 0x8b]) {
                throw CaptureError(kind: .compressed, file: path, packetNumber: 0, byteOffset: 0,
                                   reason: "the file is gzip-compressed; decompress it first (gunzip -k \(path))")
            }
            guard let opened = fopen(path, "rb") else {
                throw CaptureError(kind: .cannotOpen, file: path, packetNumber: 0, byteOffset: 0, reason: "cannot open")
            }
            stream = opened
        }
        var errorBuffer = [CChar](repeating: 0, count: Int(PCAP_ERRBUF_SIZE) + 1)
        // A 1 MiB stdio buffer: libpcap reads through it, and the default 4 KiB costs a syscall every few packets.
        // glibc ignores the size when the buffer is nil, so it is ours, freed after pcap_close closed the FILE.
        let streamBuffer = malloc(1 << 20)
        if let streamBuffer { setvbuf(stream, streamBuffer.assumingMemoryBound(to: CChar.self), _IOFBF, 1 << 20) }
        guard let raw = pcap_fopen_offline_with_tstamp_precision(stream, UInt32(PCAP_TSTAMP_PRECISION_MICRO),
                                                                  &errorBuffer) else {
            fclose(stream)
            free(streamBuffer)
            var reason = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fromPipe = path == Self.standardInput || Self.isStream(path)
            if fromPipe, reason.contains("unknown file format") {
                reason += "; the stream must carry a pcap or pcapng capture (gzip'd? pipe it through gunzip)"
            }
            throw CaptureError(
                kind: (!fromPipe && magic.count < 4) || reason.contains("truncated") ? .truncated : .badHeader,
                file: path, packetNumber: 0, byteOffset: 0, reason: reason)
        }
        handle = PcapHandle(raw, streamBuffer: streamBuffer)
        linkType = LinkType(rawValue: UInt32(bitPattern: pcap_datalink(raw)))
        let modified: [[UInt8]] = [[0xA1, 0xB2, 0xCD, 0x34], [0x34, 0xCD, 0xB2, 0xA1]]
        classic = ClassicPcapReader(path: path, magic: magic, snapshot: Int(pcap_snapshot(raw)),
                                    linkType: linkType.rawValue)
        // pcapng's section header says version 1; classic pcap files say 2.
        if magic == [0x0A, 0x0D, 0x0D, 0x0A] || (magic.isEmpty && pcap_major_version(raw) == 1) {
            recordHeaderLength = nil
            nextRecordOffset = handle.fileOffset
        } else {
            // Counting is exact and saves an lseek per packet (ftell) on classic files.
            recordHeaderLength = modified.contains(magic) ? 24 : 16
            nextRecordOffset = 24
        }
    }

    /// True for pcapng (which may carry Decryption Secrets Blocks), false for classic pcap.
    public var isPcapng: Bool { recordHeaderLength == nil }

    /// Why a classic pcap header's link-type field is invalid, or nil. Bits 16–25 are reserved and must be zero
    /// (the pcap file format: the low 16 bits are the link type, bit 26 and bits 28–31 describe an FCS); tshark
    /// refuses such a file too.
    static func reservedLinkTypeBits(_ header: [UInt8]) -> String? {
        guard header.count >= 24 else { return nil }
        // Microsecond, nanosecond and the "modified" format, in either byte order.
        let littleEndian: [[UInt8]] = [[0xD4, 0xC3, 0xB2, 0xA1], [0x4D, 0x3C, 0xB2, 0xA1], [0x34, 0xCD, 0xB2, 0xA1]]
        let bigEndian: [[UInt8]] = [[0xA1, 0xB2, 0xC3, 0xD4], [0xA1, 0xB2, 0x3C, 0x4D], [0xA1, 0xB2, 0xCD, 0x34]]
        let magic = Array(header.prefix(4))
        let bytes = header[20..<24]
        let field: UInt32
        if littleEndian.contains(magic) {
            field = bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
        } else if bigEndian.contains(magic) {
            field = bytes.reduce(0) { $0 << 8 | UInt32($1) }
        } else {
            return nil
        }
        let reserved = field & 0x03FF_0000
        guard reserved != 0 else { return nil }
        let hex = String(field, radix: 16)
        return "the link-type field 0x\(hex) has reserved bits (16–25) set; a classic pcap file keeps them zero"
    }

    /// True for standard input and for pipes and devices: read once, as they arrive, never reopened.
    public static func isStreamInput(_ path: String) -> Bool { path == standardInput || isStream(path) }

    /// True for a FIFO, socket or character device (what `<(…)` and `/dev/stdin` give): read as a stream.
    static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }

    /// The path that means standard input.
    public static let standardInput = "-"

    /// Keeps only packets matching the BPF `expression` (libpcap filters them before they are copied); packet
    /// numbers then count matching packets only.
    public func setFilter(_ expression: String) throws(CaptureError) {
        try setFilter(expression, looksOnlyAtHeaders: false)
    }

    /// `setFilter`; `looksOnlyAtHeaders` promises the expression reads nothing past the first
    /// `ClassicPcapReader.prefixLength` bytes of a packet (link, IP and UDP/TCP headers), so a classic file is
    /// walked by reading record headers and packet starts only.
    func setFilter(_ expression: String, looksOnlyAtHeaders: Bool) throws(CaptureError) {
        var program = bpf_program()
        guard pcap_compile(handle.raw, &program, expression, 1, PCAP_NETMASK_UNKNOWN) == 0 else {
            throw CaptureError(kind: .malformed, file: path, packetNumber: 0, byteOffset: 0,
                               reason: "filter: " + String(cString: pcap_geterr(handle.raw)))
        }
        if classic != nil {
            filterOnPrefix = looksOnlyAtHeaders
            filter = CompiledFilter(program)
            return
        }
        defer { pcap_freecode(&program) }
        guard pcap_setfilter(handle.raw, &program) == 0 else {
            throw CaptureError(kind: .malformed, file: path, packetNumber: 0, byteOffset: 0,
                               reason: "filter: " + String(cString: pcap_geterr(handle.raw)))
        }
    }

    /// The next packet, nil at the end of the file; throws `.truncated`/`.malformed` naming the faulty record.
    public func next() throws(CaptureError) -> CapturedPacket? {
        if let classic { return try nextClassic(classic) }
        var header: UnsafeMutablePointer<pcap_pkthdr>?
        var data: UnsafePointer<UInt8>?
        let status = pcap_next_ex(handle.raw, &header, &data)
        switch status {
        case 1:
            guard let header, let data else { return nil }
            packetsRead += 1
            if let recordHeaderLength {
                nextRecordOffset += recordHeaderLength + Int(header.pointee.caplen)
            } else {
                nextRecordOffset = handle.fileOffset
            }
            return CapturedPacket(number: packetsRead, header: header.pointee, data: data, linkType: linkType)
        case PCAP_ERROR_BREAK:
            return nil
        default:
            let reason = String(cString: pcap_geterr(handle.raw))
            throw CaptureError(kind: reason.contains("truncated") ? .truncated : .malformed, file: path,
                               packetNumber: packetsRead + 1, byteOffset: nextRecordOffset, reason: reason)
        }
    }
}

extension PcapSource {
    /// The next record of a classic file that passes the filter; only those are copied out.
    private func nextClassic(_ file: ClassicPcapReader) throws(CaptureError) -> CapturedPacket? {
        while true {
            let start = file.offset
            let record: ClassicPcapReader.Record
            let bytes: [UInt8]
            do throws(ClassicPcapReader.Fault) {
                guard let next = try file.next() else { return nil }
                if filterOnPrefix, let filter, !filter.matches(next, data: next.prefix, length: next.prefixLength) {
                    nextRecordOffset = file.offset
                    continue
                }
                record = next
                bytes = try file.bytes(of: next)
                if !filterOnPrefix, let filter, !bytes.withUnsafeBufferPointer({
                    filter.matches(next, data: $0.baseAddress, length: $0.count)
                }) {
                    nextRecordOffset = file.offset
                    continue
                }
            } catch {
                throw CaptureError(kind: error.truncated ? .truncated : .malformed, file: path,
                                   packetNumber: packetsRead + 1, byteOffset: start, reason: error.reason)
            }
            nextRecordOffset = file.offset
            packetsRead += 1
            return CapturedPacket(number: packetsRead,
                                  time: LogTimestamp(seconds: record.seconds, microseconds: record.microseconds),
                                  linkType: linkType, bytes: bytes,
                                  originalLength: max(Int(record.originalLength), record.capturedLength))
        }
    }
}

/// A compiled BPF program run over classic records (`pcap_offline_filter`), freed with its owner.
private final class CompiledFilter {
    private var program: bpf_program

    init(_ program: bpf_program) { self.program = program }

    deinit { pcap_freecode(&program) }

    /// Runs the program over `length` bytes of the record's packet (BPF treats bytes past them as absent and
    /// never reads them).
    func matches(_ record: ClassicPcapReader.Record, data: UnsafePointer<UInt8>?, length: Int) -> Bool {
        var header = pcap_pkthdr()
        header.ts.tv_sec = Int(record.seconds)
        header.ts.tv_usec = Int(record.microseconds)
        header.caplen = UInt32(length)
        header.len = record.originalLength
        var empty: UInt8 = 0
        guard let data else { return pcap_offline_filter(&program, &header, &empty) != 0 }
        return pcap_offline_filter(&program, &header, data) != 0
    }
}

/// Owns one `pcap_t` and closes it.
private final class PcapHandle {
    let raw: OpaquePointer
    /// The FILE's stdio buffer: it must outlive the FILE, which pcap_close closes.
    private let streamBuffer: UnsafeMutableRawPointer?

    init(_ raw: OpaquePointer, streamBuffer: UnsafeMutableRawPointer?) {
        self.raw = raw
        self.streamBuffer = streamBuffer
    }

    deinit {
        pcap_close(raw)
        free(streamBuffer)
    }

    /// The position of libpcap's FILE (how far it has read); -1 on a pipe, where it is not known.
    var fileOffset: Int {
        guard let file = pcap_file(raw) else { return 0 }
        return ftell(file)
    }
}
