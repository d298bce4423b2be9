internal import CPcap
import CastLog
public import CastWire
import Foundation

/// Reads pcap and pcapng captures one packet at a time; with `LiveCapture`, the only file that imports `CPcap`.
///
/// pcapng (files and pipes) is read by `PcapngReader`, each packet with its own interface's link type; classic
/// pcap from a pipe by `ClassicPcapStreamReader`; a classic file by `ClassicPcapReader` after libpcap accepted its
/// header (libpcap still reads the old versions whose records need repair). This type adds what libpcap does not:
/// refusing gzip'd files with a clear message and naming the packet number and byte offset of a fault.
public final class PcapSource {
    /// The path given.
    public let path: String
    /// The link type of the file's first interface (a pcapng file may have others: each packet carries its own).
    public private(set) var linkType: LinkType
    /// Packets read so far.
    public internal(set) var packetsRead = 0
    /// Byte offset where the next record starts (the end of the last one read).
    public internal(set) var nextRecordOffset = 0
    /// Key logs of the Decryption Secrets Blocks read so far from a pcapng (files are also scanned up front).
    var keyLogs: [String] = []
    private let reader: Reader
    /// The filter `setFilter` compiled, per link type (a pcapng file's interfaces may differ).
    private var filters: [UInt32: CompiledFilter] = [:]
    private var filterExpression: String?
    /// The filter reads only headers: run it on each record's first bytes and read bodies of matches only.
    private var filterOnPrefix = false
    /// Record header length of a classic pcap file (16, or 24 for the "modified" format); nil for pcapng.
    private let recordHeaderLength: Int?

    /// Where the packets come from.
    private enum Reader {
        /// A classic file libpcap opened; `ClassicPcapReader` reads its records unless it is an old version.
        case libpcap(PcapHandle, ClassicPcapReader?)
        case pcapng(PcapngReader)
        case classicStream(ClassicPcapStreamReader)
    }

