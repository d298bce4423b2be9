import CastJSON
public import CastLog
import CastWire

/// The log classes one side of a channel logs under: the sender's are the Cast SDK's class names, the emulated
/// device's its own (`CastReceiver…`), so a sender's filter (`GCK*`) shows the sender only.
public struct ChannelLogClasses: Sendable {
    /// Messages sent and received (verbose, with the JSON payload).
    public let channel: LogCategory
    /// Connect, TLS, close.
    public let deviceManager: LogCategory
    /// PING / PONG and liveness.
    public let heartbeat: LogCategory
    /// Device authentication.
    public let deviceAuth: LogCategory

    /// GCKCastChannel, GCKDeviceManager, GCKHeartbeatChannel, GCKDeviceAuthChannel on the shared logger.
    public static let sender = sender(logger: .shared)

    /// The sender's classes on `logger`.
    public static func sender(logger: Logger) -> ChannelLogClasses {
        ChannelLogClasses(
            logger: logger,
            names: ("GCKCastChannel", "GCKDeviceManager", "GCKHeartbeatChannel", "GCKDeviceAuthChannel"))
    }

    /// CastReceiverChannel, CastReceiverConnection, CastReceiverHeartbeat, CastReceiverDeviceAuth on `logger`.
    public static func receiver(logger: Logger = .shared) -> ChannelLogClasses {
        ChannelLogClasses(
            logger: logger,
            names: ("CastReceiverChannel", "CastReceiverConnection", "CastReceiverHeartbeat", "CastReceiverDeviceAuth"))
    }

    private init(logger: Logger, names: (String, String, String, String)) {
        channel = logger.category(names.0)
        deviceManager = logger.category(names.1)
        heartbeat = logger.category(names.2)
        deviceAuth = logger.category(names.3)
    }
}

/// The metadata every channel record carries.
enum ChannelLog {
    /// `cast.ns`, `cast.src`, `cast.dst`, `cast.request_id` (when the payload has one) and `net.peer`.
    static func metadata(_ message: CastMessage, peer: String) -> LogMetadata {
        var metadata: LogMetadata = [
            "cast.ns": .string(message.namespace), "cast.src": .string(message.sourceID),
            "cast.dst": .string(message.destinationID),
        ]
        if let id = message.requestID { metadata.append("cast.request_id", .int(id)) }
        metadata.append("net.peer", .string(peer))
        return metadata
    }

    /// The payload as logged: JSON text, or `(N bytes)` for binary.
    static func payloadText(_ message: CastMessage) -> String {
        switch message.payloadType {
        case .string: message.payloadUTF8 ?? ""
        case .binary: "(\(message.payloadBinary?.count ?? 0) bytes)"
        }
    }
}
