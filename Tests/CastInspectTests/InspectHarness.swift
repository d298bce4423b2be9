import CastJSON
import Foundation

@testable import CastInspect

/// Runs the inspector over capture files in-process and collects its events and exported streams.
struct InspectHarness {
    var events: [InspectEvent] = []
    var summary = InspectSummary()
    var error: CaptureError?
    var exported: [String: [UInt8]] = [:]
    /// The speaker groups assembled at the end.
    var groups: InspectGroups?
    /// The finished connections' summaries.
    var connections: [ConnectionSummary] = []

    /// A run over `files`; `reporterBatchItems` runs the reporting stage on its own thread with batches that small;
    /// `emitsEvents` false makes no mDNS or Cast message events (what `--quiet` asks for); `readsAhead` reads the
    /// files on a thread of their own or inline (nil: as the machine's core count decides).
    init(files: [String], keyLogs: [String] = [], ports: Set<UInt16> = [], lax: Bool = false,
         reporterBatchItems: Int? = nil, emitsEvents: Bool = true, readsAhead: Bool? = nil) {
        var options = InspectOptions()
        options.readsAhead = readsAhead
        options.emitsMDNSEvents = emitsEvents
        options.emitsCastEvents = emitsEvents
        if let reporterBatchItems {
            options.reportsConcurrently = true
            options.reporterBatchItems = reporterBatchItems
        }
        for path in keyLogs {
            options.keyLog.add(text: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
        }
        options.castPorts.formUnion(ports)
        let directory = NSTemporaryDirectory() + "castscope-export-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        options.exportDirectory = directory
        CaptureRun.loadEmbeddedKeys(files: files, into: &options)
        var collected: [InspectEvent] = []
        let inspector = Inspector(options: options) { collected.append($0) }
        error = CaptureRun.feed(files: files, into: inspector, lax: lax)
        summary = inspector.finish()
        groups = InspectGroups(mdns: inspector.mdns, connections: inspector.connections)
        connections = inspector.connections
        events = collected
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            exported[name] = (FileManager.default.contents(atPath: directory + "/" + name)).map { [UInt8]($0) }
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The JSON lines `castscope inspect --json` would print.
    var jsonLines: [String] {
        events.map { InspectJSON.json(for: $0).serialized() } + [InspectJSON.json(for: summary).serialized()]
    }

    var findingCodes: [String] {
        events.compactMap { if case .finding(let finding) = $0 { finding.code } else { nil } }
    }

    /// tshark's decrypted records ("srcport dstport hex" lines) joined per connection (by client port) and
    /// direction.
    static func tsharkConnections(_ text: String, serverPort: String) -> [String: (c2s: [UInt8], s2c: [UInt8])] {
        tsharkConnections(text, serverPorts: [serverPort])
    }

    /// `tsharkConnections` for a capture with several server ports (a speaker group listens on others than 8009).
    static func tsharkConnections(_ text: String, serverPorts: Set<String>) -> [String: (c2s: [UInt8], s2c: [UInt8])] {
        var out: [String: (c2s: [UInt8], s2c: [UInt8])] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 3 else { continue }
            let bytes = TLSKeyLog.hex(Substring(fields[2].replacingOccurrences(of: ":", with: ""))) ?? []
            if serverPorts.contains(fields[0]) { out[fields[1], default: ([], [])].s2c += bytes }
            else { out[fields[0], default: ([], [])].c2s += bytes }
        }
        return out
    }

    /// The exported streams per connection, keyed by client port (from `<client>_<port>-<server>_<port>.c2s`).
    var exportedConnections: [String: (c2s: [UInt8], s2c: [UInt8])] {
        var out: [String: (c2s: [UInt8], s2c: [UInt8])] = [:]
        for (name, bytes) in exported {
            let stem = name.dropLast(4)
            guard let client = stem.split(separator: "-").first?.split(separator: "_").last else { continue }
            if name.hasSuffix(".c2s") { out[String(client), default: ([], [])].c2s = bytes }
            else { out[String(client), default: ([], [])].s2c = bytes }
        }
        return out
    }

    /// tshark's decrypted records ("srcport hex" lines) joined per direction, given the server port.
    static func tsharkStreams(_ text: String, serverPort: String) -> (c2s: [UInt8], s2c: [UInt8]) {
        var c2s: [UInt8] = [], s2c: [UInt8] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2 else { continue }
            let bytes = TLSKeyLog.hex(Substring(fields[1].replacingOccurrences(of: ":", with: ""))) ?? []
            if String(fields[0]) == serverPort { s2c += bytes } else { c2s += bytes }
        }
        return (c2s, s2c)
    }
}
