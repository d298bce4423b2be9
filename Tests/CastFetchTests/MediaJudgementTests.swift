@testable import CastFetch
import CastMedia
import Testing

/// The judgements that need no server: codec strings read for family, profile and level; the model table; hosts
/// as a device on the user's network sees them; content types.
@Suite struct MediaJudgementTests {
    @Test func codecStringsGiveFamilyProfileAndLevel() {
        let cases: [(String, CodecIdentity.Family, Int?, Int?)] = [
            ("avc1.64001F", .h264, 100, 31), ("avc3.4D4029", .h264, 77, 41), ("avc1.42E009", .h264, 66, 10),
            ("hvc1.2.4.L153.B0", .hevc, 2, 51), ("hev1.1.6.L93.90", .hevc, 1, 31),
            ("vp09.02.51.10", .vp9, 2, 51), ("vp8", .vp8, nil, nil), ("av01.0.09M.08", .av1, 0, 41),
            ("av01.0.13M.10", .av1, 0, 51), ("dvh1.05.06", .dolbyVision, 5, nil),
            ("mp4a.40.2", .aac, nil, nil), ("mp4a.40.5", .aac, nil, nil), ("mp4a.40.34", .mp3, nil, nil),
            ("mp4a.6B", .mp3, nil, nil), ("mp4a.A6", .eac3, nil, nil), ("ec-3", .eac3, nil, nil),
            ("ac-3", .ac3, nil, nil), ("opus", .opus, nil, nil), ("fLaC", .flac, nil, nil), ("dtsc", .dts, nil, nil),
            ("xyz1.2", .unknown, nil, nil), ("", .unknown, nil, nil), ("avc1.ZZ", .h264, nil, nil),
        ]
        for (codec, family, profile, level) in cases {
            let identity = CodecIdentity(codec: codec)
            #expect(identity.family == family, "\(codec)")
            #expect(identity.profile == profile, "\(codec)")
            #expect(identity.level == level, "\(codec)")
        }
    }

