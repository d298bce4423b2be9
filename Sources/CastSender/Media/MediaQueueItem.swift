public import CastJSON
public import CastWire

/// `GCKMediaQueueItem`: one entry of a queue (an `items` element of QUEUE_LOAD/QUEUE_INSERT/LOAD `queueData`).
public struct MediaQueueItem: Sendable, Hashable {
    /// Assigned by the receiver; nil for items not yet inserted.
    public var itemID: Int64?
    /// The media.
    public var mediaInformation: MediaInformation
    /// Play when it becomes current.
    public var autoplay = true
    /// Start position in seconds.
    public var startTime: Double?
    /// Seconds to play, when cut short.
    public var playbackDuration: Double?
    /// Seconds before the previous item ends to start loading this one.
    public var preloadTime: Double?
    /// Tracks to enable.
    public var activeTrackIDs: [Int64]?
    /// App data.
    public var customData: JSONObject?

    /// An item of `media`.
    public init(mediaInformation: MediaInformation, itemID: Int64? = nil) {
        self.mediaInformation = mediaInformation
        self.itemID = itemID
    }

    /// Reads an item of MEDIA_STATUS `items`; nil without `media`... unless the id alone is there, as receivers
    /// send items without media once they were seen.
    public init?(json: JSONValue) {
        let media = json["media"].flatMap { try? MediaInformation(json: $0) } ?? MediaInformation()
        guard json["media"] != nil || json["itemId"] != nil else { return nil }
        self.init(mediaInformation: media, itemID: json["itemId"]?.intValue)
        autoplay = json["autoplay"]?.boolValue ?? true
        startTime = json["startTime"]?.doubleValue
        playbackDuration = json["playbackDuration"]?.doubleValue
        preloadTime = json["preloadTime"]?.doubleValue
        activeTrackIDs = json["activeTrackIds"]?.arrayValue?.compactMap(\.intValue)
        customData = json["customData"]?.objectValue
    }

    /// The item object.
    public var json: JSONValue {
        var object = JSONObject()
        if let itemID { object["itemId"] = .int(itemID) }
        object["media"] = mediaInformation.json
        object["autoplay"] = .bool(autoplay)
        if let startTime { object["startTime"] = .double(startTime) }
        if let playbackDuration { object["playbackDuration"] = .double(playbackDuration) }
        if let preloadTime { object["preloadTime"] = .double(preloadTime) }
        if let activeTrackIDs { object["activeTrackIds"] = .array(activeTrackIDs.map(JSONValue.int)) }
        if let customData { object["customData"] = .object(customData) }
        return .object(object)
    }
}
