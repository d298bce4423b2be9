public import CastJSON
import Foundation
import CastMedia

extension MediaCheckReport {
    /// The report as one JSON object (the shape Docs/media.md documents; keys stay stable for scripts).
    public var jsonValue: JSONValue {
        var object: JSONObject = ["verdict": .string(verdict.rawValue), "url": .string(url)]
        object.appendUnchecked("finalUrl", finalURL.map(JSONValue.string) ?? .null)
        object.appendUnchecked("redirects", .array(redirects.map(JSONValue.string)))
        object.appendUnchecked("model", .string(model.id))
        object.appendUnchecked("http", http.map(\.jsonValue) ?? .null)
        object.appendUnchecked("container", container.map(JSONValue.string) ?? .null)
        object.appendUnchecked("codecs", .array(codecs.map(JSONValue.string)))
        object.appendUnchecked("tracks", .array(tracks.map(Self.json)))
        object.appendUnchecked("variants", .array(variants.map(\.jsonValue)))
        object.appendUnchecked("reasons", .array(reasons.map(Self.json)))
        object.appendUnchecked("fetches", .array(fetches.map(\.jsonValue)))
        return .object(object)
    }

    /// The report as lines for a terminal (the caller escapes them): verdict, the HTTP facts, the media, reasons.
    public var text: String {
        var lines = ["\(verdict.rawValue) on \(model.name) (\(model.id))", "url        \(url)"]
        if let finalURL, finalURL != url || !redirects.isEmpty {
            lines.append("final      \(finalURL) (after \(redirects.count) redirect\(redirects.count == 1 ? "" : "s"))")
        }
        if let http { lines.append("http       " + http.text) }
        if let container { lines.append("container  \(container)") }
        for track in tracks { lines.append("track      " + Self.text(track)) }
        for variant in variants { lines.append("variant    " + variant.text) }
        if reasons.isEmpty { lines.append("no problem found") }
        for reason in reasons {
            lines.append("\(reason.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) "
                         + "\(reason.code.rawValue): \(reason.message)")
            lines.append("         fix: \(reason.fix)")
        }
        return lines.joined(separator: "\n")
    }

    private static func json(_ track: MediaTrack) -> JSONValue {
        var object: JSONObject = ["kind": .string(track.kind.rawValue), "codec": .string(track.codec),
                                  "sampleEntry": .string(track.sampleEntry)]
        if let width = track.width { object.appendUnchecked("width", .int(Int64(width))) }
        if let height = track.height { object.appendUnchecked("height", .int(Int64(height))) }
        if let channels = track.channels { object.appendUnchecked("channels", .int(Int64(channels))) }
        if let rate = track.sampleRate { object.appendUnchecked("sampleRate", .int(Int64(rate))) }
        if let scheme = track.encryption { object.appendUnchecked("encryption", .string(scheme)) }
        return .object(object)
    }

    private static func json(_ reason: MediaReason) -> JSONValue {
        var object: JSONObject = ["code": .string(reason.code.rawValue), "severity": .string(reason.severity.rawValue),
                                  "message": .string(reason.message), "fix": .string(reason.fix)]
        if let resource = reason.resource { object.appendUnchecked("resource", .string(resource)) }
        return .object(object)
    }

    private static func text(_ track: MediaTrack) -> String {
        var parts = [track.kind.rawValue, track.codec]
        if let width = track.width, let height = track.height { parts.append("\(width)×\(height)") }
        if let channels = track.channels { parts.append("\(channels) ch") }
        if let rate = track.sampleRate { parts.append("\(rate) Hz") }
        if let scheme = track.encryption { parts.append("encrypted (\(scheme))") }
        return parts.joined(separator: " ")
    }
}

extension HTTPSummary {
    var jsonValue: JSONValue {
        var object: JSONObject = ["status": .int(Int64(status))]
        object.appendUnchecked("headStatus", headStatus.map { .int(Int64($0)) } ?? .null)
        object.appendUnchecked("contentType", contentType.map(JSONValue.string) ?? .null)
        object.appendUnchecked("size", size.map { .int(Int64($0)) } ?? .null)
        object.appendUnchecked("acceptRanges", acceptRanges.map(JSONValue.string) ?? .null)
        object.appendUnchecked("rangeHonoured", .bool(rangeHonoured))
        object.appendUnchecked("cors", ["required": .bool(corsRequired), "allowed": .bool(corsAllowed),
                                        "allowOrigin": allowOrigin.map(JSONValue.string) ?? .null])
        object.appendUnchecked("address", peerAddress.map(JSONValue.string) ?? .null)
        object.appendUnchecked("tls", tls.map(JSONValue.string) ?? .null)
        return .object(object)
    }

    var text: String {
        var parts = ["\(status)", contentType ?? "no Content-Type"]
        if let size { parts.append("\(size) bytes") }
        parts.append(rangeHonoured ? "ranges honoured" : "ranges ignored")
        let cors = allowOrigin.map { "CORS \($0)" } ?? "no CORS"
        parts.append(cors + (corsRequired ? " (needed)" : " (not needed)"))
        if let tls { parts.append("TLS \(tls)") }
        if let peerAddress { parts.append("from \(peerAddress)") }
        return parts.joined(separator: ", ")
    }
}

extension VariantSummary {
    var jsonValue: JSONValue {
        var object: JSONObject = ["uri": .string(uri), "codecs": .array(codecs.map(JSONValue.string))]
        object.appendUnchecked("bandwidth", bandwidth.map { .int(Int64($0)) } ?? .null)
        object.appendUnchecked("width", width.map { .int(Int64($0)) } ?? .null)
        object.appendUnchecked("height", height.map { .int(Int64($0)) } ?? .null)
        object.appendUnchecked("playable", .bool(playable))
        object.appendUnchecked("status", status.map { .int(Int64($0)) } ?? .null)
        return .object(object)
    }

    var text: String {
        var parts = [uri]
        if let width, let height { parts.append("\(width)×\(height)") }
        if let bandwidth { parts.append("\(bandwidth) b/s") }
        parts.append(codecs.isEmpty ? "no CODECS" : codecs.joined(separator: ","))
        parts.append(playable ? "plays" : "does not play")
        if let status { parts.append("HTTP \(status)") }
        return parts.joined(separator: ", ")
    }
}

extension FetchSummary {
    var jsonValue: JSONValue {
        ["role": .string(role), "method": .string(method), "url": .string(url), "status": .int(Int64(status)),
         "bytes": .int(Int64(bytes)), "seconds": .double(seconds)]
    }
}
