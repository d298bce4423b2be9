import CastTestSupport
import Foundation
import Testing

/// Media made by ffmpeg at test time and served by a real nginx on loopback (and, with a certificate, over TLS);
/// nil (reported as a skip, a failure under CASTSCOPE_REQUIRE_PEERS=1) when ffmpeg or nginx is missing.
final class MediaFixtures: Sendable {
    static let ffmpeg = "/usr/bin/ffmpeg"
    let directories: TemporaryDirectories
    let root: String
    let server: NginxServer

    private init(directories: TemporaryDirectories, root: String, server: NginxServer) {
        self.directories = directories
        self.root = root
        self.server = server
    }

    /// The fixtures with `files` made (names from `clips`), served with or without a TLS certificate.
    static func make(_ files: [String], certificate: (cert: String, key: String)? = nil) async -> MediaFixtures? {
        guard MissingPeer.installed(ffmpeg) else { return nil }
        if let missing = NginxServer.missing {
            MissingPeer.report(missing)
            return nil
        }
        let directories = TemporaryDirectories()
        let root = directories.make("www")
        for file in files {
            guard await makeClip(file, in: root) else { return nil }
        }
        do {
            let server = try NginxServer(root: root, workDirectory: directories.make("nginx"),
                                         certificate: certificate?.cert, key: certificate?.key)
            return MediaFixtures(directories: directories, root: root, server: server)
        } catch {
            Issue.record("\(error)")
            return nil
        }
    }

    /// The ffmpeg arguments of each clip: one second of test picture and tone.
    static let clips: [String: [String]] = [
        "media.mp4": ["-c:v", "libx264", "-profile:v", "high", "-level", "3.1", "-c:a", "aac", "-movflags", "+faststart"],
        "tail.mp4": ["-c:v", "libx264", "-profile:v", "main", "-c:a", "aac"],
        "hevc.mp4": ["-c:v", "libx265", "-x265-params", "log-level=none", "-tag:v", "hvc1", "-c:a", "aac",
                     "-movflags", "+faststart"],
        "big.mp4": ["-c:v", "libx264", "-preset", "ultrafast", "-profile:v", "high", "-level", "5.1", "-s", "3840x2160",
                    "-frames:v", "3", "-an",
                    "-movflags", "+faststart"],
        "vp9.webm": ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus"],
        "clip.ts": ["-c:v", "libx264", "-profile:v", "main", "-level", "3.0", "-c:a", "aac", "-f", "mpegts"],
        "song.mp3": ["-vn", "-c:a", "libmp3lame"],
        "song.flac": ["-vn", "-c:a", "flac"],
        "song.wav": ["-vn", "-c:a", "pcm_s16le"],
        "song.ogg": ["-vn", "-c:a", "libopus"],
        "song.aac": ["-vn", "-c:a", "aac", "-f", "adts"],
        "dash/manifest.mpd": ["-c:v", "libx264", "-profile:v", "high", "-c:a", "aac", "-f", "dash"],
        "hls/master.m3u8": ["-c:v", "libx264", "-profile:v", "high", "-c:a", "aac", "-f", "hls", "-hls_time", "1",
                            "-master_pl_name", "master.m3u8", "-hls_segment_filename", "PLACEHOLDER/seg%d.ts"],
    ]

    private static func makeClip(_ name: String, in root: String) async -> Bool {
        guard var arguments = clips[name] else {
            Issue.record("no clip named \(name)")
            return false
        }
        var output = root + "/" + name
        if let slash = name.firstIndex(of: "/") {
            let folder = root + "/" + name[..<slash]
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            arguments = arguments.map { $0.replacingOccurrences(of: "PLACEHOLDER", with: folder) }
            if name.hasPrefix("hls/") { output = folder + "/media.m3u8" }
        }
        let result = await SpawnedProcess.run(
            ffmpeg,
            ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25",
             "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "2", "-pix_fmt", "yuv420p"]
                + arguments + [output])
        guard result.status == 0 else {
            Issue.record("ffmpeg failed for \(name): \(result.errors)")
            return false
        }
        return true
    }

    /// A test CA and a server certificate it signed for `names`: (CA certificate, server certificate, server key);
    /// nil when openssl fails (recorded).
    static func caSigned(_ names: String, in directory: String) async -> (ca: String, cert: String, key: String)? {
        let ca = directory + "/ca.pem", caKey = directory + "/ca-key.pem"
        let cert = directory + "/server.pem", key = directory + "/server-key.pem", request = directory + "/server.csr"
        let extensions = directory + "/server.ext"
        try? "subjectAltName=\(names)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: extensions, atomically: true, encoding: .utf8)
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
             "-subj", "/CN=castscope test CA", "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign,cRLSign", "-keyout", caKey, "-out", ca],
            ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=media server",
             "-keyout", key, "-out", request],
            ["x509", "-req", "-in", request, "-CA", ca, "-CAkey", caKey, "-CAcreateserial", "-days", "2",
             "-extfile", extensions, "-out", cert],
        ]
        for step in steps {
            let result = await SpawnedProcess.run("/usr/bin/openssl", step)
            guard result.status == 0 else {
                Issue.record("openssl \(step[0]) failed: \(result.errors)")
                return nil
            }
        }
        return (ca, cert, key)
    }

    /// A self-signed certificate and key for `names` (subjectAltName entries such as `IP:127.0.0.1`), made with
    /// the openssl command; nil when it fails (recorded).
    static func selfSigned(_ names: String, in directory: String) async -> (cert: String, key: String)? {
        let cert = directory + "/cert.pem", key = directory + "/key.pem"
        let result = await SpawnedProcess.run(
            "/usr/bin/openssl",
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
             "-subj", "/CN=castscope test", "-addext", "subjectAltName=\(names)", "-keyout", key, "-out", cert])
        guard result.status == 0 else {
            Issue.record("openssl failed: \(result.errors)")
            return nil
        }
        return (cert, key)
    }
}
