public import CastWire

/// `GCKRemoteMediaClientListener`: media session callbacks on the stack's event loop. All optional.
public protocol RemoteMediaClientListener: AnyObject {
    /// `remoteMediaClient:didStartMediaSessionWithID:`.
    func remoteMediaClient(_ client: RemoteMediaClient, didStartMediaSessionWithID id: Int64)
    /// `remoteMediaClient:didUpdateMediaStatus:` (nil: no media session).
    func remoteMediaClient(_ client: RemoteMediaClient, didUpdateMediaStatus status: MediaSessionStatus?)
    /// `remoteMediaClient:didUpdateMediaMetadata:`.
    func remoteMediaClient(_ client: RemoteMediaClient, didUpdateMediaMetadata metadata: MediaMetadata?)
    /// `remoteMediaClientDidUpdateQueue:`.
    func remoteMediaClientDidUpdateQueue(_ client: RemoteMediaClient)
}

extension RemoteMediaClientListener {
    /// Does nothing.
    public func remoteMediaClient(_ client: RemoteMediaClient, didStartMediaSessionWithID id: Int64) {}
    /// Does nothing.
    public func remoteMediaClient(_ client: RemoteMediaClient, didUpdateMediaStatus status: MediaSessionStatus?) {}
    /// Does nothing.
    public func remoteMediaClient(_ client: RemoteMediaClient, didUpdateMediaMetadata metadata: MediaMetadata?) {}
    /// Does nothing.
    public func remoteMediaClientDidUpdateQueue(_ client: RemoteMediaClient) {}
}
