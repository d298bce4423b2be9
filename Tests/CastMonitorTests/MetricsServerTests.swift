import CastMonitor
import CastNet
import CastTestSupport
import Foundation
import Testing

/// The /metrics endpoint as curl (and so Prometheus) sees it: the exposition with its content type, 404 elsewhere,
/// 405 for other methods, 431 for a head over 8 KiB.
@Suite struct MetricsServerTests {
    @Test func metricsAnswersAndEverythingElseIsRefused() async throws {
        guard MissingPeer.installed("/usr/bin/curl") else { return }
        let loop = try EventLoop(name: "metrics-test")
        defer { loop.shutdown() }
        guard let address = SocketAddress(parsing: "127.0.0.1:0") else { return }
        let server = try MetricsServer(address: address, loop: loop) { "castscope_events_total{kind=\"x\"} 1\n" }
        defer { server.close() }
        let base = "http://127.0.0.1:\(server.localAddress.port)"
        func curl(_ arguments: [String]) async -> SpawnedProcess.Result {
            await SpawnedProcess.run("/usr/bin/curl", ["-s", "--max-time", "5"] + arguments)
        }
        let metrics = await curl(["-i", base + "/metrics"])
        #expect(metrics.output.hasPrefix("HTTP/1.1 200 OK"))
        #expect(metrics.output.contains("Content-Type: text/plain; version=0.0.4"))
        #expect(metrics.output.hasSuffix("castscope_events_total{kind=\"x\"} 1\n"))
        #expect(await curl(["-o", "/dev/null", "-w", "%{http_code}", base + "/"]).output == "404")
        #expect(await curl(["-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", base + "/metrics"]).output == "405")
        let huge = String(repeating: "a", count: 9000)
        #expect(await curl(["-o", "/dev/null", "-w", "%{http_code}", "-H", "X: \(huge)", base + "/metrics"]).output
                == "431")
    }
}
