import CastMedia
import CastTestSupport
import Foundation
import Testing

/// MP4 files made by ffmpeg at test time (none kept in the repository), probed as `media check` reads them: the
/// codec strings a browser or Cast receiver is asked about, sizes, channels, where the index lies, fragments and
/// encryption.
@Suite struct MP4ProbeTests {
    let directories = TemporaryDirectories()
    static let ffmpeg = "/usr/bin/ffmpeg"

    /// A one-second clip encoded with `arguments` (video from testsrc, audio from a sine), or nil when ffmpeg is
    /// missing (reported) or fails (recorded).
    private func clip(_ name: String, _ arguments: [String], seconds: String = "1") async -> [UInt8]? {
        guard MissingPeer.installed(Self.ffmpeg) else { return nil }
        let path = directories.make("mp4") + "/" + name
        let result = await SpawnedProcess.run(
            Self.ffmpeg,
            ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25",
             "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", seconds, "-pix_fmt", "yuv420p"]
                + arguments + [path])
        guard result.status == 0, let data = FileManager.default.contents(atPath: path) else {
            Issue.record("ffmpeg failed for \(name): \(result.errors)")
            return nil
        }
        return Array(data)
    }

    @Test func h264HighAndAACFastStart() async throws {
        guard let bytes = await clip("a.mp4", ["-c:v", "libx264", "-profile:v", "high", "-level", "3.1",
                                               "-c:a", "aac", "-movflags", "+faststart"])
        else { return }
        #expect(MP4Probe.recognises(bytes))
        let probe = MP4Probe.probe(bytes, fileSize: bytes.count)
        #expect(probe.error == nil)
        #expect(probe.container == "mp4")
        #expect(probe.brands.contains("isom"))
        #expect(probe.codecs == ["avc1.64001F", "mp4a.40.2"])
        let video = try #require(probe.tracks.first)
        #expect(video.kind == .video && video.width == 640 && video.height == 360)
        let audio = try #require(probe.tracks.last)
        #expect(audio.kind == .audio && audio.channels == 1 && audio.sampleRate == 48000)
        #expect(probe.indexOffset != nil && !probe.indexAfterMedia)
        // A head of any length is no fault: the read ends there, the file does not; what it holds is kept.
        for length in stride(from: 0, through: min(bytes.count, 6000), by: 7) {
            let head = MP4Probe.probe(Array(bytes.prefix(length)), fileSize: bytes.count)
            #expect(head.error == nil, "\(length): \(String(describing: head.error))")
            #expect(head.tracks.count <= 2)
        }
    }

    @Test func anIndexAtTheEndIsNotInTheHead() async throws {
        guard let bytes = await clip("b.mp4", ["-c:v", "libx264", "-profile:v", "main", "-c:a", "aac"]) else { return }
        let whole = MP4Probe.probe(bytes, fileSize: bytes.count)
        #expect(whole.indexAfterMedia)
        #expect(whole.codecs.first?.hasPrefix("avc1.4D") == true)
        // The first 4 KiB: brands and media data, no index and no fault.
        let head = MP4Probe.probe(Array(bytes.prefix(4096)), fileSize: bytes.count)
        #expect(head.error == nil, "\(String(describing: head.error))")
        #expect(head.indexOffset == nil && head.indexAfterMedia && head.tracks.isEmpty)
        #expect(!head.brands.isEmpty)
    }

    @Test func hevcAsHvc1AndFragmented() async throws {
        guard let bytes = await clip("c.mp4", ["-c:v", "libx265", "-tag:v", "hvc1", "-x265-params", "log-level=none",
                                               "-c:a", "aac", "-movflags", "frag_keyframe+empty_moov"]) else { return }
        let probe = MP4Probe.probe(bytes, fileSize: bytes.count)
        #expect(probe.error == nil)
        #expect(probe.container == "fmp4")
        let codec = try #require(probe.codecs.first)
        // Main profile (1), compatibility flags 0x60000000 bit-reversed (6), main tier, a level, constraint bytes.
        #expect(codec.hasPrefix("hvc1.1.6.L"), "\(codec)")
    }

    @Test func vp9OpusAndMP3InMP4() async throws {
        guard let vp9 = await clip("d.mp4", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-c:a", "libopus"]),
              let mp3 = await clip("e.mp4", ["-vn", "-c:a", "libmp3lame"]) else { return }
        let probe = MP4Probe.probe(vp9, fileSize: vp9.count)
        #expect(probe.codecs.count == 2)
        #expect(probe.codecs.first?.hasPrefix("vp09.00.") == true && probe.codecs.first?.hasSuffix(".08") == true,
                "\(probe.codecs)")
        #expect(probe.codecs.last == "opus")
        #expect(MP4Probe.probe(mp3, fileSize: mp3.count).codecs == ["mp4a.6B"])
    }

    @Test func dolbyAudioAndAV1() async throws {
        guard let dolby = await clip("f.mp4", ["-vn", "-c:a", "eac3"]),
              let ac3 = await clip("g.mp4", ["-vn", "-c:a", "ac3"]),
              let av1 = await clip("h.mp4", ["-c:v", "libaom-av1", "-cpu-used", "8", "-an"], seconds: "0.2")
        else { return }
        #expect(MP4Probe.probe(dolby).codecs == ["ec-3"])
        #expect(MP4Probe.probe(ac3).codecs == ["ac-3"])
        let codec = try #require(MP4Probe.probe(av1).codecs.first)
        #expect(codec.hasPrefix("av01.0.") && codec.hasSuffix("M.08"), "\(codec)")
    }

    @Test func commonEncryptionNamesTheOriginalCodecAndTheScheme() async throws {
        guard let bytes = await clip("i.mp4", ["-c:v", "libx264", "-profile:v", "high", "-level", "3.1", "-an",
                                               "-encryption_scheme", "cenc-aes-ctr",
                                               "-encryption_key", "76a6c65c5ea762046bd749a2e632ccbb",
                                               "-encryption_kid", "a7e61c373e219033c21091fa607bf3b8"]) else { return }
        let track = try #require(MP4Probe.probe(bytes).tracks.first)
        #expect(track.sampleEntry == "encv")
        #expect(track.codec == "avc1.64001F")
        #expect(track.encryption == "cenc")
        #expect(track.kind == .video)
    }
}
