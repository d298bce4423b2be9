public import CastJSON
import CastLog
import CastWire

/// The `--json` form of inspector events: one object per line (schema in Docs/inspect.md).
public enum InspectJSON {
    /// The JSON object for `event`.
    public static func json(for event: InspectEvent) -> JSONValue {
        var object = JSONObject()
        switch event {
        case .mdns(let mdns):
            object.appendUnchecked("kind", "mdns")
            object.appendUnchecked("time", .string(mdns.time.rfc3339))
            object.appendUnchecked("src", .string(mdns.source))
            object.appendUnchecked("dst", .string(mdns.destination))
            object.appendUnchecked("message", mdns.message)
            if mdns.legacyUnicast { object.appendUnchecked("legacyUnicast", true) }
            if let time = mdns.responseTime { object.appendUnchecked("responseTime", .double(time)) }
            if let error = mdns.error { object.appendUnchecked("error", .string(error)) }
        case .tls(let tls):
            object.appendUnchecked("kind", "tls")
            object.appendUnchecked("time", .string(tls.time.rfc3339))
            object.appendUnchecked("flow", .string(tls.flow))
            object.appendUnchecked("event", .string(tls.event))
            object.appendUnchecked("version", tls.session.map { .string($0.version) } ?? .null)
            object.appendUnchecked("cipher", tls.session.map { .string($0.cipher) } ?? .null)
            object.appendUnchecked("decrypted", .bool(tls.session?.decryptable ?? false))
            for (key, value) in tls.details { object.appendUnchecked(key, .string(value)) }
        case .cast(let cast):
            object.appendUnchecked("kind", "cast")
            object.appendUnchecked("time", .string(cast.time.rfc3339))
            object.appendUnchecked("flow", .string(cast.flow))
            object.appendUnchecked("direction", .string(cast.direction.rawValue))
            object.appendUnchecked("message", CastFrameDump.json(for: cast.message, offset: cast.offset))
            if let reply = cast.reply {
                object.appendUnchecked("replyTo", .string(reply.requestType))
                object.appendUnchecked("latency", .double(reply.latency))
            }
        case .finding(let finding):
            object.appendUnchecked("kind", "finding")
            object.appendUnchecked("severity", .string(finding.severity.rawValue))
            object.appendUnchecked("code", .string(finding.code))
            object.appendUnchecked("summary", .string(finding.summary))
            object.appendUnchecked("detail", .string(finding.detail))
            object.appendUnchecked("time", finding.time.map { .string($0.rfc3339) } ?? .null)
            object.appendUnchecked("flow", finding.flow.map { .string($0) } ?? .null)
        }
        return .object(object)
    }

    /// The closing `{"kind":"summary",…}` object.
    public static func json(for summary: InspectSummary) -> JSONValue {
        .object([
            "kind": "summary", "packets": .int(Int64(summary.packets)), "bytes": .int(Int64(summary.bytes)),
            "flows": .int(Int64(summary.flows)), "mdnsMessages": .int(Int64(summary.mdnsMessages)),
            "castMessages": .int(Int64(summary.castMessages)),
            "decryptedRecords": .int(Int64(summary.decryptedRecords)),
            "undecryptedRecords": .int(Int64(summary.undecryptedRecords)),
            "truncatedPackets": .int(Int64(summary.truncatedPackets)), "gaps": .int(Int64(summary.gaps)),
            "findings": .int(Int64(summary.findings)),
        ])
    }
}
