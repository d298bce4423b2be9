import CastJSON
import CastTestSupport
import Foundation
import Testing

/// `castscope media check` as a user runs it: a playable verdict for media served at a LAN-like address (nginx in a
/// network namespace), the not-playable and usage exits, JSON keys scripts read.
@Suite struct MediaCheckCommandTests {
    static let ffmpeg = "/usr/bin/ffmpeg"

    /// Media made by ffmpeg in a fresh folder: a fast-start H.264/AAC MP4 named media.mp4.
    private func mediaFolder(_ directories: TemporaryDirectories) async -> String? {
        guard MissingPeer.installed(Self.ffmpeg) else { return nil }
        if let missing = NginxServer.missing {
            MissingPeer.report(missing)
            return nil
        }
        let root = directories.make("www")
        let result = await SpawnedProcess.run(Self.ffmpeg, [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25",
            "-f", "lavfi", "-i", "sine", "-t", "1", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-c:a", "aac",
            "-movflags", "+faststart", root + "/media.mp4",
        ])
        guard result.status == 0 else {
            Issue.record("ffmpeg: \(result.errors)")
            return nil
        }
        return root
    }

    @Test func mediaAtALANAddressIsPlayable() async throws {
        let directories = TemporaryDirectories()
        guard let root = await mediaFolder(directories), let castscope = CastscopeProcess.executablePath else { return }
        _ = try await ScratchNamespace.with { namespace in
            let server = try NginxServer(root: root, workDirectory: directories.make("nginx"),
                                         host: namespace.address, namespace: namespace.name)
            defer { server.stop() }
            let run = await namespace.run(castscope, ["media", "check", server.baseURL + "/cors/media.mp4", "--json",
                                                      "--model", "chromecast-gen2"])
            #expect(run.status == 0, "\(run.output) \(run.errors)")
            let json = try JSONValue(parsing: run.output.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(json["verdict"]?.stringValue == "playable")
            #expect(json["model"]?.stringValue == "chromecast-gen2")
            #expect(json["reasons"]?.arrayValue?.isEmpty == true)
            #expect(json["codecs"]?.arrayValue?.compactMap(\.stringValue).first?.hasPrefix("avc1.64") == true)
            #expect(json["http"]?["status"]?.intValue == 206)
            #expect(json["http"]?["cors"]?["allowOrigin"]?.stringValue == "*")
            #expect(json["finalUrl"]?.stringValue == server.baseURL + "/cors/media.mp4")
            let text = await namespace.run(castscope, ["media", "check", server.baseURL + "/media.mp4"])
            #expect(text.status == 0)
            #expect(text.output.hasPrefix("playable on Chromecast (1st gen)"), "\(text.output)")
        }
    }

    @Test func notPlayableAndUsageExits() async throws {
        let refused = try await CastscopeProcess.run(["media", "check", "http://127.0.0.1:9/x.mp4", "--json"])
        #expect(refused.exitCode == 1)
        let json = try JSONValue(parsing: refused.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
        let codes = json["reasons"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        #expect(codes.contains("loopback-url") && codes.contains("connect-failed"), "\(codes)")
        #expect(json["verdict"]?.stringValue == "not-playable")

        let badModel = try await CastscopeProcess.run(["media", "check", "http://a.example/x.mp4", "--model", "tv"])
        #expect(badModel.exitCode == 64)
        #expect(badModel.standardError.contains("chromecast-gen1"))
        let noURL = try await CastscopeProcess.run(["media", "check"])
        #expect(noURL.exitCode == 64)
        let badTimeout = try await CastscopeProcess.run(["media", "check", "http://a.example/", "--timeout", "0s"])
        #expect(badTimeout.exitCode == 64)
        let noBundle = try await CastscopeProcess.run(["media", "check", "http://127.0.0.1:9/", "--ca-bundle", "/nonexistent"])
        #expect(noBundle.exitCode == 1)
        #expect(noBundle.standardError.contains("/nonexistent"))
    }

    @Test func castLoadPreflightWarnsAndLoadsAnyway() async throws {
        let harness = try await ReceiverProcess.start()
        let result = try await CastscopeProcess.run([
            "cast", "--device", "127.0.0.1:\(harness.port)", "--insecure-skip-auth", "load", "http://127.0.0.1:9/a.mp4",
            "--preflight", "--model", "chromecast-ultra",
        ])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("load: "))
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.first == "preflight: not-playable on Chromecast Ultra (chromecast-ultra)", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("preflight: error loopback-url: ") })
        #expect(lines.contains { $0.hasPrefix("preflight: error connect-failed: ") })
    }

    @Test func theEmulatorFetchesLoadsAndFailsAsADeviceWould() async throws {
        let directories = TemporaryDirectories()
        guard let root = await mediaFolder(directories), let castscope = CastscopeProcess.executablePath else { return }
        let hevc = await SpawnedProcess.run(Self.ffmpeg, [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25", "-t", "1",
            "-pix_fmt", "yuv420p", "-c:v", "libx265", "-x265-params", "log-level=none", "-tag:v", "hvc1",
            root + "/hevc.mp4",
        ])
        #expect(hevc.status == 0, "\(hevc.errors)")
        _ = try await ScratchNamespace.with { namespace in
            let server = try NginxServer(root: root, workDirectory: directories.make("nginx"),
                                         host: namespace.address, namespace: namespace.name)
            defer { server.stop() }
            let receiver = try await ReceiverProcess.start(["--fetch-media", "--model", "Chromecast"],
                                                           host: namespace.address, namespace: namespace.name)
            defer { _ = receiver.stop() }
            func load(_ path: String) async -> SpawnedProcess.Result {
                await namespace.run(castscope, ["cast", "--device", "\(namespace.address):\(receiver.port)",
                                                "--insecure-skip-auth", "--timeout", "20s", "load",
                                                server.baseURL + path])
            }
            let good = await load("/media.mp4")
            #expect(good.status == 0, "\(good.output) \(good.errors)")
            let unsupported = await load("/hevc.mp4")
            #expect(unsupported.status == 1)
            #expect(unsupported.errors.contains("104"), "\(unsupported.errors)")
            let forbidden = await load("/forbidden.mp4")
            #expect(forbidden.status == 1)
            #expect(forbidden.errors.contains("103"), "\(forbidden.errors)")
            let log = (try? String(contentsOfFile: receiver.stderrPath, encoding: .utf8)) ?? ""
            #expect(log.contains("media check: not-playable (codec-unsupported"), "\(log.suffix(3000))")
        }
    }
}
