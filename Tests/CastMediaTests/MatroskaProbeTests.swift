import CastMedia
import CastTestSupport
import Foundation
import Testing

/// WebM and Matroska made by ffmpeg at test time, read as `media check` reads them: DocType, each track's codec
/// string (from CodecPrivate where it holds avcC/av1C), picture size and channels, on any cut of the file.
@Suite struct MatroskaProbeTests {
    let directories = TemporaryDirectories()

    private func file(_ name: String, _ arguments: [String]) async -> [UInt8]? {
        guard MissingPeer.installed(MP4ProbeTests.ffmpeg) else { return nil }
        let path = directories.make("mkv") + "/" + name
        let result = await SpawnedProcess.run(MP4ProbeTests.ffmpeg, [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25",
            "-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "1", "-pix_fmt", "yuv420p",
        ] + arguments + [path])
        guard result.status == 0, let data = FileManager.default.contents(atPath: path) else {
            Issue.record("ffmpeg: \(result.errors)")
            return nil
        }
        return Array(data)
    }

    @Test func webmVP9AndOpus() async throws {
        guard let bytes = await file("a.webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8",
                                                "-c:a", "libopus"]) else { return }
        let probe = MatroskaProbe.probe(bytes)
        #expect(probe.error == nil)
        #expect(probe.container == "webm")
        #expect(probe.codecs == ["vp9", "opus"])
        let video = try #require(probe.tracks.first)
        #expect(video.kind == .video && video.width == 320 && video.height == 180)
        #expect(probe.tracks.last?.kind == .audio && probe.tracks.last?.channels == 1)
        #expect(ContainerSniffer.container(of: bytes) == "webm")
        for length in stride(from: 0, through: min(bytes.count, 4000), by: 13) {
            let head = MatroskaProbe.probe(Array(bytes.prefix(length)))
            #expect(head.error == nil, "\(length): \(String(describing: head.error))")
            #expect(head.tracks.count <= 2)
        }
    }

    @Test func matroskaH264AndAACAndWebmAV1() async throws {
        guard let mkv = await file("a.mkv", ["-c:v", "libx264", "-profile:v", "high", "-level", "3.1", "-c:a", "aac"]),
              let av1 = await file("b.webm", ["-c:v", "libsvtav1", "-preset", "12", "-an"]) else { return }
        let probe = MatroskaProbe.probe(mkv)
        #expect(probe.container == "matroska")
        #expect(probe.codecs == ["avc1.64001F", "mp4a.40.2"])
        #expect(ContainerSniffer.container(of: mkv) == "matroska")
        let av1Probe = MatroskaProbe.probe(av1)
        #expect(av1Probe.codecs.first?.hasPrefix("av01.0.") == true, "\(av1Probe.codecs)")
    }

    @Test func aBrokenElementIsAFaultNamingItsPlace() {
        // An EBML header, then a Segment of unknown size whose first child's ID starts with a zero byte.
        let bytes: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x84, 0x42, 0x82, 0x81, 0x77, 0x18, 0x53, 0x80, 0x67, 0x01,
                              0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 16)
        let probe = MatroskaProbe.probe(bytes)
        #expect(probe.error?.path == "18538067")
        #expect(probe.error?.offset == 21)
    }

    @Test func aChildClaimingMoreThanItsParentIsReadWithinIt() {
        // An EBML header of 3 bytes whose DocType child's header alone takes them all and claims 4 more.
        let bytes: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x83, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6D]
        let probe = MatroskaProbe.probe(bytes)
        #expect(probe.tracks.isEmpty)
        #expect(probe.container == "matroska")
    }
}
