import CastFetch
import CastMedia
import CastTestSupport
import Foundation
import Testing

/// `media check` against media ffmpeg made, served by a real nginx on loopback: what it fetched, what it read and
/// each reason. Loopback URLs are themselves a reason (`loopback-url`: the device cannot reach this host's
/// loopback), so these tests look at the other reasons; the playable verdict is proven in a namespace
/// (castscopeTests' MediaCheckCommandTests).
@Suite struct MediaCheckServedTests {
    private func check(_ url: String, model: String = "chromecast-gen2",
                       _ configure: (inout MediaCheckOptions) -> Void = { _ in }) throws -> MediaCheckReport {
        var options = MediaCheckOptions(model: try #require(DeviceModel.named(model)))
        configure(&options)
        return try MediaChecker(options: options).check(url)
    }

    private func codes(_ report: MediaCheckReport, _ severity: MediaReason.Severity? = nil) -> Set<String> {
        Set(report.reasons.filter { severity == nil || $0.severity == severity }.map(\.code.rawValue))
    }

    @Test func aFastStartMP4IsReadFromItsHeadWithOneRangeRequest() async throws {
        guard let media = await MediaFixtures.make(["media.mp4"]) else { return }
        let report = try check(media.server.baseURL + "/media.mp4")
        #expect(report.container == "mp4")
        #expect(report.codecs == ["avc1.64001F", "mp4a.40.2"])
        #expect(report.http?.status == 206 && report.http?.rangeHonoured == true)
        #expect(report.http?.headStatus == 200)
        #expect(report.http?.contentType == "video/mp4")
        #expect(report.http?.corsRequired == false)
        #expect(report.fetches.map(\.role) == ["head", "media"])
        // Only the loopback host stands in the way; CORS is not needed for progressive media.
        #expect(codes(report) == ["loopback-url"], "\(report.reasons)")
        #expect(report.verdict == .notPlayable)
        #expect(report.determined)
    }

    @Test func aServerIgnoringRangeMakesSeekingFail() async throws {
        guard let media = await MediaFixtures.make(["media.mp4"]) else { return }
        let report = try check(media.server.baseURL + "/norange/media.mp4")
        #expect(report.http?.status == 200 && report.http?.rangeHonoured == false)
        #expect(codes(report, .warning).contains("range-unsupported"))
        #expect(report.codecs == ["avc1.64001F", "mp4a.40.2"])
    }

    @Test func statusRedirectsAndLoopsAreNamed() async throws {
        guard let media = await MediaFixtures.make(["media.mp4"]) else { return }
        let forbidden = try check(media.server.baseURL + "/forbidden.mp4")
        let status = try #require(forbidden.reasons.first { $0.code == .httpStatus })
        #expect(status.severity == .error && status.message.contains("403"))
        #expect(forbidden.verdict == .notPlayable)

        let missing = try check(media.server.baseURL + "/missing.mp4")
        #expect(missing.reasons.contains { $0.code == .httpStatus && $0.message.contains("404") })
        #expect(missing.fetches.last?.status == 404)

        let moved = try check(media.server.baseURL + "/moved-twice.mp4")
        #expect(moved.redirects.count == 2)
        #expect(moved.finalURL == media.server.baseURL + "/media.mp4")
        #expect(moved.codecs == ["avc1.64001F", "mp4a.40.2"])

        let loop = try check(media.server.baseURL + "/loop-a")
        #expect(codes(loop, .error).contains("redirect-loop"))
    }

    @Test func hevcIsRefusedByAChromecastAndPlayedByAnUltra() async throws {
        guard let media = await MediaFixtures.make(["hevc.mp4", "big.mp4"]) else { return }
        let gen2 = try check(media.server.baseURL + "/hevc.mp4")
        let refusal = try #require(gen2.reasons.first { $0.code == .codecUnsupported })
        #expect(refusal.message.contains("hvc1") && refusal.message.contains("HEVC"))
        let ultra = try check(media.server.baseURL + "/hevc.mp4", model: "chromecast-ultra")
        #expect(!codes(ultra).contains("codec-unsupported"), "\(ultra.reasons)")
        // A 2160-line H.264 level 5.1 picture: above the level and the height a 1080p device takes.
        let big = try check(media.server.baseURL + "/big.mp4", model: "chromecast-gen3")
        #expect(codes(big, .error).isSuperset(of: ["codec-unsupported", "resolution-too-high"]), "\(big.reasons)")
        let speaker = try check(media.server.baseURL + "/big.mp4", model: "nest-audio")
        #expect(speaker.reasons.contains { $0.code == .codecUnsupported && $0.message.contains("audio only") })
    }

    @Test func webmAndTransportStreamsAreReadToo() async throws {
        guard let media = await MediaFixtures.make(["vp9.webm", "clip.ts"]) else { return }
        let gen2 = try check(media.server.baseURL + "/vp9.webm")
        #expect(gen2.container == "webm" && gen2.codecs == ["vp9", "opus"])
        #expect(gen2.reasons.contains { $0.code == .codecUnsupported && $0.message.contains("VP9") })
        let ultra = try check(media.server.baseURL + "/vp9.webm", model: "chromecast-ultra")
        #expect(codes(ultra) == ["loopback-url"], "\(ultra.reasons)")
        // A WebM head with no Tracks: the container is named, the codecs are not, and the report says so.
        let bare: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x87, 0x42, 0x82, 0x84] + Array("webm".utf8) + [0xEC, 0x80]
        try Data(bare).write(to: URL(fileURLWithPath: media.root + "/bare.webm"))
        let unread = try check(media.server.baseURL + "/bare.webm")
        #expect(unread.container == "webm" && !unread.determined)
        #expect(unread.reasons.contains { $0.code == .codecUnknown }, "\(unread.reasons)")
        let ts = try check(media.server.baseURL + "/clip.ts")
        #expect(ts.container == "mpeg-ts" && ts.codecs == ["avc1.4D401E", "mp4a.40.2"])
        #expect(codes(ts) == ["loopback-url"], "\(ts.reasons)")
        #expect(ts.determined)
    }

