public import CastJSON

/// A JSON payload decoded by namespace and `type` into its model; anything unmodelled stays `.other` with its JSON.
public enum CastPayload: Sendable, Hashable {
    /// tp.connection: CONNECT / CLOSE / CONNECTED.
    case connection(ConnectionMessage)
    /// tp.heartbeat: PING / PONG.
    case heartbeat(HeartbeatMessage)
    /// receiver: a sender request.
    case receiverRequest(ReceiverRequest)
    /// receiver: RECEIVER_STATUS.
    case receiverStatus(ReceiverStatus)
    /// receiver: the GET_APP_AVAILABILITY reply.
    case appAvailability(AppAvailabilityResponse)
    /// media: LOAD.
    case load(LoadRequest)
    /// media: any other request.
    case mediaCommand(MediaCommand)
    /// media: MEDIA_STATUS.
    case mediaStatus(MediaStatus)
    /// media: LOAD_FAILED.
    case loadFailed(LoadFailed)
    /// receiver or media: LAUNCH_ERROR, INVALID_REQUEST, INVALID_PLAYER_STATE, LOAD_CANCELLED, ERROR.
    case error(CastErrorResponse)
    /// A namespace or type without a model.
    case other(type: CastMessageType?, json: JSONValue)

    /// Decodes `json` as sent on `namespace`; a known type with a wrong shape throws with the key path.
    public init(namespace: CastNamespace, json: JSONValue) throws(CastPayloadError) {
        let type = json["type"]?.stringValue.map(CastMessageType.init(rawValue:))
        switch (namespace, type) {
        case (.connection, .some(.connect)), (.connection, .some(.close)), (.connection, .some(.connected)):
            self = .connection(try ConnectionMessage(json: json))
        case (.heartbeat, .some(.ping)), (.heartbeat, .some(.pong)):
            self = .heartbeat(try HeartbeatMessage(json: json))
        case (.receiver, .some(.receiverStatus)):
            self = .receiverStatus(try ReceiverStatus(json: json))
        case (.receiver, .some(.getAppAvailability)) where json["availability"] != nil:
            self = .appAvailability(try AppAvailabilityResponse(json: json))
        case let (.receiver, .some(type)) where ReceiverRequest.types.contains(type):
            self = .receiverRequest(try ReceiverRequest(json: json))
        case (.media, .some(.load)):
            self = .load(try LoadRequest(json: json))
        case (.media, .some(.mediaStatus)):
            self = .mediaStatus(try MediaStatus(json: json))
        case (.media, .some(.loadFailed)):
            self = .loadFailed(try LoadFailed(json: json))
        case let (.media, .some(type)) where MediaCommand.types.contains(type):
            self = .mediaCommand(try MediaCommand(json: json))
        case let (.receiver, .some(type)) where CastErrorResponse.types.contains(type),
             let (.media, .some(type)) where CastErrorResponse.types.contains(type):
            self = .error(try CastErrorResponse(json: json))
        default:
            self = .other(type: type, json: json)
        }
    }

    /// Decodes a message's JSON text (`payload_utf8`) as sent on `namespace`.
    public init(namespace: CastNamespace, jsonText: String) throws(CastPayloadError) {
        let json: JSONValue
        do throws(JSONError) {
            json = try JSONValue(parsing: jsonText)
        } catch {
            throw CastPayloadError(.notJSON(error), path: "payload")
        }
        try self.init(namespace: namespace, json: json)
    }

    /// The payload as JSON again.
    public var json: JSONValue {
        switch self {
        case let .connection(model): model.json
        case let .heartbeat(model): model.json
        case let .receiverRequest(model): model.json
        case let .receiverStatus(model): model.json
        case let .appAvailability(model): model.json
        case let .load(model): model.json
        case let .mediaCommand(model): model.json
        case let .mediaStatus(model): model.json
        case let .loadFailed(model): model.json
        case let .error(model): model.json
        case let .other(_, json): json
        }
    }
}
