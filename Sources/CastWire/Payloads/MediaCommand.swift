public import CastJSON

/// A media-namespace request other than LOAD: PLAY, PAUSE, STOP, SEEK, GET_STATUS, SET_VOLUME, SET_PLAYBACK_RATE,
/// EDIT_TRACKS_INFO, the QUEUE_* family, PRECACHE and SKIP_AD (protocol.md §2.8). Members a type does not use stay
/// `nil`; queue payloads beyond `jump`/`currentItemId` (items, itemIds...) stay in `unknown`.
public struct MediaCommand: CastPayloadModel {
    /// The command.
    public var type: CastMessageType
    /// Echoed by the reply.
    public var requestID: Int64?
    /// The media session addressed (absent for GET_STATUS without a session).
    public var mediaSessionID: Int64?
    /// The app session (pychromecast sends it).
    public var sessionID: String?
    /// SEEK: target position in seconds.
    public var currentTime: Double?
    /// SEEK: `PLAYBACK_START` or `PLAYBACK_PAUSE`.
    public var resumeState: String?
    /// SET_VOLUME: the stream volume.
    public var volume: CastVolume?
    /// SET_PLAYBACK_RATE: the rate.
    public var playbackRate: Double?
    /// EDIT_TRACKS_INFO: tracks to enable.
    public var activeTrackIDs: [Int64]?
    /// QUEUE_UPDATE: +1 next, -1 previous.
    public var jump: Int64?
    /// QUEUE_UPDATE: item to play.
    public var currentItemID: Int64?
    /// App-defined data.
    public var customData: JSONObject?
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// The types this model reads.
    public static let types: [CastMessageType] = [
        .play, .pause, .stop, .seek, .getStatus, .setVolume, .setPlaybackRate, .editTracksInfo, .queueLoad,
        .queueInsert, .queueRemove, .queueReorder, .queueUpdate, .queueNext, .queuePrev, .precache, .skipAd,
    ]

    /// A command of `type`.
    public init(type: CastMessageType, requestID: Int64? = nil, mediaSessionID: Int64? = nil,
                unknown: JSONObject = JSONObject()) {
        self.type = type
        self.requestID = requestID
        self.mediaSessionID = mediaSessionID
        self.unknown = unknown
    }

    /// Reads the members; `type` must be one of `types`.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        type = try reader.messageType(Self.types)
        requestID = try reader.int("requestId")
        mediaSessionID = try reader.int("mediaSessionId")
        sessionID = try reader.string("sessionId")
        currentTime = try reader.double("currentTime")
        resumeState = try reader.string("resumeState")
        volume = try reader.model("volume")
        playbackRate = try reader.double("playbackRate")
        activeTrackIDs = try reader.ints("activeTrackIds")
        jump = try reader.int("jump")
        currentItemID = try reader.int("currentItemId")
        customData = try reader.object("customData")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("type", type.rawValue)
        writer.set("requestId", requestID)
        writer.set("mediaSessionId", mediaSessionID)
        writer.set("sessionId", sessionID)
        writer.set("currentTime", currentTime)
        writer.set("resumeState", resumeState)
        writer.set("volume", model: volume)
        writer.set("playbackRate", playbackRate)
        writer.set("activeTrackIds", activeTrackIDs)
        writer.set("jump", jump)
        writer.set("currentItemId", currentItemID)
        writer.set("customData", customData)
        writer.appendUnknown(unknown)
    }
}