    @Test func anIndexAfterTheMediaIsFoundWithASecondRangeRequest() async throws {
        guard let media = await MediaFixtures.make(["tail.mp4"]) else { return }
        let report = try check(media.server.baseURL + "/tail.mp4") { $0.headBytes = 4096 }
        #expect(report.fetches.map(\.role) == ["head", "media", "index"])
        #expect(codes(report, .warning).contains("index-at-end"))
        #expect(report.codecs.count == 2 && report.codecs.first?.hasPrefix("avc1.4D") == true)
    }

    @Test func anIndexLongerThanTheHeadIsFetchedWhole() async throws {
        guard let media = await MediaFixtures.make(["media.mp4", "tail.mp4"]) else { return }
        // 1 KiB heads cut every index: the rest of it is fetched, as a player does for a long film's tables.
        let front = try check(media.server.baseURL + "/media.mp4") { $0.headBytes = 1024 }
        #expect(front.codecs == ["avc1.64001F", "mp4a.40.2"], "\(front.reasons)")
        #expect(front.fetches.map(\.role) == ["head", "media", "index"])
        let back = try check(media.server.baseURL + "/tail.mp4") { $0.headBytes = 1024 }
        #expect(back.codecs.count == 2, "\(back.reasons)")
        #expect(back.fetches.map(\.role) == ["head", "media", "index", "index"])
        #expect(!back.reasons.contains { $0.code == .mediaMalformed })
    }

    @Test func audioFilesAreReadFromTheirHeaders() async throws {
        let files = ["song.mp3", "song.flac", "song.wav", "song.ogg", "song.aac"]
        guard let media = await MediaFixtures.make(files) else { return }
        let expected = ["song.mp3": ("mp3", "mp3"), "song.flac": ("flac", "flac"), "song.wav": ("wav", "pcm"),
                        "song.ogg": ("ogg", "opus"), "song.aac": ("adts", "mp4a.40.2")]
        for file in files {
            let report = try check(media.server.baseURL + "/" + file, model: "nest-audio")
            #expect(report.container == expected[file]?.0, "\(file)")
            #expect(report.codecs == [expected[file]?.1 ?? ""], "\(file)")
            #expect(codes(report) == ["loopback-url"], "\(file): \(report.reasons)")
        }
    }

