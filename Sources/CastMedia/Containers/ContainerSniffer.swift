/// Names the container of a media file's first bytes, and reads the codec of the simple audio formats from their
/// headers: MP3 (ISO/IEC 11172-3 frame header after an ID3v2 tag), ADTS AAC (ISO/IEC 13818-7), FLAC (STREAMINFO),
/// WAV (RIFF `fmt `), Ogg (the first packet's codec header). MP4, Matroska/WebM and MPEG-TS have readers of
/// their own, as do HLS and DASH manifests.
public enum ContainerSniffer {
    /// The container name `media check` uses for `bytes`, nil when none matches.
    public static func container(of bytes: [UInt8]) -> String? {
        if MP4Probe.recognises(bytes) { return "mp4" }
        if HLSPlaylist.recognises(bytes) { return "hls" }
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return matroskaDocType(bytes) }
        if isTransportStream(bytes) { return "mpeg-ts" }
        if bytes.starts(with: Array("fLaC".utf8)) { return "flac" }
        if bytes.starts(with: Array("OggS".utf8)) { return "ogg" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WAVE".utf8) {
            return "wav"
        }
        if DASHManifest.recognises(bytes) { return "dash" }
        if let frame = audioFrameStart(bytes) { return bytes[frame + 1] & 0x06 == 0 ? "adts" : "mp3" }
        return nil
    }

    /// A probe of a simple audio file (its one track), or of `container` alone for the formats read elsewhere.
    public static func probeAudio(_ bytes: [UInt8], container: String) -> MediaProbe {
        var probe = MediaProbe(container: container)
        switch container {
        case "flac" where bytes.count >= 26:
            // STREAMINFO: 20-bit sample rate, 3-bit channels − 1 (after the 4-byte marker and 4-byte block header).
            let rate = Int(bytes[18]) << 12 | Int(bytes[19]) << 4 | Int(bytes[20]) >> 4
            var track = MediaTrack(kind: .audio, codec: "flac", sampleEntry: "fLaC")
            track.sampleRate = rate
            track.channels = Int((bytes[20] >> 1) & 0x07) + 1
            probe.tracks = [track]
        case "wav": probe.tracks = waveTrack(bytes).map { [$0] } ?? []
        case "ogg": probe.tracks = oggTrack(bytes).map { [$0] } ?? []
        case "mp3": probe.tracks = [MediaTrack(kind: .audio, codec: "mp3", sampleEntry: "mp3")]
        case "adts":
            if let frame = audioFrameStart(bytes), frame + 3 < bytes.count {
                var track = MediaTrack(kind: .audio, codec: "mp4a.40.\(Int(bytes[frame + 2] >> 6) + 1)",
                                       sampleEntry: "adts")
                track.channels = Int(bytes[frame + 2] & 0x01) << 2 | Int(bytes[frame + 3] >> 6)
                probe.tracks = [track]
            }
        default: break
        }
        return probe
    }

    /// `webm` or `matroska`, from the EBML header's DocType element (ID 0x4282) near the start.
    private static func matroskaDocType(_ bytes: [UInt8]) -> String {
        let head = Array(bytes.prefix(64))
        for index in 0..<max(0, head.count - 3) where head[index] == 0x42 && head[index + 1] == 0x82 {
            let size = Int(head[index + 2] & 0x7F)
            guard head[index + 2] & 0x80 != 0, index + 3 + size <= head.count else { continue }
            return Array(head[(index + 3)..<(index + 3 + size)]) == Array("webm".utf8) ? "webm" : "matroska"
        }
        return "matroska"
    }

    /// Sync bytes 0x47 every 188 bytes (ISO/IEC 13818-1 §2.4.3.2), at least twice.
    private static func isTransportStream(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 189, bytes[0] == 0x47, bytes[188] == 0x47 else { return false }
        return bytes.count < 377 || bytes[376] == 0x47
    }

    /// Where the first MPEG audio or ADTS frame header starts (after an ID3v2 tag), when one starts there.
    private static func audioFrameStart(_ bytes: [UInt8]) -> Int? {
        var offset = 0
        if bytes.count >= 10, bytes.starts(with: Array("ID3".utf8)) {
            // The tag size is four 7-bit bytes (ID3v2.4 §3.1), plus the 10-byte header and a footer when flagged.
            let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
            offset = 10 + size + (bytes[5] & 0x10 != 0 ? 10 : 0)
        }
        guard offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 else { return nil }
        let layer = bytes[offset + 1] & 0x06
        if layer == 0 { return bytes[offset + 1] & 0xF0 == 0xF0 ? offset : nil }  // ADTS has a 12-bit sync
        return layer == 0x02 ? offset : nil  // layer III only: layers I and II are not Cast formats
    }

    private static func waveTrack(_ bytes: [UInt8]) -> MediaTrack? {
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
                | Int(bytes[offset + 7]) << 24
            if Array(bytes[offset..<(offset + 4)]) == Array("fmt ".utf8), offset + 16 <= bytes.count {
                let format = Int(bytes[offset + 8]) | Int(bytes[offset + 9]) << 8
                let codec = format == 1 || format == 3 || format == 0xFFFE ? "pcm" : String(format: format)
                var track = MediaTrack(kind: .audio, codec: codec, sampleEntry: "fmt ")
                track.channels = Int(bytes[offset + 10]) | Int(bytes[offset + 11]) << 8
                track.sampleRate = Int(bytes[offset + 12]) | Int(bytes[offset + 13]) << 8
                    | Int(bytes[offset + 14]) << 16
                return track
            }
            offset += 8 + size + (size & 1)
        }
        return nil
    }

    private static func oggTrack(_ bytes: [UInt8]) -> MediaTrack? {
        guard bytes.count > 27 else { return nil }
        let start = 27 + Int(bytes[26])
        guard start + 8 <= bytes.count else { return nil }
        let packet = Array(bytes[start..<(start + 8)])
        if packet == Array("OpusHead".utf8) { return MediaTrack(kind: .audio, codec: "opus", sampleEntry: "OpusHead") }
        if Array(packet[1..<7]) == Array("vorbis".utf8) {
            return MediaTrack(kind: .audio, codec: "vorbis", sampleEntry: "vorbis")
        }
        if Array(packet[1..<5]) == Array("FLAC".utf8) {
            return MediaTrack(kind: .audio, codec: "flac", sampleEntry: "FLAC")
        }
        return nil
    }
}

private extension String {
    /// A WAVE format tag as `wav-0x0055`, for a codec the judge will not place.
    init(format: Int) {
        self = "wav-0x" + String(format, radix: 16)
    }
}
