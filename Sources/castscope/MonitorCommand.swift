import CastCLI
import CastJSON
import CastLog
import CastMonitor
import CastNet
import Foundation
import Synchronization

/// `castscope monitor`: probe devices every interval, name what happens to them over hours, serve the figures to
/// Prometheus. Glue only: CastMonitor probes, judges and writes the exposition.
enum MonitorCommand {
    static var spec: CommandSpec {
        CommandSpec(
            name: "monitor", abstract: "Watch devices over time: outages, reboots, address changes; Prometheus metrics.",
            discussion: """
                Every --interval, connects to each --device's Cast port (a light TCP probe, timed), reads its setup \
                API's uptime and build (--setup-port, 8008) and prints one line \
                per event: device.seen, device.unreachable (after --failures failed probes in a row), device.back \
                (with the outage's length, counted from the first failed probe), device.reboot (uptime went back or \
                a new build), device.address-changed; --json prints {"kind","device","at","evidence"} lines. \
                --metrics ADDR:PORT serves the Prometheus text exposition at /metrics (castscope_device_up, \
                _rtt_seconds, _uptime_seconds, _availability_ratio, _outages_total, _reboots_total, \
                castscope_events_total{kind}). Ends on Ctrl-C, SIGTERM or after --duration with a summary per device \
                (availability, outages, longest outage, reboots). Each event is also a log record of class \
                CastMonitor (outages and reboots at warning, the rest at info) for --log-to targets (journal, syslog, \
                file); the console shows them only through CASTSCOPE_LOG. Docs/monitor.md has a systemd unit and \
                Prometheus alert rules.
                """,
            options: [
                .option("device", value: "[name=]address[:port]", help: "A device to watch (port 8009 by default).",
                        repeatable: true, required: true),
                .option("interval", value: "duration", help: "Time between probes (default 30s)."),
                .option("duration", value: "duration", help: "Stop after this long (default: until Ctrl-C)."),
                .option("failures", value: "n", help: "Failed probes in a row that make an outage (default 2)."),
                .option("timeout", value: "duration", help: "Give each probe this long (default 3s)."),
                .option("setup-port", value: "port", help: "The devices' setup API port for uptime and build "
                        + "(default 8008; 0 skips it)."),
                .option("metrics", value: "address:port", help: "Serve Prometheus metrics at http://ADDRESS:PORT/metrics."),
                .flag("json", help: "Print events and the summary as JSON lines."),
                .option("report", value: "file.html", help: "On exit, write an HTML availability timeline per device."),
                LogTargetArguments.option,
                LogTargetArguments.fileFilterOption,
            ],
            run: { invocation, io in try await run(invocation, io) })
    }