    @Test func hlsNeedsCORSOnItsPlaylistsAndSegments() async throws {
        guard let media = await MediaFixtures.make(["hls/master.m3u8"]) else { return }
        let bare = try check(media.server.baseURL + "/hls/master.m3u8")
        #expect(bare.container == "hls")
        #expect(bare.http?.corsRequired == true && bare.http?.corsAllowed == false)
        let cors = bare.reasons.filter { $0.code == .corsMissing }
        #expect(cors.count >= 3, "master, variant and segment: \(cors)")
        #expect(cors.allSatisfy { $0.severity == .error })

        let allowed = try check(media.server.baseURL + "/cors/hls/master.m3u8")
        #expect(!codes(allowed).contains("cors-missing"), "\(allowed.reasons)")
        #expect(allowed.variants.count == 1)
        #expect(allowed.variants.first?.status == 200 && allowed.variants.first?.playable == true)
        #expect(allowed.codecs.contains("mp4a.40.2"))
        #expect(allowed.fetches.map(\.role) == ["head", "media", "variant", "segment"])
        #expect(allowed.determined)
    }

    @Test func aVariantWhoseCODECSDoNotSayWhatItsSegmentsHoldIsNamed() async throws {
        guard let media = await MediaFixtures.make(["hls/master.m3u8"]) else { return }
        let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=100000,RESOLUTION=320x180,CODECS=\"avc1.42C01E,mp4a.40.2\"\n"
            + "media.m3u8\n"
        try master.write(toFile: media.root + "/hls/baseline.m3u8", atomically: true, encoding: .utf8)
        let report = try check(media.server.baseURL + "/cors/hls/baseline.m3u8")
        let mismatch = try #require(report.reasons.first { $0.code == .codecsMismatch })
        #expect(mismatch.message.contains("avc1.42C01E") && mismatch.message.contains("avc1.64"), "\(mismatch)")
        let honest = try check(media.server.baseURL + "/cors/hls/master.m3u8")
        #expect(!honest.reasons.contains { $0.code == .codecsMismatch }, "\(honest.reasons)")
    }

    @Test func dashNeedsCORSAndIsReadFromItsInitializationSegment() async throws {
        guard let media = await MediaFixtures.make(["dash/manifest.mpd"]) else { return }
        let bare = try check(media.server.baseURL + "/dash/manifest.mpd")
        #expect(bare.container == "dash")
        #expect(bare.reasons.filter { $0.code == .corsMissing }.count >= 3, "MPD, init, segment: \(bare.reasons)")
        let allowed = try check(media.server.baseURL + "/cors/dash/manifest.mpd")
        #expect(codes(allowed) == ["loopback-url"], "\(allowed.reasons)")
        #expect(allowed.variants.count == 2)
        #expect(allowed.fetches.map(\.role) == ["head", "media", "init", "segment"])
        #expect(allowed.tracks.first?.codec.hasPrefix("avc1.64") == true)
        #expect(allowed.determined)
        let speaker = try check(media.server.baseURL + "/cors/dash/manifest.mpd", model: "nest-audio")
        // The video set cannot play on a speaker: that set is refused, the audio set plays.
        #expect(speaker.reasons.contains { $0.code == .codecUnsupported && $0.message.contains("video adaptation set") })
    }

    @Test func theLoadsContentTypeMustFitWhatIsServed() async throws {
        guard let media = await MediaFixtures.make(["media.mp4"]) else { return }
        let report = try check(media.server.baseURL + "/media.mp4") { $0.contentType = "application/x-mpegurl" }
        let mismatch = try #require(report.reasons.first { $0.code == .contentTypeMismatch })
        #expect(mismatch.severity == .error)
        let fine = try check(media.server.baseURL + "/media.mp4") { $0.contentType = "video/mp4" }
        #expect(!codes(fine).contains("content-type-mismatch"))
        // One checker, one contentType per check (as the emulator checks each LOAD's): nothing carries over.
        let checker = try MediaChecker(options: MediaCheckOptions(model: .strictest))
        let wrong = checker.check(media.server.baseURL + "/media.mp4", contentType: "application/dash+xml")
        #expect(wrong.reasons.contains { $0.code == .contentTypeMismatch })
        let none = checker.check(media.server.baseURL + "/media.mp4")
        #expect(!none.reasons.contains { $0.code == .contentTypeMismatch }, "\(none.reasons)")
    }
}
