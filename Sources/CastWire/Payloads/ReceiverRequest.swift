public import CastJSON

/// A sender → platform request of the `receiver` namespace: GET_STATUS, LAUNCH, STOP, GET_APP_AVAILABILITY or
/// SET_VOLUME (protocol.md §2.8). Members that a type does not use stay `nil`.
public struct ReceiverRequest: CastPayloadModel {
    /// The request type.
    public var type: CastMessageType
    /// Echoed by the response.
    public var requestID: Int64?
    /// LAUNCH: the app to start.
    public var appID: String?
    /// GET_APP_AVAILABILITY: the apps to check (an array on the wire).
    public var appIDs: [String]?
    /// LAUNCH: e.g. `en-US`.
    public var language: String?
    /// LAUNCH: e.g. `["WEB"]`.
    public var supportedAppTypes: [String]?
    /// LAUNCH: app parameters.
    public var appParams: JSONObject?
    /// STOP: the session to stop (pychromecast sends null when no app runs).
    public var sessionID: String?
    /// SET_VOLUME: level and/or muted.
    public var volume: CastVolume?
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// The types this model reads.
    public static let types: [CastMessageType] = [.getStatus, .launch, .stop, .getAppAvailability, .setVolume]

    /// A request of `type`.
    public init(type: CastMessageType, requestID: Int64? = nil, unknown: JSONObject = JSONObject()) {
        self.type = type
        self.requestID = requestID
        self.unknown = unknown
    }

    /// Reads the members; `type` must be one of `types`.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        type = try reader.messageType(Self.types)
        requestID = try reader.int("requestId")
        if type == .getAppAvailability {
            appIDs = try reader.strings("appId")
        } else {
            appID = try reader.string("appId")
        }
        language = try reader.string("language")
        supportedAppTypes = try reader.strings("supportedAppTypes")
        appParams = try reader.object("appParams")
        sessionID = try reader.string("sessionId")
        volume = try reader.model("volume")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("type", type.rawValue)
        writer.set("requestId", requestID)
        writer.set("appId", appID)
        writer.set("appId", appIDs)
        writer.set("language", language)
        writer.set("supportedAppTypes", supportedAppTypes)
        writer.set("appParams", appParams)
        writer.set("sessionId", sessionID)
        writer.set("volume", model: volume)
        writer.appendUnknown(unknown)
    }
}
