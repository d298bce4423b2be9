/// Reads what a player needs to know from the head of an MP4 / fragmented MP4 file (ISO/IEC 14496-12): the brands,
/// where the index (`moov`) lies, and each track's kind, codec string, picture size or channels.
///
/// Only the bytes given are read (a `Range: bytes=0-…` fetch of the file's head); a box that runs past them is read
/// as far as they go. The walk is bounded: at most `maximumBoxes` boxes, `maximumTracks` tracks, one sample entry
/// per track read (the first), boxes nested at most `maximumDepth` deep.
public enum MP4Probe {
    static let maximumBoxes = 4096, maximumTracks = 64, maximumDepth = 12

    /// The top-level box types a file starts with.
    private static let leadingTypes: Set<UInt32> = Set(["ftyp", "styp", "moov", "moof", "mdat", "free", "skip", "wide",
                                                         "pdin", "sidx", "uuid"].map(fourCC))

    /// Whether `bytes` start like an ISO BMFF file: a box of a type files start with, of a plausible size.
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 8 else { return false }
        let size = MP4Box.bigEndian32(bytes, 0)
        return leadingTypes.contains(MP4Box.bigEndian32(bytes, 4)) && (size == 0 || size == 1 || size >= 8)
    }

    /// The probe of `bytes`, the head of a file of `fileSize` bytes (nil when unknown).
    public static func probe(_ bytes: [UInt8], fileSize: Int? = nil) -> MediaProbe {
        var walker = Walker(bytes: bytes)
        walker.walkTop(end: fileSize ?? Int.max)
        return walker.probe
    }

    static func fourCC(_ text: String) -> UInt32 { text.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    private struct Walker {
        let bytes: [UInt8]
        var probe = MediaProbe(container: "mp4")
        var boxes = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func walkTop(end: Int) {
            var offset = 0
            do throws(MediaParseError) {
                while offset < min(bytes.count, end) {
                    guard let box = try next(at: offset, parentEnd: end, path: "") else { break }
                    switch box.name {
                    case "ftyp", "styp": readBrands(box)
                    case "moov":
                        probe.indexOffset = box.start
                        probe.indexEnd = box.declaredEnd
                        try readMovie(box)
                    case "moof": probe.container = "fmp4"
                    case "mdat": if probe.indexOffset == nil { probe.indexAfterMedia = true }
                    default: break
                    }
                    if box.isCut {
                        if probe.indexOffset == nil && box.name != "moov" { probe.nextBoxOffset = box.declaredEnd }
                        break
                    }
                    offset = box.declaredEnd
                }
            } catch {
                probe.error = error
            }
        }

        private mutating func next(at offset: Int, parentEnd: Int, path: String) throws(MediaParseError) -> MP4Box? {
            boxes += 1
            guard boxes <= maximumBoxes else {
                throw MediaParseError(path: path, offset: offset, reason: "more than \(maximumBoxes) boxes")
            }
            return try MP4Box.read(bytes, at: offset, parentEnd: parentEnd, path: path)
        }

        /// Calls `body` with each child box of `box`, from `skipping` bytes into its payload.
        private mutating func children(of box: MP4Box, path: String, skipping: Int = 0, depth: Int,
                                       _ body: (inout Walker, MP4Box) throws(MediaParseError) -> Void)
            throws(MediaParseError) {
            guard depth <= maximumDepth else {
                throw MediaParseError(path: path, offset: box.start, reason: "boxes nested deeper than \(maximumDepth)")
            }
            var offset = box.payload.lowerBound + skipping
            // Children end where the box says it ends; those past the bytes read are not there to read.
            while offset < box.payload.upperBound {
                guard let child = try next(at: offset, parentEnd: box.declaredEnd, path: path) else { return }
                try body(&self, child)
                if child.isCut { return }
                offset = child.declaredEnd
            }
        }

        private mutating func readBrands(_ box: MP4Box) {
            let payload = box.payload
            guard payload.count >= 8 else { return }
            probe.brands.append(MP4Box.name(MP4Box.bigEndian32(bytes, payload.lowerBound)))
            var offset = payload.lowerBound + 8
            while offset + 4 <= payload.upperBound, probe.brands.count < 32 {
                probe.brands.append(MP4Box.name(MP4Box.bigEndian32(bytes, offset)))
                offset += 4
            }
        }

        private mutating func readMovie(_ movie: MP4Box) throws(MediaParseError) {
            try children(of: movie, path: "moov", depth: 1) { walker, box throws(MediaParseError) in
                switch box.name {
                case "mvex": walker.probe.container = "fmp4"
                case "trak":
                    guard walker.probe.tracks.count < maximumTracks else { return }
                    let path = "moov/trak[\(walker.probe.tracks.count + 1)]"
                    if let track = try walker.readTrack(box, path: path) { walker.probe.tracks.append(track) }
                default: break
                }
            }
        }

        /// The track of a `trak`: its handler's kind and its first sample entry.
        private mutating func readTrack(_ trak: MP4Box, path: String) throws(MediaParseError) -> MediaTrack? {
            var kind: MediaTrack.Kind?
            var track: MediaTrack?
            let containers: Set<String> = ["mdia", "minf", "stbl"]
            try descend(trak, path: path, into: containers, depth: 2) { walker, box, path throws(MediaParseError) in
                switch box.name {
                case "hdlr" where box.payload.count >= 12:
                    kind = switch MP4Box.name(MP4Box.bigEndian32(walker.bytes, box.payload.lowerBound + 8)) {
                    case "vide": .video
                    case "soun": .audio
                    case "text", "subt", "sbtl", "clcp": .text
                    default: .other
                    }
                case "stsd":
                    // A full box, then the entry count; the first entry describes the track.
                    guard box.payload.count >= 8 else {
                        if box.isCut { return }  // the read ended inside it
                        throw MediaParseError(path: path + "/stsd", offset: box.start,
                                              reason: "too short for its entry count")
                    }
                    guard MP4Box.bigEndian32(walker.bytes, box.payload.lowerBound + 4) > 0,
                          box.payload.count > 8 else { return }
                    guard let entry = try walker.next(at: box.payload.lowerBound + 8, parentEnd: box.declaredEnd,
                                                      path: path + "/stsd") else { return }
                    track = try walker.readSampleEntry(entry, path: path + "/stsd/" + entry.name)
                default: break
                }
            }
            guard var track else { return nil }
            if let kind, kind != .other { track.kind = kind }
            return track
        }

        /// Walks `box`'s children, descending into the containers named in `containers`, handing every other box
        /// (with its path) to `body`.
        private mutating func descend(_ box: MP4Box, path: String, into containers: Set<String>, depth: Int,
                                      _ body: (inout Walker, MP4Box, String) throws(MediaParseError) -> Void)
            throws(MediaParseError) {
            try children(of: box, path: path, depth: depth) { walker, child throws(MediaParseError) in
                let childPath = path + "/" + child.name
                if containers.contains(child.name) {
                    try walker.descend(child, path: childPath, into: containers, depth: depth + 1, body)
                } else {
                    try body(&walker, child, path)
                }
            }
        }

        /// A sample entry: its codec string from its configuration box, and its size or channels.
        private mutating func readSampleEntry(_ entry: MP4Box, path: String) throws(MediaParseError) -> MediaTrack {
            var type = entry.name
            let payload = entry.payload
            let isVideo = SampleEntries.video.contains(type)
            let isAudio = SampleEntries.audio.contains(type)
            var track = MediaTrack(kind: isVideo ? .video : isAudio ? .audio : .other, codec: type, sampleEntry: type)
            var childrenStart: Int?
            if isVideo, payload.count >= 78 {
                track.width = MP4Box.bigEndian16(bytes, payload.lowerBound + 24)
                track.height = MP4Box.bigEndian16(bytes, payload.lowerBound + 26)
                childrenStart = 78
            } else if isAudio, payload.count >= 28 {
                // QuickTime sound descriptions of version 1 and 2 carry 16 and 36 more bytes.
                let version = MP4Box.bigEndian16(bytes, payload.lowerBound + 8)
                track.channels = MP4Box.bigEndian16(bytes, payload.lowerBound + 16)
                track.sampleRate = Int(MP4Box.bigEndian32(bytes, payload.lowerBound + 24) >> 16)
                childrenStart = 28 + (version == 1 ? 16 : version == 2 ? 36 : 0)
            }
            guard let childrenStart, childrenStart <= payload.count else { return track }
            var configs: [String: ArraySlice<UInt8>] = [:]
            try children(of: entry, path: path, skipping: childrenStart,
                         depth: 8) { walker, box throws(MediaParseError) in
                if box.name == "sinf" {
                    try walker.children(of: box, path: path + "/sinf",
                                        depth: 9) { walker, inner throws(MediaParseError) in
                        if inner.name == "frma", inner.payload.count >= 4 {
                            type = MP4Box.name(MP4Box.bigEndian32(walker.bytes, inner.payload.lowerBound))
                        } else if inner.name == "schm", inner.payload.count >= 8 {
                            let scheme = MP4Box.bigEndian32(walker.bytes, inner.payload.lowerBound + 4)
                            track.encryption = MP4Box.name(scheme)
                        }
                    }
                    if track.encryption == nil { track.encryption = "unknown" }
                } else if configs.count < 16 {
                    configs[box.name] = walker.bytes[box.payload]
                }
            }
            track.codec = SampleEntries.codec(type, configs: configs)
            if type == "mp4a", let channels = configs["esds"].flatMap(CodecString.mpeg4AudioChannels) {
                track.channels = channels
            }
            if track.kind == .other { track.kind = SampleEntries.video.contains(type) ? .video : .other }
            return track
        }
    }
}