    /// Opens `path` ("-": standard input, read as a stream, as `tcpdump -r -` does); throws `.cannotOpen`,
    /// `.compressed` or `.badHeader`.
    public init(path: String) throws(CaptureError) {
        self.path = path
        let fromPipe = path == Self.standardInput || Self.isStream(path)
        func failure(_ kind: CaptureError.Kind, _ reason: String, at offset: Int = 0) -> CaptureError {
            CaptureError(kind: kind, file: path, packetNumber: 0, byteOffset: offset, reason: reason)
        }
        let magic: [UInt8]
        var input: SequentialInput?
        if fromPipe {
            // A duplicate of standard input, so closing the capture leaves the process's own alone. A named pipe or
            // <(…) is read once, as standard input is: its first bytes are read here and handed on.
            let fd = path == Self.standardInput
                ? fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(.cannotOpen, "cannot be read (closed?)") }
            let stream = SequentialInput(fd: fd, ownsDescriptor: true, chunk: 64 << 10)
            magic = stream.read(4)
            input = stream
        } else {
            guard let file = FileHandle(forReadingAtPath: path) else {
                throw failure(.cannotOpen, FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
            }
            let header = [UInt8]((try? file.read(upToCount: 24)) ?? Data())
            try? file.close()
            magic = Array(header.prefix(4))
            if let reason = Self.reservedLinkTypeBits(header) { throw failure(.badHeader, reason, at: 20) }
        }
        if magic.starts(with: [0x1f, 0x8b]) {
            throw failure(.compressed, fromPipe
                ? "the stream is gzip-compressed; pipe it through gunzip"
                : "the file is gzip-compressed; decompress it first (gunzip -k \(path))")
        }
        if magic == [0x0A, 0x0D, 0x0D, 0x0A] {
            if input == nil {
                let fd = open(path, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { throw failure(.cannotOpen, "cannot open") }
                _ = posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL)
                input = SequentialInput(fd: fd, ownsDescriptor: true)
            }
            guard let input else { throw failure(.cannotOpen, "cannot open") }
            do throws(PcapngReader.Fault) {
                let pcapng = try PcapngReader(input, header: fromPipe ? magic : input.read(4))
                reader = .pcapng(pcapng)
                linkType = LinkType(rawValue: pcapng.linkTypes.first ?? 0)
            } catch {
                throw failure(error.truncated ? .truncated : .badHeader, error.reason, at: error.offset)
            }
            recordHeaderLength = nil
            nextRecordOffset = input.position
            return
        }
        if let input {
            guard ClassicPcapStreamReader.isClassic(magic) else {
                throw failure(magic.count < 4 ? .truncated : .badHeader, magic.isEmpty
                    ? "the stream is empty; it must carry a pcap or pcapng capture"
                    : "unknown file format; the stream must carry a pcap or pcapng capture")
            }
            do throws(ClassicPcapStreamReader.Fault) {
                let classic = try ClassicPcapStreamReader(input, header: magic)
                reader = .classicStream(classic)
                linkType = LinkType(rawValue: classic.linkType)
            } catch {
                throw failure(error.truncated ? .truncated : .badHeader, error.reason)
            }
            recordHeaderLength = 16
            nextRecordOffset = 24
            return
        }
        guard let stream = fopen(path, "rb") else { throw failure(.cannotOpen, "cannot open") }
        var errorBuffer = [CChar](repeating: 0, count: Int(PCAP_ERRBUF_SIZE) + 1)
        // A 1 MiB stdio buffer for the old versions libpcap reads (glibc ignores the size when the buffer is nil,
        // so it is ours, freed after pcap_close closed the FILE).
        let streamBuffer = malloc(1 << 20)
        if let streamBuffer { setvbuf(stream, streamBuffer.assumingMemoryBound(to: CChar.self), _IOFBF, 1 << 20) }
        guard let raw = pcap_fopen_offline_with_tstamp_precision(stream, UInt32(PCAP_TSTAMP_PRECISION_MICRO),
                                                                  &errorBuffer) else {
            fclose(stream)
            free(streamBuffer)
            let reason = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // libpcap's own words ("truncated dump file; tried to read 4 file header bytes") puzzle more than they
            // say for the cases a user meets most.
            if magic.isEmpty { throw failure(.truncated, "empty file, no capture header") }
            if magic.count < 4 { throw failure(.truncated, "only \(magic.count) bytes, too short for a capture header") }
            throw failure(reason.contains("truncated") ? .truncated : .badHeader, reason)
        }
        let handle = PcapHandle(raw, streamBuffer: streamBuffer)
        linkType = LinkType(rawValue: UInt32(bitPattern: pcap_datalink(raw)))
        let modified: [[UInt8]] = [[0xA1, 0xB2, 0xCD, 0x34], [0x34, 0xCD, 0xB2, 0xA1]]
        reader = .libpcap(handle, ClassicPcapReader(path: path, magic: magic, snapshot: Int(pcap_snapshot(raw)),
                                                    linkType: linkType.rawValue))
        // Counting is exact and saves an lseek per packet (ftell) on classic files.
        recordHeaderLength = modified.contains(magic) ? 24 : 16
        nextRecordOffset = 24
    }

    /// True for pcapng (which may carry Decryption Secrets Blocks), false for classic pcap.
    public var isPcapng: Bool { recordHeaderLength == nil }

