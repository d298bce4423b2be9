import Foundation

/// What `castscope` remembers to resume a session after a restart: the device, the app session and its transport.
///
/// Stored as `key=value` lines (`castscope-session 1` header optional). The parser is tolerant: blank lines,
/// `#` comments, unknown keys and malformed lines are skipped, a later key wins; only a record lacking a device
/// id, session id or transport id is rejected.
public struct SessionResumeRecord: Sendable, Hashable {
    /// The device's id (TXT `id`).
    public var deviceID: String
    /// The app session id.
    public var sessionID: String
    /// The app's transport id (the endpoint to CONNECT to).
    public var transportID: String
    /// The app id, when known.
    public var appID: String?
    /// The device's host and port when last seen, to reconnect without discovery.
    public var host: String?
    /// The port.
    public var port: Int?

    /// A record of the given ids.
    public init(deviceID: String, sessionID: String, transportID: String, appID: String? = nil, host: String? = nil,
                port: Int? = nil) {
        self.deviceID = deviceID
        self.sessionID = sessionID
        self.transportID = transportID
        self.appID = appID
        self.host = host
        self.port = port
    }

    /// Parses the file's text; nil when a required id is missing. Input beyond 64 KiB is ignored.
    public init?(text: String) {
        var values: [String: String] = [:]
        for line in text.utf8.prefix(65_536).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard let lineText = String(line) else { continue }
            let trimmed = lineText.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !value.isEmpty else { continue }
            values[key] = value
        }
        guard let device = values["device_id"], let session = values["session_id"],
            let transport = values["transport_id"]
        else { return nil }
        self.init(deviceID: device, sessionID: session, transportID: transport, appID: values["app_id"],
                  host: values["host"],
                  port: values["port"].flatMap { Int($0) }.flatMap { (1...65535).contains($0) ? $0 : nil })
    }

    /// The file's text.
    public var text: String {
        var lines = ["# castscope-session 1", "device_id=\(deviceID)", "session_id=\(sessionID)",
                     "transport_id=\(transportID)"]
        if let appID { lines.append("app_id=\(appID)") }
        if let host { lines.append("host=\(host)") }
        if let port { lines.append("port=\(port)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
