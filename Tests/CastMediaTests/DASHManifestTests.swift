import CastMedia
import CastTestSupport
import Foundation
import Testing

/// DASH MPDs as ffmpeg writes them (made at test time) and as ISO/IEC 23009-1 allows them: representations with
/// inherited attributes, segment templates expanded, SegmentBase byte ranges, BaseURL chains, protection, faults.
@Suite struct DASHManifestTests {
    let directories = TemporaryDirectories()

    @Test func ffmpegsLiveProfileManifest() async throws {
        guard MissingPeer.installed(MP4ProbeTests.ffmpeg) else { return }
        let folder = directories.make("dash")
        let result = await SpawnedProcess.run(MP4ProbeTests.ffmpeg, [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25",
            "-f", "lavfi", "-i", "sine", "-t", "2", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-c:a", "aac",
            "-f", "dash", folder + "/manifest.mpd",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let bytes = try #require(FileManager.default.contents(atPath: folder + "/manifest.mpd")).map { $0 }
        #expect(DASHManifest.recognises(Array(bytes)))
        let manifest = DASHManifest(parsing: Array(bytes))
        #expect(manifest.error == nil)
        #expect(manifest.presentationType == "static")
        #expect(manifest.adaptationSets.map(\.contentType) == ["video", "audio"])
        let video = try #require(manifest.adaptationSets.first?.representations.first)
        #expect(video.codecs.first?.hasPrefix("avc1.64") == true)
        #expect(video.width == 320 && video.height == 180)
        #expect(video.initialization == "init-stream0.m4s")
        #expect(video.firstSegment == "chunk-stream0-00001.m4s")
        #expect(FileManager.default.fileExists(atPath: folder + "/" + (video.firstSegment ?? "")))
        #expect(manifest.adaptationSets.last?.representations.first?.codecs == ["mp4a.40.2"])
    }

    @Test func inheritanceTemplatesBaseURLsAndProtection() throws {
        let text = """
            \u{FEFF}<?xml version="1.0"?>
            <!-- a comment with <MPD> inside -->
            <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="dynamic">
              <BaseURL>https://cdn.example.com/a/</BaseURL>
              <Period>
                <AdaptationSet mimeType="video/mp4" codecs="hvc1.2.4.L153.B0" width="3840" height="2160">
                  <ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc"/>
                  <ContentProtection schemeIdUri="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"/>
                  <SegmentTemplate initialization="$RepresentationID$/init.mp4"
                                   media="$RepresentationID$/$Bandwidth$-$Time$-$Number%04d$.m4s" startNumber="7">
                    <SegmentTimeline><S t="9000" d="90000" r="3"/><S d="1"/></SegmentTimeline>
                  </SegmentTemplate>
                  <Representation id="uhd" bandwidth="15000000"/>
                  <Representation id="hd" bandwidth="5000000" width="1920" height="1080" codecs="avc1.640028"/>
                </AdaptationSet>
                <AdaptationSet contentType="audio" lang="en">
                  <Representation id="a&amp;b" mimeType="audio/mp4" codecs="mp4a.40.2, ec-3">
                    <BaseURL>audio/</BaseURL>
                    <BaseURL>ignored-second/</BaseURL>
                    <SegmentBase indexRange="800-1500"><Initialization range="0-799"/></SegmentBase>
                  </Representation>
                </AdaptationSet>
              </Period>
              <Period><AdaptationSet><Representation id="later"/></AdaptationSet></Period>
            </MPD>
            """
        let manifest = DASHManifest(parsing: Array(text.utf8))
        #expect(manifest.error == nil, "\(String(describing: manifest.error))")
        #expect(manifest.presentationType == "dynamic")
        #expect(manifest.adaptationSets.count == 2, "the second period is not read")
        let video = try #require(manifest.adaptationSets.first)
        #expect(video.protection.count == 2)
        #expect(video.contentType == "video")
        let uhd = video.representations[0], hd = video.representations[1]
        #expect(uhd.codecs == ["hvc1.2.4.L153.B0"] && uhd.height == 2160)
        #expect(hd.codecs == ["avc1.640028"] && hd.height == 1080)
        #expect(uhd.initialization == "uhd/init.mp4")
        #expect(uhd.firstSegment == "uhd/15000000-9000-0007.m4s")
        #expect(uhd.baseURLs == ["https://cdn.example.com/a/"])
        let audio = try #require(manifest.adaptationSets.last?.representations.first)
        #expect(audio.id == "a&b")
        #expect(audio.codecs == ["mp4a.40.2", "ec-3"])
        #expect(audio.initializationRange == "0-799")
        #expect(audio.initialization == nil && audio.firstSegment == nil)
        #expect(audio.baseURLs.first == "https://cdn.example.com/a/")
        #expect(audio.baseURLs.count == 2)
    }

    @Test func faultsNameTheirByteAndKeepWhatCameBefore() {
        let cases: [(String, String)] = [
            ("<MPD><Period><AdaptationSet><Representation id='a' codecs='vp9'/></Period></MPD>",
             "</Period> closes <AdaptationSet>"),
            ("<MPD><Period><AdaptationSet><Representation id=a/></AdaptationSet></Period></MPD>", "unquoted"),
            ("<MPD><Period><AdaptationSet><Representation id='a", "unclosed value"),
            ("<MPD><Period><![CDATA[ never closed", "unclosed CDATA"),
            ("<html><body>no manifest</body></html>", "no MPD element"),
        ]
        for (text, reason) in cases {
            let manifest = DASHManifest(parsing: Array(text.utf8))
            #expect(manifest.error?.reason.contains(reason) == true, "\(text): \(String(describing: manifest.error))")
        }
        let kept = DASHManifest(parsing: Array(cases[0].0.utf8))
        #expect(kept.adaptationSets.first?.representations.first?.codecs == ["vp9"])
        let deep = String(repeating: "<a>", count: 40)
        #expect(DASHManifest(parsing: Array(("<MPD>" + deep).utf8)).error?.reason.contains("deep") == true)
        #expect(!DASHManifest.recognises(Array("binary <MPD".utf8)))
    }
}
