import CastNet
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real Prometheus (Debian's `prometheus`, run by hand) scraping one target every second, on loopback, with its
/// storage in a temporary folder; stopped by `stop()` or when released, whatever the test did.
public final class PrometheusServer: Sendable {
    public static let program = "/usr/bin/prometheus"
    private let process: ChildProcess
    /// Where its HTTP API answers.
    public let baseURL: String

    /// Why Prometheus cannot run here, or nil.
    public static var missing: String? {
        for program in [program, "/usr/bin/curl"] where !FileManager.default.isExecutableFile(atPath: program) {
            return "\(program) is not installed (scripts/setup installs it)"
        }
        return nil
    }

    /// Starts Prometheus scraping `target` (`HOST:PORT`, path /metrics) every second; waits until it is ready.
    public init(target: String, workDirectory: String) async throws {
        var lastError = "no attempt"
        for _ in 0..<5 {
            let port = Int.random(in: 20_000...59_000)
            let config = workDirectory + "/prometheus.yml"
            try """
                global:
                  scrape_interval: 1s
                  evaluation_interval: 1s
                scrape_configs:
                  - job_name: castscope
                    static_configs:
                      - targets: ["\(target)"]
                """.write(toFile: config, atomically: true, encoding: .utf8)
            let log = workDirectory + "/prometheus.log"
            let process = try ChildProcess(
                path: Self.program,
                arguments: ["--config.file=\(config)", "--storage.tsdb.path=\(workDirectory)/data",
                            "--web.listen-address=127.0.0.1:\(port)", "--log.level=warn"],
                errors: .file(log))
            let url = "http://127.0.0.1:\(port)"
            let ready = await eventually(within: .seconds(30)) {
                guard process.isRunning else { return true }
                let answer = await SpawnedProcess.run("/usr/bin/curl", ["-sf", "--max-time", "2", url + "/-/ready"])
                return answer.status == 0
            }
            if ready, process.isRunning {
                self.process = process
                baseURL = url
                return
            }
            _ = process.terminate(SIGKILL, grace: 1)
            lastError = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "not ready within 30 s"
            if !lastError.contains("address already in use") { break }
        }
        throw LogDaemonError(description: "prometheus would not start: \(lastError.suffix(2000))")
    }

    deinit { _ = process.terminate(SIGTERM, grace: 5) }

    /// Stops Prometheus now.
    public func stop() { _ = process.terminate(SIGTERM, grace: 5) }

    /// The first sample's value of an instant query, nil while there is none.
    public func value(of query: String) async -> String? {
        let answer = await SpawnedProcess.run(
            "/usr/bin/curl", ["-sf", "--max-time", "5", "-G", baseURL + "/api/v1/query", "--data-urlencode",
                              "query=\(query)"])
        guard answer.status == 0, let data = answer.output.data(using: .utf8),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let result = (json["data"] as? [String: Any])?["result"] as? [[String: Any]],
              let value = result.first?["value"] as? [Any], value.count == 2 else { return nil }
        return value[1] as? String
    }
}
