import CastJSON
public import CastLog
public import CastNet
public import CastWire

/// The emulated Cast device as a pure state machine: sender connections and their messages in, messages out.
///
/// It owns the platform receiver (`receiver-0`), the one running app (the Backdrop idle screen when nothing else
/// runs), and each sender connection's virtual connections. Time only enters as instants passed in; the I/O layer
/// calls `advance(to:)` at `nextDeadline()` so player clocks and simulated ads move on.
///
/// Rules modelled on openscreen's receiver (protocol.md §5): a message to an endpoint the sender has not CONNECTed to
/// is dropped (heartbeat and device auth are exempt), except that using a running app's transport without
/// connecting to it counts as hijacking another sender's session and closes the connection; a CONNECT to a missing
/// endpoint gets CLOSE; a stopped app CLOSEs its virtual connections.
public struct ReceiverDevice: Sendable {
    /// One virtual connection: a sender endpoint talking to a device endpoint.
    public struct VirtualConnection: Sendable, Hashable {
        /// The sender's id (`sender-0`, `sender-abc…`).
        public var senderID: String
        /// `receiver-0` or an app's transportId.
        public var endpointID: String
    }

    /// A launched app and its per-session state.
    struct RunningApp: Sendable {
        var definition: ReceiverAppDefinition
        var sessionID: String
        var player: MediaPlayer?
        var pendingAd: PendingAd?
    }

    /// An ad the ad-insertion app is "playing", and whom to tell when it ends.
    struct PendingAd: Sendable {
        var connection: SenderConnectionID
        var senderID: String
        var contentTime: String
        var endsAt: MonotonicInstant
    }

    /// The configuration it was made with.
    public let configuration: ReceiverConfiguration
    /// Every sender connection and its virtual connections.
    public internal(set) var connections: [SenderConnectionID: Set<VirtualConnection>] = [:]
    /// The device volume level, 0…1.
    public internal(set) var volumeLevel = 1.0
    /// The device mute flag.
    public internal(set) var muted = false
    /// A group's members with their current volumes (empty for a single device).
    public internal(set) var members: [MultizoneDevice]

    var app: RunningApp
    var sessionCounter: UInt64 = 0
    let sessionPrefix: String
    let log: LogCategory

    /// A device running the Backdrop idle screen; `sessionSeed` makes session ids unique per run; it logs as
    /// CastReceiverContext on `logger`.
    public init(configuration: ReceiverConfiguration, sessionSeed: UInt64 = 0, logger: Logger = .shared) {
        self.configuration = configuration
        members = configuration.groupMembers
        log = logger.category("CastReceiverContext")
        let hex = String(sessionSeed, radix: 16)
        sessionPrefix = String(repeating: "0", count: max(0, 16 - hex.count)) + hex
        app = RunningApp(definition: .backdrop, sessionID: "", player: nil)
        app.sessionID = makeSessionID()
    }

    /// The running app's id.
    public var runningAppID: String { app.definition.appID }
    /// The running app's session id, which is also its transportId.
    public var runningSessionID: String { app.sessionID }
    /// The running app's media player, when it has one.
    public var mediaPlayer: MediaPlayer? { app.player }

    /// A session id shaped like a UUID, unique within this device.
    mutating func makeSessionID() -> String {
        sessionCounter += 1
        let counter = String(sessionCounter, radix: 16)
        let tail = String(repeating: "0", count: max(0, 12 - counter.count)) + counter
        let head = sessionPrefix
        return "\(head.prefix(8))-\(head.dropFirst(8).prefix(4))-4\(head.dropFirst(13).prefix(3))-8000-\(tail)"
    }

    /// Registers a new sender connection.
    public mutating func connectionOpened(_ connection: SenderConnectionID) {
        connections[connection] = []
    }

    /// Forgets a sender connection and its virtual connections.
    public mutating func connectionClosed(_ connection: SenderConnectionID) {
        connections[connection] = nil
    }

    /// CLOSE for every virtual connection, for a clean shutdown.
    public func shutdownActions() -> [ReceiverAction] {
        var actions: [ReceiverAction] = []
        for (connection, links) in connections.sorted(by: { $0.key < $1.key }) {
            for link in links.sorted(by: { ($0.senderID, $0.endpointID) < ($1.senderID, $1.endpointID) }) {
                actions.append(.send(connection, Self.closeMessage(from: link.endpointID, to: link.senderID)))
            }
        }
        return actions
    }

