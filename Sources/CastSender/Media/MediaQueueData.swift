public import CastJSON

/// `GCKMediaQueueData`: a queue to load with LOAD (`queueData`): items, where to start, repeat mode.
public struct MediaQueueData: Sendable, Hashable {
    /// Queue id, when the app names queues.
    public var queueID: String?
    /// Display name.
    public var name: String?
    /// `GCKMediaQueueType` as its wire string, e.g. `GENERIC`, `ALBUM`, `PLAYLIST`.
    public var queueType: String?
    /// The items.
    public var items: [MediaQueueItem]
    /// Index of the first item to play.
    public var startIndex: Int64 = 0
    /// Start position in seconds within that item.
    public var startTime: Double?
    /// Repeat mode.
    public var repeatMode: MediaRepeatMode = .off

    /// A queue of `items`.
    public init(items: [MediaQueueItem]) { self.items = items }

    /// The `queueData` object.
    public var json: JSONObject {
        var object = JSONObject()
        if let queueID { object["id"] = .string(queueID) }
        if let name { object["name"] = .string(name) }
        if let queueType { object["queueType"] = .string(queueType) }
        object["items"] = .array(items.map(\.json))
        object["startIndex"] = .int(startIndex)
        if let startTime { object["startTime"] = .double(startTime) }
        if let mode = repeatMode.wireName { object["repeatMode"] = .string(mode) }
        return object
    }
}
