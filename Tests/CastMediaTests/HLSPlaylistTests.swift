import CastMedia
import CastTestSupport
import Foundation
import Testing

/// HLS playlists as ffmpeg writes them (made at test time) and as RFC 8216 allows them, read for `media check`.
@Suite struct HLSPlaylistTests {
    let directories = TemporaryDirectories()

    private func playlist(_ text: String) -> HLSPlaylist { HLSPlaylist(parsing: Array(text.utf8)) }

    /// ffmpeg's HLS output for `arguments`: the master playlist's and the media playlist's bytes.
    private func ffmpegHLS(_ arguments: [String]) async -> (master: [UInt8], media: [UInt8], directory: String)? {
        guard MissingPeer.installed(MP4ProbeTests.ffmpeg) else { return nil }
        let directory = directories.make("hls")
        let result = await SpawnedProcess.run(
            MP4ProbeTests.ffmpeg,
            ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25",
             "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "3", "-pix_fmt", "yuv420p",
             "-c:v", "libx264", "-profile:v", "high", "-level", "3.0", "-c:a", "aac", "-f", "hls", "-hls_time", "1",
             "-hls_playlist_type", "vod", "-master_pl_name", "master.m3u8"] + arguments + [directory + "/media.m3u8"])
        guard result.status == 0, let master = FileManager.default.contents(atPath: directory + "/master.m3u8"),
              let media = FileManager.default.contents(atPath: directory + "/media.m3u8") else {
            Issue.record("ffmpeg HLS failed: \(result.errors)")
            return nil
        }
        return (Array(master), Array(media), directory)
    }

    @Test func ffmpegsMasterAndMediaPlaylists() async throws {
        guard let (masterBytes, mediaBytes, _) = await ffmpegHLS([]) else { return }
        let master = HLSPlaylist(parsing: masterBytes)
        #expect(master.error == nil)
        #expect(master.kind == .master)
        let variant = try #require(master.variants.first)
        #expect(variant.uri == "media.m3u8")
        #expect(variant.codecs == ["avc1.64001e", "mp4a.40.2"])
        #expect(variant.width == 640 && variant.height == 360)
        #expect((variant.bandwidth ?? 0) > 0)
        let media = HLSPlaylist(parsing: mediaBytes)
        #expect(media.error == nil)
        #expect(media.kind == .media && media.isComplete)
        #expect(media.segmentCount >= 1 && media.segments.first?.uri.hasSuffix(".ts") == true)
        #expect(media.keyMethods.isEmpty && media.mapURI == nil)
    }

    @Test func ffmpegsFragmentedAndEncryptedPlaylists() async throws {
        guard let (_, fmp4, _) = await ffmpegHLS(["-hls_segment_type", "fmp4"]) else { return }
        let media = HLSPlaylist(parsing: fmp4)
        #expect(media.mapURI != nil, "\(String(decoding: fmp4, as: UTF8.self))")
        let keyDirectory = directories.make("hls-key")
        let key = keyDirectory + "/key.bin", info = keyDirectory + "/key.info"
        try Data((0..<16).map { UInt8($0) }).write(to: URL(fileURLWithPath: key))
        try "https://keys.example/key.bin\n\(key)\n".write(toFile: info, atomically: true, encoding: .utf8)
        guard let (_, encrypted, _) = await ffmpegHLS(["-hls_key_info_file", info]) else { return }
        let aes = HLSPlaylist(parsing: encrypted)
        #expect(aes.keyMethods == ["AES-128"])
        #expect(aes.segments.allSatisfy { $0.keyMethod == "AES-128" })
    }

    @Test func attributeListsAsRFC8216WritesThem() throws {
        let text = "\u{FEFF}#EXTM3U\r\n#EXT-X-VERSION:6\r\n"
            + "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"aac\",NAME=\"English, stereo\",LANGUAGE=\"en\",URI=\"a/en.m3u8\"\r\n"
            + "#EXT-X-STREAM-INF:BANDWIDTH=5000000,AVERAGE-BANDWIDTH=4000000,CODECS=\"hvc1.2.4.L153.B0, ec-3\","
            + "RESOLUTION=3840x2160,FRAME-RATE=59.940,AUDIO=\"aac\"\r\n"
            + "v/4k.m3u8\r\n# a comment\r\n\r\n"
            + "#EXT-X-STREAM-INF:BANDWIDTH=800000\r\nhttps://cdn.example/v/low.m3u8\r\n"
        let master = playlist(text)
        #expect(master.error == nil)
        #expect(master.version == 6)
        #expect(master.renditions.first?.name == "English, stereo")
        #expect(master.renditions.first?.uri == "a/en.m3u8")
        #expect(master.variants.count == 2)
        let first = try #require(master.variants.first)
        #expect(first.codecs == ["hvc1.2.4.L153.B0", "ec-3"])
        #expect(first.width == 3840 && first.height == 2160 && first.frameRate == 59.94)
        #expect(first.audioGroup == "aac" && first.averageBandwidth == 4_000_000)
        #expect(master.variants.last?.uri == "https://cdn.example/v/low.m3u8")
    }

    @Test func keysApplyToTheSegmentsAfterThem() {
        let media = playlist("""
            #EXTM3U
            #EXT-X-TARGETDURATION:6
            #EXT-X-MAP:URI="init.mp4"
            #EXTINF:6.0,
            clear.m4s
            #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://key",KEYFORMAT="com.apple.streamingkeydelivery"
            #EXTINF:5.5,title
            protected.m4s
            #EXT-X-KEY:METHOD=NONE
            #EXTINF:4,
            clear-again.m4s
            """)
        #expect(media.error == nil)
        #expect(media.targetDuration == 6 && media.mapURI == "init.mp4" && !media.isComplete)
        #expect(media.segments.map(\.keyMethod) == [nil, "SAMPLE-AES", nil])
        #expect(media.segments.map(\.duration) == [6, 5.5, 4])
        #expect(media.keyMethods == ["SAMPLE-AES"])
    }

    @Test(arguments: [
        ("<html>not a playlist</html>", "line 1", "starts with #EXTM3U"),
        ("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=wide\nv.m3u8\n", "line 2", "RESOLUTION wide"),
        ("#EXTM3U\n#EXTINF:6,\na.ts\n#EXTINF:,\nb.ts\n", "line 4", "EXTINF needs a duration"),
        ("#EXTM3U\n#EXT-X-KEY:URI=\"k\"\n", "line 2", "needs a METHOD"),
        ("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n#EXTINF:6,\na.ts\n", "line 5", "master and media"),
    ])
    func faultsNameTheirLineAndKeepWhatCameBefore(text: String, path: String, reason: String) {
        let read = playlist(text)
        #expect(read.error?.path == path, "\(String(describing: read.error))")
        #expect(read.error?.reason.contains(reason) == true, "\(String(describing: read.error))")
        if text.contains("a.ts") { #expect(read.segments.first?.uri == "a.ts") }
    }

    @Test func sizesAreBounded() {
        let many = "#EXTM3U\n" + String(repeating: "#EXTINF:1,\ns.ts\n", count: 3000)
        let read = playlist(many)
        #expect(read.segmentCount == 3000 && read.segments.count == 1000)
        let long = playlist("#EXTM3U\n#" + String(repeating: "x", count: 70_000) + "\n")
        #expect(long.error?.reason.contains("longer than") == true)
    }
}
