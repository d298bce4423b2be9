public import Foundation

/// The monitor's figures in the Prometheus text exposition format (version 0.0.4): one HELP and TYPE line per
/// metric, label values escaped (`\\`, `"`, newline), one sample per device and per event kind. Label cardinality is
/// bounded by `MonitorEngine.maximumDevices` and the fixed event kinds.
public enum PrometheusExposition {
    /// The exposition of `engine`'s state at `now`.
    public static func render(_ engine: MonitorEngine, now: Date) -> String {
        var out = ""
        let states = engine.devices.values.sorted { $0.device < $1.device }
        func family(_ name: String, _ type: String, _ help: String, _ samples: [(String, Double)]) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            for (labels, value) in samples { out += "\(name)\(labels) \(number(value))\n" }
        }
        family("castscope_device_up", "gauge", "Whether the device answered its last probes (1) or not (0).",
               states.map { (labels(["device": $0.device, "address": $0.address]), $0.isUpNow ? 1 : 0) })
        family("castscope_device_rtt_seconds", "gauge", "TCP connect time to the device's Cast port at the last probe.",
               states.compactMap { state in state.rtt.map { (labels(["device": state.device]), $0) } })
        family("castscope_device_uptime_seconds", "gauge", "The device's uptime as its setup API last said.",
               states.compactMap { state in state.uptime.map { (labels(["device": state.device]), $0) } })
        family("castscope_device_availability_ratio", "gauge", "Share of the monitored time the device was up.",
               states.compactMap { state in
                   engine.availability(of: state.device, now: now).map { (labels(["device": state.device]), $0) }
               })
        family("castscope_device_outages_total", "counter", "Outages that ended (the device came back).",
               states.map { (labels(["device": $0.device]), Double($0.outages)) })
        family("castscope_device_reboots_total", "counter", "Reboots seen (uptime went back, or a new build).",
               states.map { (labels(["device": $0.device]), Double($0.reboots)) })
        family("castscope_events_total", "counter", "Monitor events by kind.",
               MonitorEvent.Kind.allCases.map { (labels(["kind": $0.rawValue]), Double(engine.eventCounts[$0] ?? 0)) })
        return out
    }

    /// `{a="x",b="y"}` with values escaped as the format asks.
    static func labels(_ pairs: KeyValuePairs<String, String>) -> String {
        "{" + pairs.map { "\($0.key)=\"\(escape($0.value))\"" }.joined(separator: ",") + "}"
    }

    static func escape(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
