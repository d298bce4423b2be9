import CastJSON
import CastLog
import CastWire

/// The log classes of the channel layer, named after the Cast SDK classes that do the same job.
enum ChannelLog {
    /// Messages sent and received (verbose, with the JSON payload).
    static let channel = Logger.shared.category("GCKCastChannel")
    /// Connect, TLS, close.
    static let deviceManager = Logger.shared.category("GCKDeviceManager")
    /// PING / PONG and liveness.
    static let heartbeat = Logger.shared.category("GCKHeartbeatChannel")
    /// Device authentication.
    static let deviceAuth = Logger.shared.category("GCKDeviceAuthChannel")

    /// `cast.ns`, `cast.src`, `cast.dst`, `cast.request_id` (when the payload has one) and `net.peer`.
    static func metadata(_ message: CastMessage, peer: String) -> LogMetadata {
        var metadata: LogMetadata = [
            "cast.ns": .string(message.namespace), "cast.src": .string(message.sourceID),
            "cast.dst": .string(message.destinationID),
        ]
        if let id = requestID(of: message) { metadata.append("cast.request_id", .int(id)) }
        metadata.append("net.peer", .string(peer))
        return metadata
    }

    /// The payload's `requestId`, if it is JSON with an integer one.
    static func requestID(of message: CastMessage) -> Int64? {
        guard message.payloadType == .string, let text = message.payloadUTF8,
            let value = try? JSONValue(parsing: text)
        else { return nil }
        return value["requestId"]?.intValue
    }

    /// The payload as logged: JSON text, or `(N bytes)` for binary.
    static func payloadText(_ message: CastMessage) -> String {
        switch message.payloadType {
        case .string: message.payloadUTF8 ?? ""
        case .binary: "(\(message.payloadBinary?.count ?? 0) bytes)"
        }
    }
}
