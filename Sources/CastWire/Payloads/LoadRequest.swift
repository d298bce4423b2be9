public import CastJSON

/// LOAD: start playing media in a media session (protocol.md §2.8, pychromecast's shape).
public struct LoadRequest: CastPayloadModel {
    /// Echoed by MEDIA_STATUS or LOAD_FAILED.
    public var requestID: Int64?
    /// The receiver app session.
    public var sessionID: String?
    /// What to play.
    public var media: MediaInformation
    /// Start playing when loaded.
    public var autoplay: Bool?
    /// Start position in seconds.
    public var currentTime: Double?
    /// Tracks to enable.
    public var activeTrackIDs: [Int64]?
    /// App-defined data.
    public var customData: JSONObject?
    /// Keys this model does not know (e.g. `credentials`).
    public var unknown: JSONObject

    /// A LOAD of `media`.
    public init(requestID: Int64? = nil, sessionID: String? = nil, media: MediaInformation, autoplay: Bool? = nil,
                currentTime: Double? = nil, customData: JSONObject? = nil, unknown: JSONObject = JSONObject()) {
        self.requestID = requestID
        self.sessionID = sessionID
        self.media = media
        self.autoplay = autoplay
        self.currentTime = currentTime
        self.customData = customData
        self.unknown = unknown
    }

    /// Reads the members; `type` must be LOAD and `media` is required.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        _ = try reader.messageType([.load])
        requestID = try reader.int("requestId")
        sessionID = try reader.string("sessionId")
        guard let media = try reader.model("media", as: MediaInformation.self) else {
            throw CastPayloadError(.missingKey, path: reader.path(of: "media"))
        }
        self.media = media
        autoplay = try reader.bool("autoplay")
        currentTime = try reader.double("currentTime")
        activeTrackIDs = try reader.ints("activeTrackIds")
        customData = try reader.object("customData")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("type", CastMessageType.load.rawValue)
        writer.set("requestId", requestID)
        writer.set("sessionId", sessionID)
        writer.set("media", model: media)
        writer.set("autoplay", autoplay)
        writer.set("currentTime", currentTime)
        writer.set("activeTrackIds", activeTrackIDs)
        writer.set("customData", customData)
        writer.appendUnknown(unknown)
    }
}
