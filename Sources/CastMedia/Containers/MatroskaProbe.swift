/// Reads the tracks of a WebM / Matroska file's head (the EBML header's DocType, then Segment → Tracks → each
/// TrackEntry's type, CodecID, CodecPrivate and picture or sound): the Matroska specification (RFC 9559) and the
/// WebM codec mappings. Stops at the first Cluster (media data); a Segment of unknown size (live) is read the same.
///
/// Bounded: at most `maximumElements` elements, `maximumTracks` tracks, nesting `maximumDepth` deep; a size that
/// runs past the bytes given is read as far as they go.
public enum MatroskaProbe {
    static let maximumElements = 4096, maximumTracks = 64, maximumDepth = 8

    /// The probe of `bytes`: container `webm` or `matroska` by DocType.
    public static func probe(_ bytes: [UInt8]) -> MediaProbe {
        var walker = Walker(bytes: bytes)
        do throws(MediaParseError) {
            try walker.walk(from: 0, to: bytes.count, depth: 0, path: "")
        } catch {
            walker.probe.error = error
        }
        return walker.probe
    }

    private enum ID {
        static let ebml: UInt32 = 0x1A45_DFA3, docType: UInt32 = 0x4282, segment: UInt32 = 0x1853_8067
        static let tracks: UInt32 = 0x1654_AE6B, trackEntry: UInt32 = 0xAE, trackType: UInt32 = 0x83
        static let codecID: UInt32 = 0x86, codecPrivate: UInt32 = 0x63A2, video: UInt32 = 0xE0, audio: UInt32 = 0xE1
        static let pixelWidth: UInt32 = 0xB0, pixelHeight: UInt32 = 0xBA, channels: UInt32 = 0x9F
        static let cluster: UInt32 = 0x1F43_B675, contentEncodings: UInt32 = 0x6D80
        /// The masters whose children are read.
        static let descended: Set<UInt32> = [ebml, segment, tracks, trackEntry, video, audio]
    }

    private struct Walker {
        let bytes: [UInt8]
        var probe = MediaProbe(container: "matroska")
        var elements = 0
        var entry: [UInt32: [UInt8]] = [:]
        var stopped = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func walk(from start: Int, to end: Int, depth: Int, path: String) throws(MediaParseError) {
            var offset = start
            while offset < end, !stopped {
                elements += 1
                guard elements <= maximumElements else {
                    throw MediaParseError(path: path, offset: offset, reason: "more than \(maximumElements) elements")
                }
                guard let (id, idLength) = Self.vint(bytes, at: offset, keepMarker: true),
                      let (size, sizeLength) = Self.vint(bytes, at: offset + idLength, keepMarker: false) else {
                    if offset + 12 <= bytes.count {
                        throw MediaParseError(path: path, offset: offset, reason: "not an EBML element header")
                    }
                    return  // the head ends inside a header
                }
                let body = offset + idLength + sizeLength
                let unknownSize = size == (1 << (7 * sizeLength)) - 1
                // A child may claim more than its parent holds: it is read within the parent (and the bytes).
                let bodyEnd = max(body, unknownSize ? end : min(end, body + min(size, Int.max / 2)))
                let name = String(UInt32(id), radix: 16, uppercase: true)
                if UInt32(id) == ID.cluster { stopped = true; return }
                if ID.descended.contains(UInt32(id)) {
                    guard depth < maximumDepth else {
                        throw MediaParseError(path: path, offset: offset, reason: "elements nested too deep")
                    }
                    if UInt32(id) == ID.trackEntry { entry = [:] }
                    try walk(from: body, to: min(bodyEnd, bytes.count), depth: depth + 1,
                             path: path.isEmpty ? name : path + "/" + name)
                    if UInt32(id) == ID.trackEntry { addTrack() }
                } else if body <= bytes.count {
                    let value = Array(bytes[body..<min(bodyEnd, bytes.count)].prefix(4096))
                    if UInt32(id) == ID.docType {
                        probe.container = String(decoding: value, as: UTF8.self) == "webm" ? "webm" : "matroska"
                    }
                    entry[UInt32(id)] = value
                }
                if unknownSize { return }
                offset = body + size
            }
        }

        private mutating func addTrack() {
            guard probe.tracks.count < maximumTracks, let id = entry[ID.codecID] else { return }
            let codecID = String(decoding: id.prefix { $0 != 0 }, as: UTF8.self)
            let kind: MediaTrack.Kind = switch entry[ID.trackType]?.last {
            case 1: .video
            case 2: .audio
            case 17: .text
            default: .other
            }
            let codec = MatroskaCodec.codec(codecID, private: entry[ID.codecPrivate] ?? [])
            var track = MediaTrack(kind: kind, codec: codec, sampleEntry: codecID)
            track.width = entry[ID.pixelWidth].map(Self.unsigned)
            track.height = entry[ID.pixelHeight].map(Self.unsigned)
            track.channels = entry[ID.channels].map(Self.unsigned)
            if entry[ID.contentEncodings] != nil { track.encryption = "webm" }
            probe.tracks.append(track)
        }

        /// An EBML variable-length integer (RFC 8794 §4): its value (with the length marker for IDs) and length.
        static func vint(_ bytes: [UInt8], at offset: Int, keepMarker: Bool) -> (Int, Int)? {
            guard offset < bytes.count, bytes[offset] != 0 else { return nil }
            let length = bytes[offset].leadingZeroBitCount + 1
            guard length <= (keepMarker ? 4 : 8), offset + length <= bytes.count else { return nil }
            var value = Int(keepMarker ? bytes[offset] : bytes[offset] & (0xFF >> length))
            for byte in bytes[(offset + 1)..<(offset + length)] { value = value << 8 | Int(byte) }
            return (value, length)
        }

        static func unsigned(_ value: [UInt8]) -> Int { value.suffix(7).reduce(0) { $0 << 8 | Int($1) } }
    }
}