    @Test func theModelTableDecidesCodecsLevelsAndSizes() throws {
        let gen1 = PlayabilityJudge(model: DeviceModel.strictest)
        #expect(gen1.judge(codec: "avc1.640029", height: 1080, width: 1920).isEmpty)
        #expect(gen1.judge(codec: "avc1.64002A").map(\.code) == [.codecUnsupported])  // level 4.2 > 4.1
        #expect(gen1.judge(codec: "avc1.6E001F").map(\.code) == [.codecUnsupported])  // High 10
        #expect(gen1.judge(codec: "vp09.00.41.08").map(\.code) == [.codecUnsupported])
        #expect(gen1.judge(codec: "mp4a.40.2").isEmpty && gen1.judge(codec: "opus").isEmpty)
        #expect(gen1.judge(codec: "ec-3").map(\.code) == [.codecUnsupported])
        let gen2 = PlayabilityJudge(model: try #require(DeviceModel.named("chromecast-gen2")))
        #expect(gen2.judge(codec: "ec-3").map(\.severity) == [.warning])  // passed through HDMI
        let ultra = PlayabilityJudge(model: try #require(DeviceModel.named("chromecast-ultra")))
        #expect(ultra.judge(codec: "hvc1.2.4.L153.B0", height: 2160, width: 3840).isEmpty)
        #expect(ultra.judge(codec: "hvc1.2.4.L156.B0").map(\.code) == [.codecUnsupported])  // level 5.2
        #expect(ultra.judge(codec: "av01.0.09M.08").map(\.code) == [.codecUnsupported])
        let hd = PlayabilityJudge(model: try #require(DeviceModel.named("google-tv-hd")))
        #expect(hd.judge(codec: "av01.0.08M.08", height: 1080).isEmpty)
        #expect(hd.judge(codec: "avc1.640028", height: 2160, width: 3840).map(\.code) == [.resolutionTooHigh])
        // A portrait picture is judged by its short side.
        #expect(hd.judge(codec: "avc1.640028", height: 1920, width: 1080).isEmpty)
        let any = PlayabilityJudge(model: .any)
        #expect(any.judge(codec: "av01.0.09M.08").isEmpty && any.judge(codec: "hvc1.2.4.L153.B0").isEmpty)
        #expect(any.judge(codec: "avc1.640033").isEmpty)
        #expect(DeviceModel.names.count == Set(DeviceModel.names).count)
        #expect(DeviceModel.named("chromecast-gen9") == nil)
    }

    @Test func advertisedModelNamesFindTheirRow() {
        let cases: [(String, String?)] = [
            ("Chromecast", "chromecast-gen2"), ("Chromecast Ultra", "chromecast-ultra"),
            ("Chromecast Audio", "chromecast-audio"), ("Google Nest Hub", "nest-hub"), ("Google Home Mini", "nest-audio"),
            ("Google Nest Audio", "nest-audio"), ("Google Cast Group", "nest-audio"), ("Chromecast HD", "google-tv-hd"),
            ("Chromecast with Google TV", "google-tv-4k"), ("Vizio TV", nil), ("", nil),
        ]
        for (name, id) in cases { #expect(DeviceModel.advertised(name)?.id == id, "\(name)") }
    }

    @Test func containersAndEncryptionAreJudged() {
        let judge = PlayabilityJudge(model: .strictest)
        #expect(judge.judge(container: "mp4").isEmpty && judge.judge(container: "hls").isEmpty)
        #expect(judge.judge(container: "matroska").map(\.code) == [.containerUnsupported])
        #expect(judge.judge(container: nil).map(\.code) == [.containerUnknown])
        #expect(judge.judge(encryption: "AES-128").isEmpty && judge.judge(encryption: "cbcs").isEmpty)
        #expect(judge.judge(encryption: "SAMPLE-AES").map(\.code) == [.encryptionUnsupported])
    }

    @Test func hostsAreJudgedAsTheDeviceSeesThem() {
        let cases: [(String, MediaReason.Code?, MediaReason.Severity?)] = [
            ("localhost", .loopbackURL, .error), ("media.localhost", .loopbackURL, .error),
            ("127.0.0.1", .loopbackURL, .error), ("127.8.9.10", .loopbackURL, .error), ("[::1]", .loopbackURL, .error),
            ("::ffff:127.0.0.1", .loopbackURL, .error), ("0.0.0.0", .loopbackURL, .error),
            ("169.254.10.20", .linkLocalURL, .error), ("[fe80::1]", .linkLocalURL, .error),
            ("nas.local", .localName, .error), ("NAS.LOCAL.", .localName, .error), ("nas", .localName, .warning),
            ("nas.home.arpa", .localName, .warning), ("nas.lan", .localName, .warning),
            ("192.168.1.20", nil, nil), ("10.0.0.5", nil, nil), ("media.example.com", nil, nil),
            ("[2001:db8::1]", nil, nil),
        ]
        for (host, code, severity) in cases {
            let reasons = MediaHost.reasons(host: host)
            #expect(reasons.first?.code == code, "\(host)")
            #expect(reasons.first?.severity == severity, "\(host)")
        }
        #expect(MediaHost.reasons(address: "127.0.1.1", host: "myhost.example").first?.code == .loopbackURL)
    }

    @Test func contentTypesNameContainers() {
        #expect(ContentTypes.container(declared: "application/x-mpegURL") == "hls")
        #expect(ContentTypes.container(declared: "application/dash+xml; charset=utf-8") == "dash")
        #expect(ContentTypes.container(declared: "video/mp4") != nil)
        #expect(ContentTypes.container(declared: "text/plain") == nil)
        #expect(MediaVerdict(reasons: [], determined: false) == .unknown)
        #expect(MediaVerdict(reasons: [], determined: true).exitStatus == 0)
    }
}
