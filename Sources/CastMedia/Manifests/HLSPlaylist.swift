/// An HLS playlist (RFC 8216) as `media check` reads it: a master playlist's variants (bandwidth, `CODECS`,
/// `RESOLUTION`, audio groups, URIs) and renditions, or a media playlist's segments, keys and initialization map.
///
/// Bounded: at most `maximumLines` lines of at most `maximumLineLength` bytes are read, and at most
/// `maximumEntries` variants, renditions and segments kept (the rest counted). A malformed line is a fault naming
/// its line number; everything read before it is kept.
public struct HLSPlaylist: Sendable, Hashable {
    /// Which of the two kinds of playlist this is.
    public enum Kind: String, Sendable, Hashable {
        case master, media
    }

    /// One `EXT-X-STREAM-INF` variant.
    public struct Variant: Sendable, Hashable {
        public var uri: String
        public var bandwidth: Int?
        public var averageBandwidth: Int?
        /// The `CODECS` attribute's codec strings, in order.
        public var codecs: [String] = []
        public var width: Int?
        public var height: Int?
        public var frameRate: Double?
        /// The `AUDIO` rendition group.
        public var audioGroup: String?
    }

    /// One `EXT-X-MEDIA` rendition.
    public struct Rendition: Sendable, Hashable {
        public var type: String
        public var groupID: String
        public var name: String
        public var language: String?
        public var uri: String?
    }

    /// One segment of a media playlist.
    public struct Segment: Sendable, Hashable {
        public var uri: String
        public var duration: Double
        /// The `METHOD` of the key in effect (`AES-128`, `SAMPLE-AES`…), nil when segments are clear.
        public var keyMethod: String?
    }

    public var kind: Kind
    public var version: Int?
    public var variants: [Variant] = []
    public var renditions: [Rendition] = []
    public var segments: [Segment] = []
    /// Segments listed, kept or not.
    public var segmentCount = 0
    public var targetDuration: Int?
    /// `EXT-X-MAP`'s URI (fMP4 segments' initialization section).
    public var mapURI: String?
    /// The `EXT-X-KEY` methods met, in order, without repeats.
    public var keyMethods: [String] = []
    /// Whether `EXT-X-ENDLIST` closes the list (video on demand, not live).
    public var isComplete = false
    /// The first fault, if any.
    public var error: MediaParseError?

    static let maximumLines = 200_000, maximumLineLength = 64 * 1024, maximumEntries = 1000

    /// Whether `text` starts like an HLS playlist (`#EXTM3U`, after an optional byte order mark).
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes.dropFirst(start).starts(with: Array("#EXTM3U".utf8))
    }

    /// Reads a playlist from its bytes (UTF-8).
    public init(parsing bytes: [UInt8]) {
        kind = .media
        var reader = HLSPlaylistReader(playlist: self)
        reader.read(bytes)
        self = reader.playlist
    }
}

/// The line-by-line reading of `HLSPlaylist(parsing:)`.
private struct HLSPlaylistReader {
    var playlist: HLSPlaylist
    private var pendingVariant: HLSPlaylist.Variant?
    private var pendingDuration: Double?
    private var keyMethod: String?
    private var sawMaster = false, sawMedia = false

    init(playlist: HLSPlaylist) { self.playlist = playlist }

