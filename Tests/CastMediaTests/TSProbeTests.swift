import CastMedia
import CastTestSupport
import Foundation
import Testing

/// MPEG-TS made by ffmpeg at test time, read as `media check` reads an HLS segment: the program map's streams and
/// codec strings from the first parameter sets and audio headers, on any cut of the file.
@Suite struct TSProbeTests {
    let directories = TemporaryDirectories()

    private func transportStream(_ arguments: [String]) async -> [UInt8]? {
        guard MissingPeer.installed(MP4ProbeTests.ffmpeg) else { return nil }
        let path = directories.make("ts") + "/a.ts"
        let result = await SpawnedProcess.run(MP4ProbeTests.ffmpeg, [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25",
            "-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "1", "-pix_fmt", "yuv420p",
        ] + arguments + ["-f", "mpegts", path])
        guard result.status == 0, let data = FileManager.default.contents(atPath: path) else {
            Issue.record("ffmpeg: \(result.errors)")
            return nil
        }
        return Array(data)
    }

    @Test func h264AndAACFromTheFirstParameterSetAndADTSHeader() async throws {
        guard let bytes = await transportStream(["-c:v", "libx264", "-profile:v", "main", "-level", "3.0",
                                                 "-c:a", "aac"]) else { return }
        let probe = TSProbe.probe(bytes)
        #expect(probe.error == nil)
        #expect(probe.container == "mpeg-ts")
        #expect(probe.codecs == ["avc1.4D401E", "mp4a.40.2"])
        #expect(probe.tracks.map(\.kind) == [.video, .audio])
        // Any cut: whole packets only are read, nothing is invented.
        for length in stride(from: 0, through: min(bytes.count, 20_000), by: 97) {
            let head = TSProbe.probe(Array(bytes.prefix(length)))
            #expect(head.error == nil, "\(length)")
            #expect(head.tracks.count <= 2)
        }
    }

    @Test func hevcDolbyAndMPEG2AreNamed() async throws {
        guard let hevc = await transportStream(["-c:v", "libx265", "-x265-params", "log-level=none", "-c:a", "ac3"]),
              let old = await transportStream(["-c:v", "mpeg2video", "-c:a", "mp2"]) else { return }
        let hevcProbe = TSProbe.probe(hevc)
        #expect(hevcProbe.codecs.first?.hasPrefix("hvc1.1.6.L") == true, "\(hevcProbe.codecs)")
        #expect(hevcProbe.codecs.last == "ac-3")
        #expect(TSProbe.probe(old).codecs == ["mp2v", "mp2"])
        let judge = PlayabilityJudge(model: .strictest)
        #expect(judge.judge(codec: "mp2v").map(\.code) == [.codecUnsupported])
        #expect(judge.judge(codec: "mp2").map(\.code) == [.codecUnsupported])
    }

    @Test func aLostSyncIsAFaultKeepingWhatCameBefore() async throws {
        guard var bytes = await transportStream(["-c:v", "libx264", "-c:a", "aac"]) else { return }
        bytes[188 * 40] = 0x00
        let probe = TSProbe.probe(bytes)
        #expect(probe.error?.offset == 188 * 40)
        #expect(probe.error?.reason.contains("0x47") == true)
        #expect(probe.tracks.count == 2)
    }
}
