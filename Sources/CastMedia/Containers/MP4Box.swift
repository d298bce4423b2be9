/// One ISO base media file format box (ISO/IEC 14496-12 §4.2): its type and where its header and payload lie.
///
/// A box is a 32-bit size (1: a 64-bit size follows the type; 0: to the end of its parent), a four-character type,
/// then its payload. Sizes are checked against the parent before anything is read inside, so a lying size can
/// neither read past the bytes nor make the walk allocate.
struct MP4Box {
    /// The four characters (`moov`, `trak`…), as bytes.
    let type: UInt32
    /// Where the box starts, and where its payload starts and ends.
    let start: Int
    let payload: Range<Int>
    /// Where the box ends as its size says: past the bytes read when only a head of the file was read (its
    /// `payload` is then cut at the bytes' end).
    let declaredEnd: Int

    /// Whether the box runs past the bytes read.
    var isCut: Bool { declaredEnd > payload.upperBound }

    /// The type as text (printable ASCII; other bytes as `?`).
    var name: String { Self.name(type) }

    static func name(_ type: UInt32) -> String {
        String(decoding: (0..<4).map { shift -> UInt8 in
            let byte = UInt8(truncatingIfNeeded: type >> (24 - 8 * UInt32(shift)))
            return byte >= 0x20 && byte < 0x7F ? byte : UInt8(ascii: "?")
        }, as: UTF8.self)
    }

    /// The box at `offset` of `bytes` (a head of the file: the file may go on after them), inside a parent that ends
    /// at `parentEnd` (its declared end, which may lie past the bytes read; at the top, the file's size, or
    /// `Int.max` when unknown). `path` names the parent for errors.
    /// Nil when the bytes read end inside the box's header while the parent goes on past them: the head of the
    /// file was read that far, which is no fault.
    static func read(_ bytes: [UInt8], at offset: Int, parentEnd: Int, path: String) throws(MediaParseError) -> MP4Box? {
        let available = min(bytes.count, parentEnd)
        let cutByTheRead = parentEnd > bytes.count
        if cutByTheRead, bytes.count - offset < 16,
           bytes.count - offset < 8 || bigEndian32(bytes, offset) == 1 { return nil }
        guard available - offset >= 8 else {
            throw MediaParseError(path: path, offset: offset,
                                  reason: "\(max(0, available - offset)) bytes left, too few for a box header (8)")
        }
        let size32 = Int(bigEndian32(bytes, offset))
        let type = bigEndian32(bytes, offset + 4)
        var header = 8
        var size: Int
        switch size32 {
        case 1:
            guard available - offset >= 16 else {
                throw MediaParseError(path: path, offset: offset, reason: "\(name(type)): 64-bit size cut off")
            }
            let large = UInt64(bigEndian32(bytes, offset + 8)) << 32 | UInt64(bigEndian32(bytes, offset + 12))
            guard large <= UInt64(Int.max / 4) else {
                throw MediaParseError(path: path, offset: offset, reason: "\(name(type)): size \(large) is absurd")
            }
            size = Int(large)
            header = 16
        case 0:
            // To the end of the parent (at the top: of the file; unknown: of the bytes read).
            size = (parentEnd == Int.max ? bytes.count : parentEnd) - offset
        default:
            size = size32
        }
        guard size >= header else {
            throw MediaParseError(path: path, offset: offset,
                                  reason: "\(name(type)): size \(size) is smaller than its header (\(header))")
        }
        let end = offset + size
        guard end <= parentEnd else {
            throw MediaParseError(path: path, offset: offset,
                                  reason: "\(name(type)): size \(size) runs past its parent "
                                      + "(\(parentEnd - offset) bytes left)")
        }
        return MP4Box(type: type, start: offset, payload: (offset + header)..<min(end, bytes.count),
                      declaredEnd: end)
    }

    static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    static func bigEndian16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }
}