    /// The key logs of the Decryption Secrets Blocks read since the last call (pcapng only).
    public func takeKeyLogs() -> [String] {
        defer { keyLogs = [] }
        return keyLogs
    }

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
        guard let type = status(path).map({ $0.st_mode & S_IFMT }) else { return false }
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }

    /// The size of the regular file at `path` (0 for anything else, or when it cannot be read): one stat, where
    /// FileManager's attributes also look up the owner's and group's names.
    static func fileSize(_ path: String) -> Int {
        guard let info = status(path), info.st_mode & S_IFMT == S_IFREG else { return 0 }
        return Int(info.st_size)
    }

    /// `stat` of `path` (links followed), or nil when it fails.
    private static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
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
        if case .libpcap(let handle, let classic) = reader {
            var program = bpf_program()
            guard pcap_compile(handle.raw, &program, expression, 1, PCAP_NETMASK_UNKNOWN) == 0 else {
                throw filterError(String(cString: pcap_geterr(handle.raw)))
            }
            if classic != nil {
                filterOnPrefix = looksOnlyAtHeaders
                filters[linkType.rawValue] = CompiledFilter(program)
                return
            }
            defer { pcap_freecode(&program) }
            guard pcap_setfilter(handle.raw, &program) == 0 else {
                throw filterError(String(cString: pcap_geterr(handle.raw)))
            }
            return
        }
        // Our readers: compiled per link type when a packet of that type first comes (checked here once, for the
        // first interface, so a bad expression fails before any packet).
        filterExpression = expression
        filterOnPrefix = false
        if case .failed(let reason) = CompiledFilter.compile(expression, linkType: linkType.rawValue) {
            throw filterError(reason)
        }
    }

    private func filterError(_ reason: String) -> CaptureError {
        CaptureError(kind: .malformed, file: path, packetNumber: 0, byteOffset: 0, reason: "filter: " + reason)
    }

    /// Whether `bytes` of a packet of `linkType` pass the filter; a link type the expression cannot be compiled
    /// for passes everything (its packets are then counted as not decoded, not silently dropped).
    func passes(_ bytes: [UInt8], linkType: UInt32, seconds: Int64, microseconds: Int32,
                        originalLength: Int) -> Bool {
        guard let filterExpression else { return true }
        if filters[linkType] == nil {
            guard case .compiled(let filter) = CompiledFilter.compile(filterExpression, linkType: linkType) else {
                return true
            }
            filters[linkType] = filter
        }
        guard let filter = filters[linkType] else { return true }
        return bytes.withUnsafeBufferPointer {
            filter.matches(seconds: seconds, microseconds: microseconds, originalLength: UInt32(clamping: originalLength),
                           data: $0.baseAddress, length: $0.count)
        }
    }

    /// The next packet, nil at the end of the file; throws `.truncated`/`.malformed` naming the faulty record.
    public func next() throws(CaptureError) -> CapturedPacket? {
        switch reader {
        case .libpcap(let handle, let classic):
            if let classic { return try nextClassic(classic) }
            return try nextFromLibpcap(handle)
        case .pcapng(let pcapng):
            return try nextPcapng(pcapng)
        case .classicStream(let classic):
            return try nextClassicStream(classic)
        }
    }

    private func nextFromLibpcap(_ handle: PcapHandle) throws(CaptureError) -> CapturedPacket? {
        var header: UnsafeMutablePointer<pcap_pkthdr>?
        var data: UnsafePointer<UInt8>?
        let status = pcap_next_ex(handle.raw, &header, &data)
        switch status {
        case 1:
            guard let header, let data else { return nil }
            packetsRead += 1
            nextRecordOffset += (recordHeaderLength ?? 16) + Int(header.pointee.caplen)
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
        let filter = filters[linkType.rawValue]
        while true {
            let start = file.offset
            let record: ClassicPcapReader.Record
            let body: ClassicPcapReader.Body
            do throws(ClassicPcapReader.Fault) {
                guard let next = try file.next() else { return nil }
                if filterOnPrefix, let filter, !filter.matches(next, data: next.prefix, length: next.prefixLength) {
                    nextRecordOffset = file.offset
                    continue
                }
                record = next
                body = try file.bytes(of: next)
                if !filterOnPrefix, let filter, !body.storage.withUnsafeBufferPointer({
                    filter.matches(next, data: $0.baseAddress.map { $0 + body.range.lowerBound }, length: body.range.count)
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
                                  linkType: linkType, storage: body.storage, region: body.range,
                                  originalLength: max(Int(record.originalLength), record.capturedLength))
        }
    }
}

/// A compiled BPF program run over records (`pcap_offline_filter`), freed with its owner.
private final class CompiledFilter {
    private var program: bpf_program

    init(_ program: bpf_program) { self.program = program }

    deinit { pcap_freecode(&program) }

    enum Compiled {
        case compiled(CompiledFilter)
        case failed(String)
    }

    /// `expression` compiled for packets of `linkType` (libpcap's dead handle for that type), or why it cannot be.
    static func compile(_ expression: String, linkType: UInt32) -> Compiled {
        guard let dead = pcap_open_dead(Int32(bitPattern: linkType), 262_144) else {
            return .failed("link type \(linkType) is unknown to libpcap")
        }
        defer { pcap_close(dead) }
        var program = bpf_program()
        guard pcap_compile(dead, &program, expression, 1, PCAP_NETMASK_UNKNOWN) == 0 else {
            return .failed(String(cString: pcap_geterr(dead)))
        }
        return .compiled(CompiledFilter(program))
    }

    /// Runs the program over `length` bytes of a packet.
    func matches(seconds: Int64, microseconds: Int32, originalLength: UInt32, data: UnsafePointer<UInt8>?,
                 length: Int) -> Bool {
        var header = pcap_pkthdr()
        header.ts.tv_sec = Int(seconds)
        header.ts.tv_usec = Int(microseconds)
        header.caplen = UInt32(length)
        header.len = originalLength
        var empty: UInt8 = 0
        guard let data else { return pcap_offline_filter(&program, &header, &empty) != 0 }
        return pcap_offline_filter(&program, &header, data) != 0
    }

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
}
