public import CastJSON
public import CastLog
public import CastWire

/// The `--json` form of inspector events: one object per line (schema in Docs/inspect.md).
public enum InspectJSON {
    /// Appends the JSON line of an mDNS event (without its newline) to `bytes`: the same text as
    /// `json(for: .mdns(event)).serialized()`, written directly.
    /// `timestamps` keeps the date-and-time text of the last second written.
    public static func append(_ mdns: MDNSEvent, to buffer: inout OutputBuffer, txtCache: CastTXTJSONCache? = nil,
                              timestamps: inout TimestampCache) {
        var out = JSONByteEmitter(appendingTo: buffer)
        out.beginObject()
        out.key("kind"); out.string("mdns" as StaticString)
        out.key("time")
        out.value { buffer in
            buffer.appendByte(UInt8(ascii: "\""))
            timestamps.append(mdns.time, to: &buffer)
            buffer.appendByte(UInt8(ascii: "\""))
        }
        out.key("src"); out.value { mdns.sourceEndpoint.appendJSON(to: &$0) }
        out.key("dst"); out.value { mdns.destinationEndpoint.appendJSON(to: &$0) }
        out.key("message")
        if let layout = mdns.layout {
            out.value { DNSMessageDump.appendJSON(layout, to: &$0, txtCache: txtCache) }
        } else {
            out.value(mdns.message)
        }
        if mdns.legacyUnicast { out.key("legacyUnicast"); out.bool(true) }
        if let time = mdns.responseTime { out.key("responseTime"); out.value(.double(time)) }
        if let error = mdns.error { out.key("error"); out.string(error) }
        out.endObject()
        buffer = out.finish()
    }

    /// The same as an array, for tests and one-off use.
    public static func bytes(_ mdns: MDNSEvent, txtCache: CastTXTJSONCache? = nil) -> [UInt8] {
        var buffer = OutputBuffer(capacity: 1024)
        var timestamps = TimestampCache()
        append(mdns, to: &buffer, txtCache: txtCache, timestamps: &timestamps)
        return buffer.copyBytes()
    }

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
            if let deviceAuth = cast.deviceAuth { object.appendUnchecked("deviceAuth", deviceAuth.json) }
        case .finding(let finding):
            object.appendUnchecked("kind", "finding")
            object.appendUnchecked("severity", .string(finding.severity.rawValue))
            object.appendUnchecked("code", .string(finding.code))
            object.appendUnchecked("summary", .string(finding.summary))
            object.appendUnchecked("detail", .string(finding.detail))
            object.appendUnchecked("time", finding.time.map { .string($0.rfc3339) } ?? .null)
            object.appendUnchecked("flow", finding.flow.map { .string($0) } ?? .null)
        case .log(let log):
            object.appendUnchecked("kind", "log")
            object.appendUnchecked("time", .string(log.time.rfc3339))
            object.appendUnchecked("file", .string(log.file))
            // The line in the log file, when the reader counted it (`tail --capture` does not).
            if log.line > 0 { object.appendUnchecked("line", .int(Int64(log.line))) }
            object.appendUnchecked("record", record(log.record))
            object.appendUnchecked("links", .array(log.links.map(link)))
        case .mediaFetch(let fetch):
            object.appendUnchecked("kind", "media-fetch")
            object.appendUnchecked("time", .string(fetch.time.rfc3339))
            object.appendUnchecked("flow", .string(fetch.flow))
            object.appendUnchecked("device", .string(fetch.device))
            object.appendUnchecked("contentId", .string(fetch.contentID))
            object.appendUnchecked("loadTime", .string(fetch.loadTime.rfc3339))
            object.appendUnchecked("scheme", .string(fetch.scheme))
            let optional: [(String, String?)] = [
                ("serverName", fetch.serverName), ("method", fetch.method), ("target", fetch.target),
                ("range", fetch.range), ("origin", fetch.origin), ("contentType", fetch.contentType),
                ("allowOrigin", fetch.allowOrigin), ("tls", fetch.tls), ("alert", fetch.alert),
            ]
            for (key, value) in optional { object.appendUnchecked(key, value.map(JSONValue.string) ?? .null) }
            object.appendUnchecked("status", fetch.status.map { .int(Int64($0)) } ?? .null)
            object.appendUnchecked("resolver", fetch.resolver.map(JSONValue.string) ?? .null)
            object.appendUnchecked("addresses", .array(fetch.addresses.map(JSONValue.string)))
        }
        return .object(object)
    }

    /// A log record as the JSON-lines sink writes it (`ts, level, class, function, file, line, msg`, metadata).
    public static func record(_ record: LogRecord) -> JSONValue {
        var object = JSONObject()
        object.appendUnchecked("ts", .string(record.timestamp.rfc3339))
        object.appendUnchecked("level", .string(record.level.name))
        object.appendUnchecked("class", .string(record.className))
        object.appendUnchecked("function", .string(record.function))
        object.appendUnchecked("file", .string(record.file))
        object.appendUnchecked("line", .int(Int64(clamping: record.line)))
        object.appendUnchecked("msg", .string(record.message))
        for field in record.metadata where object[field.key] == nil {
            switch field.value {
            case .string(let text), .secret(let text): object.appendUnchecked(field.key, .string(text))
            case .int(let number): object.appendUnchecked(field.key, .int(number))
            case .double(let number): object.appendUnchecked(field.key, .double(number))
            case .bool(let flag): object.appendUnchecked(field.key, .bool(flag))
            }
        }
        return .object(object)
    }

    /// A link from a log record to a Cast message: enough to find the message's `cast` line (time, flow,
    /// direction, offset) and to label it.
    public static func link(_ link: LogLink) -> JSONValue {
        var object = JSONObject()
        object.appendUnchecked("time", .string(link.time.rfc3339))
        object.appendUnchecked("flow", .string(link.flow))
        object.appendUnchecked("direction", .string(link.direction.rawValue))
        object.appendUnchecked("offset", .int(Int64(link.offset)))
        object.appendUnchecked("namespace", .string(link.namespace))
        object.appendUnchecked("type", link.type.map { .string($0) } ?? .null)
        object.appendUnchecked("requestId", link.requestID.map { .int($0) } ?? .null)
        object.appendUnchecked("src", .string(link.sourceID))
        object.appendUnchecked("dst", .string(link.destinationID))
        return .object(object)
    }

    /// The closing `{"kind":"summary",…}` object.
    public static func json(for summary: InspectSummary) -> JSONValue {
        var object: JSONObject = [
            "kind": "summary", "packets": .int(Int64(summary.packets)), "bytes": .int(Int64(summary.bytes)),
            "flows": .int(Int64(summary.flows)), "mdnsMessages": .int(Int64(summary.mdnsMessages)),
            "castMessages": .int(Int64(summary.castMessages)),
            "decryptedRecords": .int(Int64(summary.decryptedRecords)),
            "undecryptedRecords": .int(Int64(summary.undecryptedRecords)),
            "truncatedPackets": .int(Int64(summary.truncatedPackets)), "gaps": .int(Int64(summary.gaps)),
            "findings": .int(Int64(summary.findings)),
        ]
        if summary.logFiles > 0 {
            object.appendUnchecked("logFiles", .int(Int64(summary.logFiles)))
            object.appendUnchecked("logRecords", .int(Int64(summary.logRecords)))
            object.appendUnchecked("linkedLogRecords", .int(Int64(summary.linkedLogRecords)))
            object.appendUnchecked("badLogLines", .int(Int64(summary.badLogLines)))
        }
        return .object(object)
    }
}