    mutating func read(_ bytes: [UInt8]) {
        guard HLSPlaylist.recognises(bytes) else {
            playlist.error = MediaParseError(path: "line 1", offset: 0, reason: "an HLS playlist starts with #EXTM3U")
            return
        }
        var lineNumber = 0, start = 0, offset = 0
        while start < bytes.count {
            lineNumber += 1
            guard lineNumber <= HLSPlaylist.maximumLines else {
                fail(lineNumber, start, "more than \(HLSPlaylist.maximumLines) lines")
                return
            }
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            offset = start
            guard end - start <= HLSPlaylist.maximumLineLength else {
                fail(lineNumber, offset, "a line longer than \(HLSPlaylist.maximumLineLength) bytes")
                return
            }
            var line = String(decoding: bytes[start..<end], as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            start = end + 1
            if lineNumber == 1 { continue }  // #EXTM3U
            guard take(line.trimmingSpaces, lineNumber: lineNumber, offset: offset) else { return }
        }
        if sawMaster, sawMedia {
            fail(lineNumber, offset, "master and media playlist tags in one playlist (RFC 8216 §4.3.4)")
        }
    }

    /// Reads one line; false after a fault.
    private mutating func take(_ line: String, lineNumber: Int, offset: Int) -> Bool {
        if line.isEmpty { return true }
        guard line.hasPrefix("#") else {
            takeURI(line)
            return true
        }
        guard line.hasPrefix("#EXT") else { return true }  // a comment
        let (tag, value) = split(line)
        let attributes = value.map(HLSAttributes.init) ?? HLSAttributes(pairs: [:])
        switch tag {
        case "#EXT-X-VERSION": playlist.version = value.flatMap { Int($0) }
        case "#EXT-X-STREAM-INF":
            sawMaster = true
            playlist.kind = .master
            var variant = HLSPlaylist.Variant(uri: "")
            variant.bandwidth = attributes.integer("BANDWIDTH")
            variant.averageBandwidth = attributes.integer("AVERAGE-BANDWIDTH")
            variant.codecs = attributes.string("CODECS").map {
                $0.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            } ?? []
            if let resolution = attributes.string("RESOLUTION") {
                let parts = resolution.split(separator: "x")
                guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
                    fail(lineNumber, offset, "RESOLUTION \(resolution) is not WIDTHxHEIGHT")
                    return false
                }
                (variant.width, variant.height) = (width, height)
            }
            variant.frameRate = attributes.string("FRAME-RATE").flatMap(Double.init)
            variant.audioGroup = attributes.string("AUDIO")
            pendingVariant = variant
        case "#EXT-X-MEDIA":
            sawMaster = true
            playlist.kind = .master
            guard let type = attributes.string("TYPE"), let group = attributes.string("GROUP-ID"),
                  let name = attributes.string("NAME") else {
                fail(lineNumber, offset, "EXT-X-MEDIA needs TYPE, GROUP-ID and NAME")
                return false
            }
            if playlist.renditions.count < HLSPlaylist.maximumEntries {
                playlist.renditions.append(HLSPlaylist.Rendition(type: type, groupID: group, name: name,
                                                                 language: attributes.string("LANGUAGE"),
                                                                 uri: attributes.string("URI")))
            }
        case "#EXTINF":
            sawMedia = true
            guard let durationText = value?.split(separator: ",", maxSplits: 1).first,
                  let duration = Double(durationText), duration >= 0, duration.isFinite else {
                fail(lineNumber, offset, "EXTINF needs a duration")
                return false
            }
            pendingDuration = duration
        case "#EXT-X-TARGETDURATION":
            sawMedia = true
            playlist.targetDuration = value.flatMap { Int($0) }
        case "#EXT-X-KEY", "#EXT-X-SESSION-KEY":
            guard let method = attributes.string("METHOD") else {
                fail(lineNumber, offset, "\(tag.dropFirst()) needs a METHOD")
                return false
            }
            if tag == "#EXT-X-KEY" { keyMethod = method == "NONE" ? nil : method }
            if method != "NONE", !playlist.keyMethods.contains(method), playlist.keyMethods.count < 16 {
                playlist.keyMethods.append(method)
            }
        case "#EXT-X-MAP": playlist.mapURI = attributes.string("URI")
        case "#EXT-X-ENDLIST": playlist.isComplete = true
        default: break
        }
        return true
    }

    private mutating func takeURI(_ uri: String) {
        if var variant = pendingVariant {
            variant.uri = uri
            if playlist.variants.count < HLSPlaylist.maximumEntries { playlist.variants.append(variant) }
            pendingVariant = nil
        } else if let duration = pendingDuration {
            playlist.segmentCount += 1
            if playlist.segments.count < HLSPlaylist.maximumEntries {
                playlist.segments.append(HLSPlaylist.Segment(uri: uri, duration: duration, keyMethod: keyMethod))
            }
            pendingDuration = nil
        }
    }

    /// `#TAG:VALUE` as the tag and its value (nil without a colon).
    private func split(_ line: String) -> (String, String?) {
        guard let colon = line.firstIndex(of: ":") else { return (line, nil) }
        return (String(line[..<colon]), String(line[line.index(after: colon)...]))
    }

    private mutating func fail(_ line: Int, _ offset: Int, _ reason: String) {
        guard playlist.error == nil else { return }
        playlist.error = MediaParseError(path: "line \(line)", offset: offset, reason: reason)
    }
}

/// An attribute list (RFC 8216 §4.2): `NAME=VALUE` pairs separated by commas, quoted strings keeping their commas.
struct HLSAttributes {
    private(set) var pairs: [String: String]

    init(pairs: [String: String]) { self.pairs = pairs }

    init(_ text: String) {
        pairs = [:]
        var name = "", value = "", inName = true, quoted = false
        func flush() {
            if !name.isEmpty, pairs.count < 64 { pairs[name.trimmingSpaces] = value }
            (name, value, inName) = ("", "", true)
        }
        for character in text {
            if inName {
                switch character {
                case "=": inName = false
                case ",": flush()
                default: name.append(character)
                }
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ",", !quoted {
                flush()
            } else {
                value.append(character)
            }
        }
        flush()
    }

    func string(_ name: String) -> String? { pairs[name] }
    func integer(_ name: String) -> Int? { pairs[name].flatMap { Int($0) } }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
