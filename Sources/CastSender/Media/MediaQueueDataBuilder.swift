/// `GCKMediaQueueDataBuilder`: sets the queue's fields, then `build()`.
public struct MediaQueueDataBuilder: Sendable {
    /// `GCKMediaQueueType` wire string (`GENERIC` by default).
    public var queueType: String
    /// Queue id.
    public var queueID: String?
    /// Display name.
    public var name: String?
    /// The items.
    public var items: [MediaQueueItem] = []
    /// First item to play.
    public var startIndex: Int64 = 0
    /// Start position in seconds.
    public var startTime: Double?
    /// Repeat mode.
    public var repeatMode: MediaRepeatMode = .off

    /// `-initWithQueueType:`.
    public init(queueType: String = "GENERIC") { self.queueType = queueType }

    /// The queue data.
    public func build() -> MediaQueueData {
        var data = MediaQueueData(items: items)
        data.queueType = queueType
        data.queueID = queueID
        data.name = name
        data.startIndex = startIndex
        data.startTime = startTime
        data.repeatMode = repeatMode
        return data
    }
}
