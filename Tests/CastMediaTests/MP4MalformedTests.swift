import CastMedia
import Testing

/// Hand-built boxes that lie: each fault is named with its box path and byte, nothing is read past the input, and
/// what came before the fault is kept.
@Suite struct MP4MalformedTests {
    /// A box of `type` around `payload`, with its size (or `size` when given).
    static func box(_ type: String, _ payload: [UInt8] = [], size: UInt32? = nil) -> [UInt8] {
        let length = size ?? UInt32(8 + payload.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + Array(type.utf8) + payload
    }

    static let ftyp = box("ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomiso2avc1mp41".utf8))

    @Test func aChildLargerThanItsParentIsNamedAndTheBrandsStay() {
        let bytes = Self.ftyp + Self.box("moov", Self.box("trak", [], size: 400))
        let probe = MP4Probe.probe(bytes, fileSize: bytes.count)
        #expect(probe.brands == ["isom", "isom", "iso2", "avc1", "mp41"])
        let error = probe.error
        #expect(error?.path == "moov")
        #expect(error?.offset == Self.ftyp.count + 8)
        #expect(error?.description.contains("trak: size 400 runs past its parent") == true, "\(String(describing: error))")
    }

    @Test func aSizeSmallerThanTheHeaderAndA64BitSizeAreRead() {
        let small = MP4Probe.probe(Self.ftyp + Self.box("free", [], size: 4))
        #expect(small.error?.reason.contains("smaller than its header") == true)
        // A 64-bit size of 24 bytes: header 16, payload 8.
        let large: [UInt8] = [0, 0, 0, 1] + Array("free".utf8) + [0, 0, 0, 0, 0, 0, 0, 24] + [UInt8](repeating: 0, count: 8)
        let probe = MP4Probe.probe(Self.ftyp + large + Self.box("moov"))
        #expect(probe.error == nil)
        #expect(probe.indexOffset == Self.ftyp.count + 24)
        let absurd: [UInt8] = [0, 0, 0, 1] + Array("mdat".utf8) + [0xFF, 0, 0, 0, 0, 0, 0, 0]
        #expect(MP4Probe.probe(absurd).error?.reason.contains("absurd") == true)
    }

    @Test func deepNestingAndManyBoxesAreBounded() {
        var nested = Self.box("stsd")
        for _ in 0..<40 { nested = Self.box("stbl", nested) }
        let deep = MP4Probe.probe(Self.box("moov", Self.box("trak", Self.box("mdia", Self.box("minf", nested)))))
        #expect(deep.error?.reason.contains("nested deeper") == true, "\(String(describing: deep.error))")
        let many = [UInt8]((0..<5000).flatMap { _ in Self.box("free") })
        #expect(MP4Probe.probe(many).error?.reason.contains("more than 4096 boxes") == true)
    }

    @Test func aCutSampleEntryKeepsWhatItHas() {
        // A video sample entry cut before its picture size: the track is there, without size or codec details.
        let stsd = Self.box("stsd", [0, 0, 0, 0, 0, 0, 0, 1] + Self.box("avc1", [UInt8](repeating: 0, count: 20)))
        let trak = Self.box("trak", Self.box("mdia", Self.box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("vide".utf8))
            + Self.box("minf", Self.box("stbl", stsd))))
        let probe = MP4Probe.probe(Self.ftyp + Self.box("moov", trak))
        #expect(probe.error == nil)
        #expect(probe.tracks.count == 1)
        #expect(probe.tracks.first?.codec == "avc1")
        #expect(probe.tracks.first?.kind == .video)
        #expect(probe.tracks.first?.width == nil)
    }

    @Test func everyPrefixOfAFileProbesWithinItsBytes() {
        let stsd = Self.box("stsd", [0, 0, 0, 0, 0, 0, 0, 1] + Self.box("mp4a", [UInt8](repeating: 0, count: 28)
            + Self.box("esds", [0, 0, 0, 0, 0x03, 0x16, 0, 1, 0, 0x04, 0x11, 0x40, 0x15] + [UInt8](repeating: 0, count: 11)
                + [0x05, 0x02, 0x12, 0x10])))
        let file = Self.ftyp + Self.box("moov", Self.box("trak", Self.box("mdia", Self.box("minf", Self.box("stbl", stsd)))))
        #expect(MP4Probe.probe(file).codecs == ["mp4a.40.2"])
        for length in 0...file.count {
            // Cut by the read (the file goes on): no fault. Cut with the file ending there: a fault within the bytes.
            #expect(MP4Probe.probe(Array(file.prefix(length)), fileSize: file.count).error == nil, "\(length)")
            if let error = MP4Probe.probe(Array(file.prefix(length)), fileSize: length).error {
                #expect(error.offset <= length)
            }
        }
        #expect(!MP4Probe.recognises(Array("<html><body>".utf8)))
        #expect(!MP4Probe.recognises([0, 0]))
    }
}
