import CastMonitor
import CastTestSupport
import Foundation
import Testing

/// The exposition as Prometheus reads it: checked by the real `promtool check metrics`, labels escaped.
@Suite struct PrometheusExpositionTests {
    static let promtool = "/usr/bin/promtool"

    private func engine() -> MonitorEngine {
        var engine = MonitorEngine()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        _ = engine.observe(ProbeObservation(device: "Kitchen \"TV\"\nback", reachable: true, rtt: 0.0042,
                                            address: "10.0.0.5:8009", uptime: 3600), at: start)
        _ = engine.observe(ProbeObservation(device: "Hall", reachable: false, address: "10.0.0.6:8009"), at: start)
        return engine
    }

    @Test func theExpositionHasHelpTypeAndEscapedLabels() {
        let text = PrometheusExposition.render(engine(), now: Date(timeIntervalSince1970: 1_800_000_060))
        #expect(text.contains("# TYPE castscope_device_up gauge\n"))
        #expect(text.contains(#"castscope_device_up{device="Kitchen \"TV\"\nback",address="10.0.0.5:8009"} 1"#))
        #expect(text.contains(#"castscope_device_up{device="Hall",address="10.0.0.6:8009"} 0"#))
        #expect(text.contains(#"castscope_device_uptime_seconds{device="Kitchen \"TV\"\nback"} 3600"#))
        #expect(text.contains(#"castscope_events_total{kind="device.seen"} 1"#))
        #expect(text.hasSuffix("\n"))
    }

    @Test func promtoolAcceptsIt() async throws {
        guard MissingPeer.installed(Self.promtool) else { return }
        let directories = TemporaryDirectories()
        let path = directories.make("prom") + "/metrics.txt"
        try PrometheusExposition.render(engine(), now: Date(timeIntervalSince1970: 1_800_000_060))
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = await SpawnedProcess.run("/bin/sh", ["-c", "\(Self.promtool) check metrics < '\(path)'"])
        #expect(result.status == 0, "\(result.output) \(result.errors)")
    }
}
