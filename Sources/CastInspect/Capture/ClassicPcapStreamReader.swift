/// Reads a classic pcap capture from a pipe or standard input, record by record as it arrives: the file header is
/// checked as libpcap checks it (magic, version 2.4, link-type reserved bits), records as `ClassicPcapReader`
/// checks them. A regular file is read by `ClassicPcapReader` instead, which can skip bodies.
final class ClassicPcapStreamReader {
    typealias Fault = ClassicPcapReader.Fault

    let linkType: UInt32
    let snapshot: Int
    private let input: SequentialInput
    private let bigEndian: Bool
    private let nanoseconds: Bool
    private let maximumCapturedLength: Int
    /// Offset of the next record header.
    var offset: Int { input.position }

    /// True when `magic` is a classic pcap magic (microseconds or nanoseconds, either byte order).
    static func isClassic(_ magic: [UInt8]) -> Bool { ClassicPcapReader.byteOrder(magic) != nil }

    /// Reads and checks the 24-byte file header, of which `header` holds the bytes already read.
    init(_ input: SequentialInput, header: [UInt8]) throws(Fault) {
        let whole = header + input.read(max(0, 24 - header.count))
        guard whole.count == 24 else {
            throw Fault(truncated: true, reason: "truncated dump file; tried to read 24 file header bytes, only got "
                            + "\(whole.count)")
        }
        guard let (bigEndian, nanoseconds) = ClassicPcapReader.byteOrder(Array(whole.prefix(4))) else {
            throw Fault(truncated: false, reason: "unknown file format")
        }
        if let reason = PcapSource.reservedLinkTypeBits(whole) { throw Fault(truncated: false, reason: reason) }
        self.input = input
        self.bigEndian = bigEndian
        self.nanoseconds = nanoseconds
        func half(_ at: Int) -> Int {
            bigEndian ? Int(whole[at]) << 8 | Int(whole[at + 1]) : Int(whole[at + 1]) << 8 | Int(whole[at])
        }
        func word(_ at: Int) -> UInt32 {
            let value = whole[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return bigEndian ? value : value.byteSwapped
        }
        let major = half(4), minor = half(6)
        // Before 2.4 some writers swapped caplen and len; only a file (read by libpcap) can be repaired.
        guard major == 2, minor >= 4 else {
            throw Fault(truncated: false, reason: "pcap version \(major).\(minor) is read from files only (save the "
                            + "stream to a file first)")
        }
        snapshot = Int(word(16))
        linkType = word(20) & 0xFFFF
        maximumCapturedLength = ClassicPcapReader.maximumSnapshot(linkType: linkType)
    }

    /// The next record, nil at the end of the stream.
    func next() throws(Fault) -> CaptureRecord? {
        let header = input.read(16)
        if header.isEmpty { return nil }
        guard header.count == 16 else {
            throw Fault(truncated: true, reason: "truncated dump file; tried to read 16 header bytes, only got "
                            + "\(header.count)")
        }
        func word(_ at: Int) -> UInt32 {
            let value = header[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return bigEndian ? value : value.byteSwapped
        }
        let captured = Int(word(8)), original = Int(word(12))
        guard captured <= maximumCapturedLength else {
            throw Fault(truncated: false, reason: "invalid packet capture length \(captured), bigger than maximum of "
                            + "\(maximumCapturedLength)")
        }
        var bytes = input.read(captured)
        guard bytes.count == captured else {
            throw Fault(truncated: true, reason: "truncated dump file; tried to read \(captured) captured bytes, only "
                            + "got \(bytes.count)")
        }
        if snapshot > 0, bytes.count > snapshot { bytes.removeLast(bytes.count - snapshot) }
        let fraction = Int32(bitPattern: word(4))
        return CaptureRecord(linkType: linkType, seconds: Int64(Int32(bitPattern: word(0))),
                      microseconds: nanoseconds ? fraction / 1000 : fraction, bytes: bytes,
                      originalLength: max(original, captured))
    }
}
