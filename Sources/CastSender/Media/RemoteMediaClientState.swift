public import CastNet
public import CastWire
import CastJSON

/// The media state a `RemoteMediaClient` keeps, as a value: the last MEDIA_STATUS entry (with media carried over
/// from earlier ones, since receivers send `media` only when it changes), when it arrived, and what each new
/// status changed, reported as listener events. Time comes in as instants so tests use a manual clock.
public struct RemoteMediaClientState: Sendable {
    /// The current status; nil when there is no media session.
    public private(set) var mediaStatus: MediaSessionStatus?
    /// When `mediaStatus` arrived.
    public private(set) var statusInstant: MonotonicInstant?
    /// The metadata of the loaded media.
    public private(set) var metadata: MediaMetadata?
    /// The queue's item ids, in order, as last reported.
    public private(set) var queueItemIDs: [Int64] = []

    /// No media session.
    public init() {}

    /// The media session commands address.
    public var mediaSessionID: Int64? { mediaStatus?.mediaSessionID }

    /// The player state (`unknown` without a session).
    public var playerState: MediaPlayerState { MediaPlayerState(wireName: mediaStatus?.playerState) }

    /// What the receiver accepts now.
    public var supportedCommands: SupportedMediaCommands { mediaStatus?.supportedMediaCommands ?? [] }

    /// The stream type of the loaded media.
    public var streamType: MediaStreamType? { mediaStatus?.media?.streamType.flatMap(MediaStreamType.init(rawValue:)) }

    /// The queue repeat mode.
    public var repeatMode: MediaRepeatMode {
        mediaStatus?.repeatMode.flatMap(MediaRepeatMode.init(wireName:)) ?? .off
    }

    /// `approximateStreamPosition`: the last reported position, plus rate × time since while PLAYING, kept within
    /// the duration; nil without a session.
    public func approximateStreamPosition(at now: MonotonicInstant) -> Double? {
        guard let status = mediaStatus else { return nil }
        let reported = status.currentTime ?? 0
        guard playerState == .playing, let statusInstant else { return reported }
        let elapsed = Double((now - statusInstant).components.seconds)
            + Double((now - statusInstant).components.attoseconds) / 1e18
        var position = reported + max(0, elapsed) * (status.playbackRate ?? 1)
        if let duration = status.media?.duration, duration > 0, streamType != .live {
            position = min(position, duration)
        }
        return max(0, position)
    }

    /// Applies a MEDIA_STATUS received at `now` and returns the events it causes, in listener order.
    public mutating func apply(_ status: MediaStatus, at now: MonotonicInstant) -> [RemoteMediaClientEvent] {
        guard var entry = status.status.first else {
            guard mediaStatus != nil else { return [] }
            mediaStatus = nil
            statusInstant = now
            return [.didUpdateMediaStatus(nil)]
        }
        var events: [RemoteMediaClientEvent] = []
        let previous = mediaStatus
        let sameSession = entry.mediaSessionID != nil && entry.mediaSessionID == previous?.mediaSessionID
        if let id = entry.mediaSessionID, !sameSession { events.append(.didStartMediaSession(id)) }
        if entry.media == nil, sameSession { entry.media = previous?.media }
        if entry.items == nil, sameSession { entry.items = previous?.items }
        mediaStatus = entry
        statusInstant = now
        events.append(.didUpdateMediaStatus(entry))
        let newMetadata = entry.media?.metadata.map(MediaMetadata.init(json:))
        if newMetadata != metadata || !sameSession {
            metadata = newMetadata
            events.append(.didUpdateMediaMetadata(newMetadata))
        }
        let ids = entry.items?.compactMap { $0["itemId"]?.intValue } ?? queueItemIDs
        if ids != queueItemIDs || entry.repeatMode != previous?.repeatMode
            || entry.currentItemID != previous?.currentItemID {
            queueItemIDs = ids
            events.append(.didUpdateQueue)
        }
        return events
    }

    /// Forgets the media session (the app session ended); nothing is reported.
    public mutating func reset() {
        mediaStatus = nil
        statusInstant = nil
        metadata = nil
        queueItemIDs = []
    }
}