/// The sample entry types probed, and their codec strings.
enum SampleEntries {
    static let video: Set<String> = ["avc1", "avc3", "hvc1", "hev1", "dvh1", "dvhe", "vp08", "vp09", "av01", "encv",
                                     "mp4v", "s263"]
    static let audio: Set<String> = ["mp4a", "ac-3", "ec-3", "ac-4", "Opus", "fLaC", "alac", "enca", ".mp3", "samr"]

    /// The RFC 6381 string of an entry of `type` (the original format of an encrypted one) with its configuration
    /// boxes, or the type itself when its configuration is missing or unknown.
    static func codec(_ type: String, configs: [String: ArraySlice<UInt8>]) -> String {
        switch type {
        case "avc1", "avc3": configs["avcC"].flatMap { CodecString.avc(type, config: $0) } ?? type
        case "hvc1", "hev1": configs["hvcC"].flatMap { CodecString.hevc(type, config: $0) } ?? type
        case "vp09": configs["vpcC"].flatMap(CodecString.vp9) ?? type
        case "av01": configs["av1C"].flatMap(CodecString.av1) ?? type
        case "mp4a": configs["esds"].flatMap(CodecString.mpeg4Audio) ?? type
        case "Opus": "opus"
        case "fLaC": "flac"
        case ".mp3": "mp3"
        default: type
        }
    }
}