    /// Handles one message from `connection` at `now`.
    public mutating func receive(_ message: CastMessage, from connection: SenderConnectionID, now: MonotonicInstant)
        -> [ReceiverAction]
    {
        guard connections[connection] != nil else { return [] }
        let namespace = CastNamespace(rawValue: message.namespace)
        if namespace == .deviceAuth { return [] }  // The channel's device-auth handler answers these.
        guard message.namespace.hasPrefix("urn:x-cast:") else {
            return [.close(connection, reason: "unknown namespace \"\(message.namespace)\"")]
        }
        guard message.payloadType == .string, let text = message.payloadUTF8 else {
            return [.close(connection, reason: "binary payload on \(message.namespace)")]
        }
        let isCustom = !namespace.isReserved
        var json: JSONValue = .null
        if !isCustom {
            do throws(JSONError) {
                json = try JSONValue(parsing: text)
            } catch {
                return [.close(connection, reason: "invalid JSON on \(message.namespace): \(error)")]
            }
            guard json.objectValue != nil, let type = json.castMessageType?.rawValue else {
                return [.close(connection, reason: "payload on \(message.namespace) is not an object with a type")]
            }
            if configuration.ignoredTypes.contains(type) {
                // Info like the other fault actions, with the sender, so a test can see its request arrive.
                log.info(
                    "fault ignore=\(type): not answering",
                    ["cast.ns": .string(message.namespace), "cast.source": .string(message.sourceID)])
                return []
            }
        }
        switch namespace {
        case .connection: return handleConnection(json, message: message, connection: connection)
        case .heartbeat:
            guard json.castMessageType == .ping else { return [] }
            let pong = CastMessage(
                sourceID: message.destinationID, destinationID: message.sourceID, namespace: message.namespace,
                json: HeartbeatMessage(type: .pong).jsonText)
            return [.send(connection, pong)]
        default: break
        }
        let link = VirtualConnection(senderID: message.sourceID, endpointID: message.destinationID)
        guard connections[connection]?.contains(link) == true else {
            if message.destinationID == app.sessionID {
                return [.close(connection, reason: "\(message.sourceID) used session \(app.sessionID) without CONNECT")]
            }
            log.info(
                "dropping \(message.namespace) message to \(message.destinationID): no virtual connection",
                ["cast.src": .string(message.sourceID), "cast.dst": .string(message.destinationID)])
            return []
        }
        if message.destinationID == CastEndpointID.platformReceiver {
            return handlePlatform(json, namespace: namespace, message: message, connection: connection, now: now)
        }
        return handleApp(text: text, json: json, message: message, connection: connection, now: now)
    }

    /// Virtual connections one sender connection may open.
    static let maximumVirtualConnectionsPerSender = 64

    private mutating func handleConnection(_ json: JSONValue, message: CastMessage, connection: SenderConnectionID)
        -> [ReceiverAction]
    {
        let link = VirtualConnection(senderID: message.sourceID, endpointID: message.destinationID)
        switch json.castMessageType {
        case .connect:
            guard link.endpointID == CastEndpointID.platformReceiver || link.endpointID == app.sessionID else {
                return [.send(connection, Self.closeMessage(from: link.endpointID, to: link.senderID))]
            }
            // One TLS connection may carry several senders, but not without bound: each link costs memory and a
            // message on every broadcast. Refuse new ones past the cap with CLOSE.
            let existing = connections[connection] ?? []
            guard existing.contains(link) || existing.count < Self.maximumVirtualConnectionsPerSender else {
                log.error("too many virtual connections on one connection; refusing \(link.senderID)")
                return [.send(connection, Self.closeMessage(from: link.endpointID, to: link.senderID))]
            }
            connections[connection]?.insert(link)
            log.info(
                "virtual connection \(link.senderID) → \(link.endpointID)",
                ["cast.src": .string(link.senderID), "cast.dst": .string(link.endpointID)])
            return []
        case .close:
            connections[connection]?.remove(link)
            return []
        default: return []
        }
    }

    /// Every (connection, sender id) with a virtual connection to `endpoint`.
    func links(to endpoint: String) -> [(SenderConnectionID, String)] {
        var result: [(SenderConnectionID, String)] = []
        for (connection, links) in connections.sorted(by: { $0.key < $1.key }) {
            for link in links where link.endpointID == endpoint { result.append((connection, link.senderID)) }
        }
        return result
    }

    /// `payload` with `requestId` set, to the requester, and with `requestId` 0, to every other connection that is
    /// connected to `endpoint` (one broadcast per connection, destination `*`).
    func replyAndBroadcast(
        _ payload: JSONObject, namespace: CastNamespace, from endpoint: String,
        requester: (SenderConnectionID, String, Int64)?
    ) -> [ReceiverAction] {
        var actions: [ReceiverAction] = []
        if let (connection, senderID, requestID) = requester {
            actions.append(
                .send(
                    connection,
                    Self.message(
                        payload, requestID: requestID, namespace: namespace,
                        from: endpoint, to: senderID)))
        }
        var seen: Set<SenderConnectionID> = requester.map { [$0.0] } ?? []
        let broadcast = Self.message(
            payload, requestID: 0, namespace: namespace, from: endpoint,
            to: CastEndpointID.broadcast)
        for (connection, _) in links(to: endpoint) where seen.insert(connection).inserted {
            actions.append(.send(connection, broadcast))
        }
        return actions
    }

    /// A JSON message with `type` first and `requestId` second, as devices write them.
    static func message(
        _ payload: JSONObject, requestID: Int64, namespace: CastNamespace, from source: String,
        to destination: String
    ) -> CastMessage {
        var object = JSONObject()
        if let type = payload[CastPayloadField.type] { object.appendUnchecked(CastPayloadField.type, type) }
        object.appendUnchecked(CastPayloadField.requestID, .int(requestID))
        for member in payload where member.key != CastPayloadField.type && member.key != CastPayloadField.requestID {
            object.appendUnchecked(member.key, member.value)
        }
        return CastMessage(
            sourceID: source, destinationID: destination, namespace: namespace.rawValue,
            json: JSONValue.object(object).serialized())
    }

    /// The one action answering `message` (request `requestID`) on its connection: `payload` sent from `endpoint`.
    static func reply(
        _ payload: JSONObject, to message: CastMessage, on connection: SenderConnectionID, requestID: Int64,
        namespace: CastNamespace, from endpoint: String
    ) -> [ReceiverAction] {
        [.send(connection, Self.message(payload, requestID: requestID, namespace: namespace, from: endpoint,
                                        to: message.sourceID))]
    }

    static func closeMessage(from source: String, to destination: String) -> CastMessage {
        CastMessage(
            sourceID: source, destinationID: destination, namespace: CastNamespace.connection.rawValue,
            json: ConnectionMessage(type: .close, reasonCode: ConnectionMessage.closedByPeerReasonCode).jsonText)
    }
}
