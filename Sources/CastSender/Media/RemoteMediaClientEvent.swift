public import CastWire

/// What a MEDIA_STATUS changed, in the order `GCKRemoteMediaClientListener` is told.
public enum RemoteMediaClientEvent: Sendable, Hashable {
    /// `remoteMediaClient:didStartMediaSessionWithID:` — a new `mediaSessionId` appeared.
    case didStartMediaSession(Int64)
    /// `remoteMediaClient:didUpdateMediaStatus:` — nil when the media session ended.
    case didUpdateMediaStatus(MediaSessionStatus?)
    /// `remoteMediaClient:didUpdateMediaMetadata:`.
    case didUpdateMediaMetadata(MediaMetadata?)
    /// `remoteMediaClientDidUpdateQueue:` — items, current item or repeat mode changed.
    case didUpdateQueue
}
