import CastJSON
import CastWire
import Foundation

/// The device's HTTP setup API on port 8008: `GET /setup/eureka_info?params=…` answers with the device's name,
/// build, model and network as JSON (protocol.md §3.3; newer firmware serves most of it only on 8443 with a token and
/// answers 8008 with 403 or 404, which still proves the device is there).
public struct EurekaInfo: Sendable, Hashable {
    /// The fields a diagnosis asks for.
    public static let parameters = ["name", "build_info", "device_info", "net", "uptime"]
    /// The most a response may be; more is refused, not read on.
    public static let maximumResponseBytes = 64 * 1024

    /// The HTTP status code.
    public var status: Int
    /// `name`: the friendly name.
    public var name: String?
    /// `device_info.ssdp_udn`: the device UUID, hyphenated.
    public var uuid: String?
    /// `device_info.model_name`.
    public var model: String?
    /// `build_info.cast_build_revision`.
    public var buildRevision: String?
    /// `uptime`: seconds since the device started (older firmware reports it; a reboot sets it back).
    public var uptime: Double?

    /// Creates a result.
    public init(status: Int, name: String? = nil, uuid: String? = nil, model: String? = nil,
                buildRevision: String? = nil, uptime: Double? = nil) {
        self.uptime = uptime
        self.status = status
        self.name = name
        self.uuid = uuid
        self.model = model
        self.buildRevision = buildRevision
    }

    /// The request for `host` (an address as the Host header spells it, e.g. `192.0.2.7:8008` or `[fe80::1]:8008`).
    public static func request(host: String) -> [UInt8] {
        let path = "/setup/eureka_info?params=" + parameters.joined(separator: ",")
        return Array(
            "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nAccept: application/json\r\nConnection: close\r\n\r\n".utf8)
    }

    /// Parses a whole HTTP/1.x response (status line, headers, body). A 200 must carry a JSON object; other statuses
    /// are results too, with no fields.
    public init(response bytes: [UInt8]) throws(EurekaInfoError) {
        guard bytes.count <= Self.maximumResponseBytes else { throw EurekaInfoError(.tooLong, offset: Self.maximumResponseBytes) }
        // The head through CastWire's HTTP/1.x codec (the inspector's too); the body is this probe's.
        let head: HTTPHead
        do throws(HTTPHeadError) {
            head = try HTTPHead(parsing: bytes)
        } catch {
            if error.isIncomplete { throw EurekaInfoError(.noHeaderEnd, offset: bytes.count) }
            let statusLine = String(decoding: bytes.prefix { $0 != 13 && $0 != 10 }.prefix(80), as: UTF8.self)
            throw EurekaInfoError(error.offset == 0 ? .badStatusLine(statusLine) : .badHeader(error.reason),
                                  offset: error.offset)
        }
        guard case .response(let version, let code, _) = head.startLine, version.hasPrefix("HTTP/1."),
              (100...599).contains(code) else {
            let statusLine = String(decoding: bytes.prefix { $0 != 13 && $0 != 10 }.prefix(80), as: UTF8.self)
            throw EurekaInfoError(.badStatusLine(statusLine), offset: 0)
        }
        self.init(status: code)
        guard code == 200 else { return }
        guard head["Transfer-Encoding"]?.lowercased().contains("chunked") != true else {
            throw EurekaInfoError(.chunked, offset: 0)
        }
        let body = Array(bytes[head.length...])
        let json: JSONValue
        do throws(JSONError) {
            json = try JSONValue(parsing: body)
        } catch {
            throw EurekaInfoError(.badJSON("\(error)"), offset: head.length)
        }
        guard json.objectValue != nil else { throw EurekaInfoError(.notAnObject(json.typeName), offset: head.length) }
        name = json["name"]?.stringValue
        uuid = json["device_info"]?["ssdp_udn"]?.stringValue
        model = json["device_info"]?["model_name"]?.stringValue
        buildRevision = json["build_info"]?["cast_build_revision"]?.stringValue
        uptime = json["uptime"]?.doubleValue.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// One line for a diagnosis: `HTTP 200, name "Kitchen", model Chromecast, uuid …`.
    public var summary: String {
        var parts = ["HTTP \(status)"]
        if let name { parts.append("name \"\(name)\"") }
        if let model { parts.append("model \(model)") }
        if let uuid { parts.append("uuid \(uuid)") }
        if status == 403 || status == 404 { parts.append("(the setup API is not served here: a device that moved it to 8443)") }
        return parts.joined(separator: ", ")
    }

    /// True once `bytes` hold the head and as many body bytes as its Content-Length says (a response without one
    /// ends when the server closes).
    public static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard let head = try? HTTPHead(parsing: bytes),
              let length = head["Content-Length"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), length >= 0
        else { return false }
        return bytes.count - head.length >= length
    }

    /// Where the blank line (CRLF CRLF) ending an HTTP head starts, nil before it has arrived; the server side of
    /// the setup API reads requests with it too.
    public static func headEnd(in bytes: [UInt8]) -> Int? { find([13, 10, 13, 10], in: bytes) }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}

/// Why an eureka_info response could not be read.
public struct EurekaInfoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Hashable {
        /// Over `EurekaInfo.maximumResponseBytes`.
        case tooLong
        /// No blank line ending the headers.
        case noHeaderEnd
        /// The first line is not `HTTP/1.x NNN …`.
        case badStatusLine(String)
        /// A header line that is not `Name: value`.
        case badHeader(String)
        /// A chunked body (devices send Content-Length or close).
        case chunked
        /// The body of a 200 is not JSON.
        case badJSON(String)
        /// The body is JSON but not an object.
        case notAnObject(String)
    }

    /// What was wrong.
    public let kind: Kind
    /// The byte offset in the response where it went wrong.
    public let offset: Int

    init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    public var description: String {
        let what: String
        switch kind {
        case .tooLong: what = "response longer than \(EurekaInfo.maximumResponseBytes) bytes"
        case .noHeaderEnd: what = "no end of the HTTP headers"
        case .badStatusLine(let line): what = "not an HTTP/1.x status line: \"\(line)\""
        case .badHeader(let reason): what = "bad HTTP header: \(reason)"
        case .chunked: what = "chunked body (not supported)"
        case .badJSON(let error): what = "body is not JSON: \(error)"
        case .notAnObject(let type): what = "body is a JSON \(type), not an object"
        }
        return "eureka_info at byte \(offset): \(what)"
    }
}
