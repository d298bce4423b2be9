import CastJSON
import CastNet
import CastTestSupport
import Foundation
import Glibc
import Testing

/// The media path in a real capture: tcpdump records, in a scratch namespace, a sender's LOADs to the emulator
/// with `--fetch-media` and the emulated device's own fetches from nginx; `inspect` follows each LOAD to the
/// device's connections to the media host and names what failed.
@Suite struct MediaFetchCaptureTests {
    @Test func theInspectorFollowsEachLoadToTheDevicesFetches() async throws {
        let directories = TemporaryDirectories()
        guard MissingPeer.installed("/usr/bin/tcpdump"), MissingPeer.installed("/usr/bin/ffmpeg"),
              let castscope = CastscopeProcess.executablePath else { return }
        if let missing = NginxServer.missing { return MissingPeer.report(missing) }
        let root = directories.make("www")
        let made = await SpawnedProcess.run("/usr/bin/ffmpeg", [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x90:rate=25", "-t", "1",
            "-pix_fmt", "yuv420p", "-c:v", "libx264", "-movflags", "+faststart", root + "/media.mp4",
        ])
        #expect(made.status == 0)
        let work = directories.make("capture")
        _ = try await ScratchNamespace.with { namespace in
            let server = try NginxServer(root: root, workDirectory: directories.make("nginx"),
                                         host: namespace.address, namespace: namespace.name)
            defer { server.stop() }
            let receiver = try await ReceiverProcess.start(["--fetch-media"], host: namespace.address,
                                                           namespace: namespace.name)
            defer { _ = receiver.stop() }
            let tcpdump = try ChildProcess(
                path: "/usr/sbin/ip", arguments: ["netns", "exec", namespace.name, "/usr/bin/tcpdump", "-i", "lo", "--immediate-mode",
                                                  "-U", "-n", "-w", work + "/fetch.pcap"],
                errors: .file(work + "/tcpdump.log"))
            defer { _ = tcpdump.terminate(SIGINT, grace: 5) }
            let listening = await eventually(within: .seconds(10)) {
                ((try? String(contentsOfFile: work + "/tcpdump.log", encoding: .utf8)) ?? "").contains("listening")
            }
            #expect(listening)
            for path in ["/media.mp4", "/forbidden.mp4"] {
                _ = await namespace.run(castscope, [
                    "cast", "--device", "\(namespace.address):\(receiver.port)", "--insecure-skip-auth",
                    "--keylog", work + "/keys.txt", "--timeout", "20s", "load", server.baseURL + path,
                ])
            }
            _ = tcpdump.terminate(SIGINT, grace: 5)
            let inspect = try await CastscopeProcess.run([
                "inspect", work + "/fetch.pcap", "--keylog", work + "/keys.txt", "--port", "\(receiver.port)", "--json",
            ])
            let lines = inspect.standardOutput.split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }
            let fetches = lines.filter { $0["kind"]?.stringValue == "media-fetch" }
            #expect(fetches.count >= 2, "\(inspect.standardOutput.suffix(3000)) \(inspect.standardError)")
            let good = fetches.first { $0["contentId"]?.stringValue?.hasSuffix("/media.mp4") == true }
            #expect(good?["device"]?.stringValue == namespace.address)
            #expect(good?["status"]?.intValue == 200 || good?["status"]?.intValue == 206)
            #expect(good?["method"]?.stringValue == "HEAD")
            // Keep-alive: the range request on the same connection is read too, past the HEAD's answer.
            #expect(fetches.contains { $0["method"]?.stringValue == "GET" && $0["status"]?.intValue == 206
                && $0["range"]?.stringValue == "bytes=0-2097151" })
            let findings = lines.filter { $0["kind"]?.stringValue == "finding" }
            let failed = findings.first { $0["code"]?.stringValue == "media.fetch-failed" }
            #expect(failed?["summary"]?.stringValue?.contains("403") == true, "\(findings)")
            #expect(findings.contains { $0["code"]?.stringValue == "media.load-failed"
                && $0["summary"]?.stringValue?.contains("forbidden.mp4") == true })
        }
    }
}
