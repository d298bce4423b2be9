import CastJSON
import CastNet
import CastReceiver
import CastWire

/// Drives a `ReceiverDevice` the way a sender would, collecting what comes back per connection.
struct ReceiverTestSender {
    var device: ReceiverDevice
    var now = MonotonicInstant(nanoseconds: 1_000_000_000)
    var closed: [SenderConnectionID: String] = [:]
    var events: [ReceiverEvent] = []
    /// Media fetches the device asked for and that no test has completed yet.
    var pendingLoads: [PendingMediaLoad] = []

    init(_ configuration: ReceiverConfiguration = ReceiverConfiguration()) {
        device = ReceiverDevice(configuration: configuration, sessionSeed: 0xABCDEF)
    }

    mutating func open(_ id: UInt64) -> SenderConnectionID {
        let connection = SenderConnectionID(id)
        device.connectionOpened(connection)
        return connection
    }

    /// Sends `json` and returns the replies for every connection, as (connection, destination, payload) triples.
    mutating func send(
        _ connection: SenderConnectionID, _ namespace: CastNamespace, _ json: JSONValue,
        from source: String = "sender-0", to destination: String = "receiver-0"
    )
        -> [(SenderConnectionID, String, JSONValue)]
    {
        let message = CastMessage(
            sourceID: source, destinationID: destination, namespace: namespace.rawValue,
            json: json.serialized())
        return collect(device.receive(message, from: connection, now: now))
    }

    mutating func sendText(
        _ connection: SenderConnectionID, namespace: String, _ text: String, from source: String,
        to destination: String
    ) -> [(SenderConnectionID, String, JSONValue)] {
        let message = CastMessage(sourceID: source, destinationID: destination, namespace: namespace, json: text)
        return collect(device.receive(message, from: connection, now: now))
    }

    /// Hands the device the outcome of the oldest media fetch it asked for (`--fetch-media`).
    mutating func completeFetch(_ outcome: MediaFetchOutcome) -> [(SenderConnectionID, String, JSONValue)] {
        guard !pendingLoads.isEmpty else { return [] }
        return collect(device.completeMediaLoad(pendingLoads.removeFirst(), outcome: outcome, now: now))
    }

    mutating func advance(by duration: Duration) -> [(SenderConnectionID, String, JSONValue)] {
        now = now + duration
        return collect(device.advance(to: now))
    }

    private mutating func collect(_ actions: [ReceiverAction]) -> [(SenderConnectionID, String, JSONValue)] {
        var out: [(SenderConnectionID, String, JSONValue)] = []
        for action in actions {
            switch action {
            case .send(let connection, let message):
                let payload = (try? JSONValue(parsing: message.payloadUTF8 ?? "")) ?? .string(message.payloadUTF8 ?? "")
                out.append((connection, message.destinationID, payload))
            case .close(let connection, let reason):
                closed[connection] = reason
                device.connectionClosed(connection)
            case .notify(let event):
                events.append(event)
            case .fetchMedia(let pending):
                pendingLoads.append(pending)
            }
        }
        return out
    }

    /// CONNECT to receiver-0, LAUNCH `appID`, CONNECT to its transport; returns the transport id.
    mutating func launch(_ connection: SenderConnectionID, _ appID: String, source: String = "sender-0") -> String {
        _ = send(connection, .connection, ["type": "CONNECT"], from: source)
        let replies = send(
            connection, .receiver, ["type": "LAUNCH", "appId": .string(appID), "requestId": 1],
            from: source)
        let transport =
            replies.last?.2["status"]?["applications"]?.arrayValue?.first?["transportId"]?.stringValue
            ?? ""
        _ = send(connection, .connection, ["type": "CONNECT"], from: source, to: transport)
        return transport
    }
}
