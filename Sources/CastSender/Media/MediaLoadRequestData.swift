public import CastJSON
public import CastWire

/// `GCKMediaLoadRequestData`: everything a LOAD carries — media or queue, autoplay, start time, tracks,
/// playback rate, Cast Connect credentials, app data.
public struct MediaLoadRequestData: Sendable, Hashable {
    /// The media, unless a queue is loaded.
    public var mediaInformation: MediaInformation?
    /// A queue to load (its current item becomes `media` when no media is set).
    public var queueData: MediaQueueData?
    /// Start playing once loaded (default true).
    public var autoplay: Bool? = true
    /// Start position in seconds.
    public var startTime: Double?
    /// Playback rate (1 = normal).
    public var playbackRate: Double?
    /// Tracks to enable.
    public var activeTrackIDs: [Int64]?
    /// Cast Connect user credentials (`credentials`, `credentialsType`).
    public var credentials: CredentialsData?
    /// App data.
    public var customData: JSONObject?

    /// A load of `media`.
    public init(mediaInformation: MediaInformation) { self.mediaInformation = mediaInformation }

    /// A load of a queue.
    public init(queueData: MediaQueueData) { self.queueData = queueData }

    /// The LOAD for app session `sessionID`: `media` is the media or the queue's start item.
    public func loadRequest(requestID: Int64, sessionID: String?) -> LoadRequest {
        let start = queueData.flatMap { queue in
            queue.items.indices.contains(Int(clamping: queue.startIndex)) ? queue.items[Int(queue.startIndex)] : nil
        }
        var unknown = JSONObject()
        if let queueData { unknown["queueData"] = .object(queueData.json) }
        if let playbackRate { unknown["playbackRate"] = .double(playbackRate) }
        if let credentials {
            unknown["credentials"] = .string(credentials.credentials)
            if let type = credentials.credentialsType { unknown["credentialsType"] = .string(type) }
        }
        var request = LoadRequest(
            requestID: requestID, sessionID: sessionID,
            media: mediaInformation ?? start?.mediaInformation ?? MediaInformation(),
            autoplay: autoplay, currentTime: startTime ?? queueData?.startTime, customData: customData,
            unknown: unknown)
        request.activeTrackIDs = activeTrackIDs
        return request
    }
}
