import CastJSON
import CastNet
import CastTestSupport
import Foundation
import Glibc
import Testing

/// `castscope monitor` against the emulator: seen, unreachable when it stops, back (with the outage) when it returns
/// on the same port, the metrics endpoint checked by promtool, a summary on SIGTERM.
@Suite struct MonitorCommandTests {
    @Test func anOutageIsNamedWithItsLengthAndServedAsMetrics() async throws {
        guard let castscope = CastscopeProcess.executablePath else { return }
        let directories = TemporaryDirectories()
        let work = directories.make("monitor")
        var receiver = try await ReceiverProcess.start()
        let port = receiver.port
        let monitor = try ChildProcess(
            path: castscope,
            arguments: ["monitor", "--device", "TV=127.0.0.1:\(port)", "--interval", "200ms", "--timeout", "1s",
                        "--duration", "120s", "--json", "--metrics", "127.0.0.1:0"],
            output: .file(work + "/out.jsonl"), errors: .file(work + "/err.txt"))
        defer { _ = monitor.terminate(SIGKILL, grace: 1) }
        func output() -> String { (try? String(contentsOfFile: work + "/out.jsonl", encoding: .utf8)) ?? "" }
        #expect(await eventually(within: .seconds(20)) { output().contains("\"device.seen\"") }, "\(output())")

        let errors = (try? String(contentsOfFile: work + "/err.txt", encoding: .utf8)) ?? ""
        if let url = errors.split(separator: " ").last.map({ String($0).trimmingCharacters(in: .whitespacesAndNewlines) }),
           FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") {
            let scrape = await SpawnedProcess.run("/usr/bin/curl", ["-sS", "--max-time", "5", url])
            #expect(scrape.output.contains(#"castscope_device_up{device="TV",address="127.0.0.1:\#(port)"} 1"#),
                    "\(scrape.output) \(scrape.errors)")
            // A real Prometheus scrapes the endpoint and answers a query with the device's state.
            if let missing = PrometheusServer.missing {
                MissingPeer.report(missing)
            } else if let target = URL(string: url).map({ "\($0.host ?? ""):\($0.port ?? 0)" }) {
                let prometheus = try await PrometheusServer(target: target, workDirectory: directories.make("prom"))
                defer { prometheus.stop() }
                var up: String?
                _ = await eventually(within: .seconds(30)) {
                    up = await prometheus.value(of: #"castscope_device_up{device="TV"}"#)
                    return up != nil
                }
                #expect(up == "1")
            }
            if MissingPeer.installed("/usr/bin/promtool") {
                try scrape.output.write(toFile: work + "/metrics.txt", atomically: true, encoding: .utf8)
                let check = await SpawnedProcess.run("/bin/sh", ["-c", "/usr/bin/promtool check metrics < '\(work)/metrics.txt'"])
                #expect(check.status == 0, "\(check.output) \(check.errors)")
            }
        }

        _ = receiver.stop()
        #expect(await eventually(within: .seconds(20)) { output().contains("\"device.unreachable\"") }, "\(output())")
        receiver = try await ReceiverProcess.start(["--port", "\(port)"])
        defer { _ = receiver.stop() }
        #expect(await eventually(within: .seconds(20)) { output().contains("\"device.back\"") }, "\(output())")

