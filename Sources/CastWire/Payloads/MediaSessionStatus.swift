public import CastJSON

/// One entry of MEDIA_STATUS `status` (protocol.md §2.8).
public struct MediaSessionStatus: CastPayloadModel {
    /// The media session this entry describes.
    public var mediaSessionID: Int64?
    /// 1 = normal speed.
    public var playbackRate: Double?
    /// `IDLE`, `PLAYING`, `PAUSED`, `BUFFERING`, `LOADING`.
    public var playerState: String?
    /// With IDLE: `CANCELLED`, `INTERRUPTED`, `FINISHED`, `ERROR`.
    public var idleReason: String?
    /// Seconds.
    public var currentTime: Double?
    /// What the receiver accepts.
    public var supportedMediaCommands: SupportedMediaCommands?
    /// Stream volume.
    public var volume: CastVolume?
    /// Active track ids.
    public var activeTrackIDs: [Int64]?
    /// The loaded media (sent when it changes).
    public var media: MediaInformation?
    /// Queue repeat mode, e.g. `REPEAT_OFF`.
    public var repeatMode: String?
    /// Queue item playing.
    public var currentItemID: Int64?
    /// Queue item loading.
    public var loadingItemID: Int64?
    /// Queue items, kept as JSON.
    public var items: [JSONValue]?
    /// Keys this model does not know (e.g. `extendedStatus`, `customData`).
    public var unknown: JSONObject

    /// A status with the given members.
    public init(mediaSessionID: Int64? = nil, playerState: String? = nil, currentTime: Double? = nil,
                supportedMediaCommands: SupportedMediaCommands? = nil, unknown: JSONObject = JSONObject()) {
        self.mediaSessionID = mediaSessionID
        self.playerState = playerState
        self.currentTime = currentTime
        self.supportedMediaCommands = supportedMediaCommands
        self.unknown = unknown
    }

    /// Reads the members.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        mediaSessionID = try reader.int("mediaSessionId")
        playbackRate = try reader.double("playbackRate")
        playerState = try reader.string("playerState")
        idleReason = try reader.string("idleReason")
        currentTime = try reader.double("currentTime")
        supportedMediaCommands = try reader.int("supportedMediaCommands").map(SupportedMediaCommands.init(rawValue:))
        volume = try reader.model("volume")
        activeTrackIDs = try reader.ints("activeTrackIds")
        media = try reader.model("media")
        repeatMode = try reader.string("repeatMode")
        currentItemID = try reader.int("currentItemId")
        loadingItemID = try reader.int("loadingItemId")
        items = try reader.array("items")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("mediaSessionId", mediaSessionID)
        writer.set("playbackRate", playbackRate)
        writer.set("playerState", playerState)
        writer.set("idleReason", idleReason)
        writer.set("currentTime", currentTime)
        writer.set("supportedMediaCommands", supportedMediaCommands?.rawValue)
        writer.set("volume", model: volume)
        writer.set("activeTrackIds", activeTrackIDs)
        writer.set("media", model: media)
        writer.set("repeatMode", repeatMode)
        writer.set("currentItemId", currentItemID)
        writer.set("loadingItemId", loadingItemID)
        writer.set("items", items.map(JSONValue.array))
        writer.appendUnknown(unknown)
    }
}