    private static func run(_ invocation: Invocation, _ io: any CommandOutput) async throws -> Int32 {
        let devices = try invocation.options("device").map(parseDevice)
        let interval = try invocation.duration("interval") ?? .seconds(30)
        let timeout = try invocation.duration("timeout") ?? .seconds(3)
        guard interval > .zero, timeout > .zero else {
            throw CommandLineError.validation("--interval and --timeout must be more than zero")
        }
        let duration = try invocation.duration("duration")
        let failures = try invocation.integer("failures", in: 1...100) ?? 2
        let json = invocation.flag("json")
        // Events go to stdout; the log targets get them as records (the console only when CASTSCOPE_LOG asks).
        var quietConsole = LoggerFilter()
        quietConsole.minimumLevel = .none
        try LogTargetArguments.install(invocation, on: Logger.shared,
                                       console: EnvironmentSettings.logFilter() ?? quietConsole)
        defer { Logger.shared.flush() }
        let log = Logger.shared.category("CastMonitor")
        let loop = try EventLoop(name: "castscope-monitor")
        defer { loop.shutdown() }
        let engine = Mutex(MonitorEngine(failuresBeforeDown: failures))
        var server: MetricsServer?
        if let text = invocation.option("metrics") {
            guard let address = SocketAddress(parsing: text) else {
                throw CommandLineError.validation("--metrics wants ADDRESS:PORT, not '\(text)'")
            }
            do throws(IOError) {
                server = try MetricsServer(address: address, loop: loop) {
                    engine.withLock { PrometheusExposition.render($0, now: Date()) }
                }
            } catch {
                throw CommandFailure("cannot serve metrics on \(text): \(error)")
            }
            if let bound = server?.localAddress { io.printError("castscope: metrics at http://\(bound)/metrics") }
        }
        defer { server?.close() }
        let stop = StopSignal.install()
        defer { StopSignal.restoreDefault() }
        let setupPort = try invocation.integer("setup-port", in: 0...65535) ?? 8008
        let prober = DeviceProber(loop: loop, timeout: timeout, setupPort: setupPort == 0 ? nil : UInt16(setupPort))
        let deadline = duration.map { ContinuousClock.now + $0 }
        let started = Date()
        var seen: [MonitorEvent] = []
        while true {
            let observations = await withTaskGroup(of: ProbeObservation.self) { group in
                for (name, address) in devices { group.addTask { await prober.probe(name, at: address) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let now = Date()
            for observation in observations.sorted(by: { $0.device < $1.device }) {
                for event in engine.withLock({ $0.observe(observation, at: now) }) {
                    io.print(json ? event.jsonValue.serialized() : event.text)
                    if seen.count < 100_000 { seen.append(event) }
                    let metadata = LogMetadata([LogField("monitor.kind", .string(event.kind.rawValue))]
                                               + event.evidence.map { LogField("monitor.\($0.0)", .string($0.1)) })
                    if event.kind == .unreachable || event.kind == .reboot {
                        log.warning("\(event.kind.rawValue) \(event.device)", metadata)
                    } else {
                        log.info("\(event.kind.rawValue) \(event.device)", metadata)
                    }
                }
            }
            var wait = interval
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero { break }
                wait = min(wait, left)
            }
            if await stop.wait(upTo: wait) { break }
        }
        let final = engine.withLock { $0 }
        for (name, _) in devices { io.print(summary(final, device: name, json: json)) }
        if let path = invocation.option("report") {
            let page = AvailabilityReport.render(final, events: seen, start: started, end: Date())
            guard FileManager.default.createFile(atPath: path, contents: Data(page.utf8)) else {
                throw CommandFailure("cannot write the report to \(path)")
            }
            io.printError("castscope: report written to \(path)")
        }
        return 0
    }

    /// `NAME=ADDRESS[:PORT]` or `ADDRESS[:PORT]` (the address is the name then); port 8009 when absent.
    private static func parseDevice(_ text: String) throws(CommandLineError) -> (String, SocketAddress) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        let name = parts.count == 2 ? parts[0] : text
        let target = parts.count == 2 ? parts[1] : text
        if let address = SocketAddress(parsing: target) { return (name, address) }
        let bracketed = target.contains(":") && !target.hasPrefix("[") ? "[\(target)]" : target
        guard let address = SocketAddress(parsing: bracketed + ":8009") ?? SocketAddress(parsing: target + ":8009") else {
            throw CommandLineError.validation("--device wants [NAME=]ADDRESS[:PORT], not '\(text)'")
        }
        return (name, address)
    }

    private static func summary(_ engine: MonitorEngine, device: String, json: Bool) -> String {
        let now = Date()
        let state = engine.devices[device]
        let availability = engine.availability(of: device, now: now) ?? 0
        if json {
            let object: JSONObject = [
                "kind": "summary", "device": .string(device), "availability": .double(availability),
                "outages": .int(Int64(state?.outages ?? 0)), "longestOutageSeconds": .double(state?.longestOutage ?? 0),
                "reboots": .int(Int64(state?.reboots ?? 0)), "up": .bool(state?.isUpNow ?? false),
            ]
            return JSONValue.object(object).serialized()
        }
        let percent = String(format: "%.1f", availability * 100)
        let outages = state?.outages ?? 0
        return "\(device): availability \(percent) %, \(outages) outage\(outages == 1 ? "" : "s")"
            + (outages > 0 ? " (longest \(Int((state?.longestOutage ?? 0).rounded())) s)" : "")
            + ", \(state?.reboots ?? 0) reboot\(state?.reboots == 1 ? "" : "s")"
            + ((state?.isUpNow ?? false) ? "" : ", down now")
    }
}
