import CastNet
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real nginx (Debian's nginx-light) serving a folder for media tests: byte ranges as nginx does them, and paths
/// that answer with CORS, without ranges, with 403/404, with redirects and with a redirect loop; optionally also
/// over TLS with a given certificate. Runs in the foreground as one process (optionally inside a network
/// namespace) and is stopped by `stop()` or when released, whatever the test did.
public final class NginxServer: Sendable {
    public static let program = "/usr/sbin/nginx"
    private let process: ChildProcess
    /// Where plain http answers: `http://HOST:PORT`.
    public let baseURL: String
    /// Where https answers (nil without a certificate).
    public let secureBaseURL: String?
    /// The server's error log, for failure messages.
    public let errorLogPath: String

    /// Why nginx cannot run here, or nil.
    public static var missing: String? {
        FileManager.default.isExecutableFile(atPath: program) ? nil
            : "\(program) is not installed (scripts/setup installs nginx-light)"
    }

    /// Serves `root` on `host` (a free port each, chosen here) with the paths listed in Docs/media.md's test
    /// section; `certificate`/`key` (PEM files) add an https server; `namespace` runs it inside that network
    /// namespace (via `ip netns exec`).
    public init(root: String, workDirectory: String, host: String = "127.0.0.1", certificate: String? = nil,
                key: String? = nil, namespace: String? = nil) throws {
        var lastError = "no attempt"
        for _ in 0..<8 {
            let port = Int.random(in: 20_000...59_000)
            let securePort = port + 1
            let config = Self.configuration(root: root, work: workDirectory, host: host, port: port,
                                            tls: certificate.flatMap { cert in key.map { (cert, $0, securePort) } })
            let configPath = workDirectory + "/nginx.conf"
            try config.write(toFile: configPath, atomically: true, encoding: .utf8)
            let errorLog = workDirectory + "/error.log"
            try? FileManager.default.removeItem(atPath: errorLog)
            let command = [Self.program, "-p", workDirectory, "-c", configPath, "-e", errorLog]
            let process = try namespace.map {
                try ChildProcess(path: "/usr/sbin/ip", arguments: ["netns", "exec", $0] + command)
            } ?? ChildProcess(path: Self.program, arguments: Array(command.dropFirst()))
            let started = LogDaemons.wait(timeout: 10) {
                let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
                return FileManager.default.fileExists(atPath: workDirectory + "/nginx.pid") || log.contains("emerg")
            }
            let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
            if started && !log.contains("emerg") {
                self.process = process
                let shown = host.contains(":") ? "[\(host)]" : host
                baseURL = "http://\(shown):\(port)"
                secureBaseURL = certificate == nil ? nil : "https://\(shown):\(securePort)"
                errorLogPath = errorLog
                return
            }
            _ = process.terminate(SIGKILL, grace: 1)
            lastError = log.isEmpty ? "nginx did not start within 10 s" : log
            if !log.contains("Address already in use") { break }
        }
        throw LogDaemonError(description: "nginx would not start: \(lastError)")
    }

    deinit { _ = process.terminate(SIGTERM, grace: 2) }

    /// Stops nginx now.
    public func stop() { _ = process.terminate(SIGTERM, grace: 2) }

    private static func configuration(root: String, work: String, host: String, port: Int,
                                      tls: (certificate: String, key: String, port: Int)?) -> String {
        let listenHost = host.contains(":") ? "[\(host)]" : host
        let locations = """
                root \(root);
                location /cors/ { alias \(root)/; add_header Access-Control-Allow-Origin * always; }
                location /norange/ { alias \(root)/; max_ranges 0; }
                location = /forbidden.mp4 { return 403; }
                location = /moved.mp4 { return 302 /media.mp4; }
                location = /moved-twice.mp4 { return 301 /moved.mp4; }
                location = /loop-a { return 302 /loop-b; }
                location = /loop-b { return 302 /loop-a; }
                location = /slow { return 200 "slow"; }
            """
        var servers = """
            server {
                listen \(listenHost):\(port);
            \(locations)
            }
            """
        if let tls {
            servers += """

                server {
                    listen \(listenHost):\(tls.port) ssl;
                    ssl_certificate \(tls.certificate);
                    ssl_certificate_key \(tls.key);
                    location = /downgrade.mp4 { return 302 http://\(listenHost):\(port)/media.mp4; }
                \(locations)
                }
                """
        }
        return """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(work)/nginx.pid;
            events { worker_connections 64; }
            http {
                access_log \(work)/access.log;
                client_body_temp_path \(work)/body;
                proxy_temp_path \(work)/proxy;
                fastcgi_temp_path \(work)/fastcgi;
                uwsgi_temp_path \(work)/uwsgi;
                scgi_temp_path \(work)/scgi;
                types {
                    video/mp4 mp4 m4s; audio/mp4 m4a; video/webm webm; video/mp2t ts; audio/mpeg mp3;
                    audio/flac flac; audio/wav wav; audio/ogg ogg opus; audio/aac aac;
                    application/vnd.apple.mpegurl m3u8; application/dash+xml mpd;
                }
                default_type application/octet-stream;
            \(servers)
            }
            """
    }
}