        monitor.send(SIGTERM)
        #expect(monitor.waitUntilExit() == 0)
        let lines = output().split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }
        let back = lines.first { $0["kind"]?.stringValue == "device.back" }
        #expect(Double(back?["evidence"]?["outageSeconds"]?.stringValue ?? "") ?? 0 > 0)
        let summary = lines.last
        #expect(summary?["kind"]?.stringValue == "summary" && summary?["outages"]?.intValue == 1, "\(output())")
        #expect((summary?["availability"]?.doubleValue ?? 1) < 1)
    }

    @Test func aRebootingDeviceIsNamedFromItsUptime() async throws {
        guard let castscope = CastscopeProcess.executablePath else { return }
        let directories = TemporaryDirectories()
        let work = directories.make("monitor")
        let setupPort = Int.random(in: 30_000...59_000)
        let receiver = try await ReceiverProcess.start(["--http-port", "\(setupPort)", "--fault", "reboot-after=4s"])
        defer { _ = receiver.stop() }
        let monitor = try ChildProcess(
            path: castscope,
            arguments: ["monitor", "--device", "TV=127.0.0.1:\(receiver.port)", "--interval", "200ms",
                        "--setup-port", "\(setupPort)", "--duration", "60s", "--json",
                        "--log-to", "file:\(work)/log.jsonl"],
            output: .file(work + "/out.jsonl"), errors: .file(work + "/err.txt"))
        defer { _ = monitor.terminate(SIGKILL, grace: 1) }
        func output() -> String { (try? String(contentsOfFile: work + "/out.jsonl", encoding: .utf8)) ?? "" }
        #expect(await eventually(within: .seconds(30)) { output().contains("\"device.reboot\"") }, "\(output())")
        monitor.send(SIGTERM)
        _ = monitor.waitUntilExit()
        let kinds = output().split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }
            .compactMap { $0["kind"]?.stringValue }
        #expect(kinds.prefix(4) == ["device.seen", "device.unreachable", "device.back", "device.reboot"], "\(kinds)")
        let reboot = output().split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }
            .first { $0["kind"]?.stringValue == "device.reboot" }
        #expect(reboot?["evidence"]?["uptimeBefore"] != nil && reboot?["evidence"]?["uptimeNow"] != nil)
        // The same events as log records for the --log-to targets: a reboot is a warning of class CastMonitor.
        let records = ((try? String(contentsOfFile: work + "/log.jsonl", encoding: .utf8)) ?? "")
            .split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }
        #expect(records.contains { $0["class"]?.stringValue == "CastMonitor" && $0["level"]?.stringValue == "warning"
            && $0["msg"]?.stringValue == "device.reboot TV" && $0["monitor.uptimeNow"] != nil })
    }

    @Test func aFlappingDeviceGivesOneOutagePerFlap() async throws {
        guard let castscope = CastscopeProcess.executablePath else { return }
        let receiver = try await ReceiverProcess.start(["--fault", "flap=1s/1s"])
        defer { _ = receiver.stop() }
        let directories = TemporaryDirectories()
        let work = directories.make("monitor")
        let monitor = try ChildProcess(
            path: castscope,
            arguments: ["monitor", "--device", "TV=127.0.0.1:\(receiver.port)", "--interval", "100ms",
                        "--setup-port", "0", "--duration", "60s", "--json", "--report", "\(work)/report.html"],
            output: .file(work + "/out.jsonl"), errors: .file(work + "/err.txt"))
        defer { _ = monitor.terminate(SIGKILL, grace: 1) }
        func backs() -> Int {
            ((try? String(contentsOfFile: work + "/out.jsonl", encoding: .utf8)) ?? "")
                .components(separatedBy: "\"device.back\"").count - 1
        }
        #expect(await eventually(within: .seconds(30)) { backs() >= 2 })
        monitor.send(SIGTERM)
        _ = monitor.waitUntilExit()
        let lines = ((try? String(contentsOfFile: work + "/out.jsonl", encoding: .utf8)) ?? "").split(separator: "\n")
            .compactMap { try? JSONValue(parsing: String($0)) }
        // Each outage about as long as the flap's down time; no reboot (the uptime goes on).
        for back in lines where back["kind"]?.stringValue == "device.back" {
            let seconds = Double(back["evidence"]?["outageSeconds"]?.stringValue ?? "") ?? 0
            #expect(seconds > 0.5 && seconds < 2.5, "\(seconds)")
        }
        #expect(!lines.contains { $0["kind"]?.stringValue == "device.reboot" })
        #expect((lines.last?["outages"]?.intValue ?? 0) >= 2)
        // The HTML timeline: a band for the device, one red stretch per outage, the events as marks.
        let html = (try? String(contentsOfFile: work + "/report.html", encoding: .utf8)) ?? ""
        let outages = lines.last?["outages"]?.intValue ?? 0
        #expect(html.components(separatedBy: "<rect class=\"down\"").count - 1 >= Int(outages), "\(html.prefix(2000))")
        #expect(html.contains(">TV</text>") && html.contains("device-back"))
    }
}
