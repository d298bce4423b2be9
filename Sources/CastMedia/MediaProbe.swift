/// What a probe of a media file's head found: its container, its tracks with RFC 6381 codec strings, and where it
/// stopped reading (a fault keeps everything decoded before it).
public struct MediaProbe: Sendable, Hashable {
    /// The container, as `media check` names it: `mp4`, `fmp4` (fragmented MP4: `moov` with `mvex`, or `moof`).
    public var container: String
    /// The `ftyp` major brand and compatible brands (MP4), in file order.
    public var brands: [String] = []
    /// The tracks, in file order.
    public var tracks: [MediaTrack] = []
    /// Where `moov` starts, when it was met; nil when the bytes read end before it (a file whose index is at its
    /// end: a player must fetch the end first, which needs HTTP range requests).
    public var indexOffset: Int?
    /// Where the index ends (its declared size): past the bytes read, the index was cut and a player reads on.
    public var indexEnd: Int?
    /// Whether media data (`mdat`) came before the index (`moov`): not "fast start".
    public var indexAfterMedia = false
    /// Where the first top-level box after the bytes read starts, when the index was not among them: the place to
    /// fetch next (with a range request) to find it.
    public var nextBoxOffset: Int?
    /// The first fault, if any (what came before it is kept).
    public var error: MediaParseError?

    /// An empty probe of `container`.
    public init(container: String) {
        self.container = container
    }

    /// The tracks' codec strings, in track order (`avc1.64001F`, `mp4a.40.2`), for a `codecs=` parameter.
    public var codecs: [String] { tracks.map(\.codec) }
}

/// One track of a probed file.
public struct MediaTrack: Sendable, Hashable {
    /// What the track carries.
    public enum Kind: String, Sendable, Hashable {
        case video, audio, text, other
    }

    /// What the track carries (from the MP4 handler type, or the sample entry when there is none).
    public var kind: Kind
    /// The RFC 6381 codec string (`avc1.64001F`, `hvc1.2.4.L153.B0`, `mp4a.40.2`, `ec-3`, `opus`, `vp09.00.30.08`,
    /// `av01.0.04M.08`), or the sample entry's four characters when its configuration is missing or unknown.
    public var codec: String
    /// The sample entry's four characters as the file has them (`avc1`, `encv`, `mp4a`…).
    public var sampleEntry: String
    /// Picture size (video).
    public var width: Int?
    public var height: Int?
    /// Channels and sample rate (audio).
    public var channels: Int?
    public var sampleRate: Int?
    /// The protection scheme of an encrypted track (`cenc`, `cbcs`…), nil when it is clear.
    public var encryption: String?

    /// A track of `kind` whose codec string is `codec`.
    public init(kind: Kind, codec: String, sampleEntry: String) {
        self.kind = kind
        self.codec = codec
        self.sampleEntry = sampleEntry
    }
}

/// Why a media file's bytes could not be read further: what was wrong, in which box (its path from the top), and
/// at which byte of the file.
public struct MediaParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The box path, e.g. `moov/trak[2]/mdia/minf/stbl/stsd`.
    public var path: String
    /// Byte offset in the file where the fault lies.
    public var offset: Int
    /// What is wrong.
    public var reason: String

    /// A fault at `offset` in `path`.
    public init(path: String, offset: Int, reason: String) {
        self.path = path
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        path.isEmpty ? "at byte \(offset): \(reason)" : "\(path) at byte \(offset): \(reason)"
    }
}
