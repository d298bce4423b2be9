/// A validated view of a radiotap header (DLT 127): the capture metadata a monitor-mode Wi-Fi capture puts before
/// each 802.11 frame.
///
/// Layout (radiotap.org): version 0, pad, little-endian length (2) of the whole header, then present bitmaps
/// (4 bytes each, chained while bit 31 is set), then the fields in bit order, each at its natural alignment. Only
/// the Flags field (bit 1, after an 8-byte TSFT when bit 0 is set) matters here: it says whether the frame ends in
/// a 4-byte FCS and whether the 802.11 header is padded to 4 bytes.
public struct RadiotapHeaderView: Sendable {
    /// The header length the header states.
    public let length: Int
    /// The Flags field (0 when absent).
    public let flags: UInt8
    /// The 802.11 frame after the header, without a trailing FCS.
    public let frame: ByteReader

    /// Flags bit: the frame includes its FCS.
    public static let flagFCS: UInt8 = 0x10
    /// Flags bit: padding between the 802.11 header and its payload, to a 32-bit boundary.
    public static let flagDataPad: UInt8 = 0x20
    /// Most chained present bitmaps read (a forged header could chain to its end).
    static let maximumPresentWords = 16

    /// Validates the header and finds the frame.
    public init(_ reader: ByteReader) throws(PacketError) {
        let start = reader.position, storage = reader.storage
        guard reader.remaining >= 8 else { throw .truncated(.radiotap, need: 8, have: reader.remaining, at: start) }
        guard storage[start] == 0 else { throw .malformed(.radiotap, .unknownRadiotapVersion(storage[start]), at: start) }
        length = Int(storage[start + 2]) | Int(storage[start + 3]) << 8
        guard length >= 8, length <= reader.remaining else {
            throw .truncated(.radiotap, need: max(8, length), have: reader.remaining, at: start)
        }
        var cursor = start + 4
        let first = storage.packetUInt32LE(at: cursor)
        var word = first
        var words = 1
        while word & 0x8000_0000 != 0 {
            cursor += 4
            words += 1
            guard cursor + 4 <= start + length, words <= Self.maximumPresentWords else {
                throw .malformed(.radiotap, .radiotapPresentBitmapOverrun, at: start)
            }
            word = storage.packetUInt32LE(at: cursor)
        }
        var field = cursor + 4
        if first & 0x1 != 0 {  // TSFT: u64, aligned to 8 from the header's start
            field = start + ((field - start + 7) / 8) * 8 + 8
        }
        var flags: UInt8 = 0
        if first & 0x2 != 0 {
            guard field < start + length else { throw .malformed(.radiotap, .radiotapPresentBitmapOverrun, at: start) }
            flags = storage[field]
        }
        self.flags = flags
        var end = reader.limit
        if flags & Self.flagFCS != 0, end - (start + length) >= 4 { end -= 4 }
        frame = ByteReader(storage, range: start + length..<end)
    }
}
