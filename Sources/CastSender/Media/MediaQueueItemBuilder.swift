public import CastJSON
public import CastWire

/// `GCKMediaQueueItemBuilder`: sets the item's fields one by one, then `build()`.
public struct MediaQueueItemBuilder: Sendable {
    /// The media (required).
    public var mediaInformation: MediaInformation?
    /// Play when it becomes current.
    public var autoplay = true
    /// Start position in seconds.
    public var startTime: Double?
    /// Seconds to play.
    public var playbackDuration: Double?
    /// Preload lead time in seconds.
    public var preloadTime: Double?
    /// Tracks to enable.
    public var activeTrackIDs: [Int64]?
    /// App data.
    public var customData: JSONObject?

    /// An empty builder.
    public init() {}

    /// The item; nil when no media was set, as the SDK's builder returns nil.
    public func build() -> MediaQueueItem? {
        guard let mediaInformation else { return nil }
        var item = MediaQueueItem(mediaInformation: mediaInformation)
        item.autoplay = autoplay
        item.startTime = startTime
        item.playbackDuration = playbackDuration
        item.preloadTime = preloadTime
        item.activeTrackIDs = activeTrackIDs
        item.customData = customData
        return item
    }
}
