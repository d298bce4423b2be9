import CastJSON
import CastNet
public import CastWire
import CastLog
import CastTLS

/// `GCKRemoteMediaClient`: media commands to the app's media namespace and the media state from MEDIA_STATUS.
///
/// Created by its `CastSession` when the app supports the media namespace; confined to the stack's event loop.
/// Every command returns a `Request` that ends exactly once; commands without a connected app session fail with
/// SessionIsNotActive, those needing a media session without one fail with NoMediaSession (both after returning,
/// so a delegate set on the returned request hears it).
public final class RemoteMediaClient: @unchecked Sendable {
    weak var session: CastSession?
    /// The session's log classes (the shared logger's once the session is gone).
    private var log: SenderLog { session?.options.log ?? .shared }
    /// The media state (status, metadata, queue ids).
    public private(set) var state = RemoteMediaClientState()
    private var listeners: [WeakMediaListener] = []
    /// True while the app transport is connected.
    public private(set) var connected = false

    init(session: CastSession) { self.session = session }

    /// `mediaStatus`.
    public var mediaStatus: MediaSessionStatus? { state.mediaStatus }

    /// `approximateStreamPosition` now.
    public var approximateStreamPosition: Double? {
        session.flatMap { state.approximateStreamPosition(at: $0.clock.now) }
    }

    /// Real senders hide video for audio-only devices; castscope sends the LOAD (it is a debugging tool) and says so.
    private func warnIfVideoToAudioOnlyDevice(_ data: MediaLoadRequestData) {
        guard session?.devicePolicy == .audioOnly else { return }
        let contentType = data.mediaInformation?.contentType ?? ""
        guard contentType.lowercased().hasPrefix("video/") else { return }
        log.remoteMediaClient.warning(
            "loading video (\(contentType)) on an audio-only device: its certificate carries the audio-only policy, so real senders would not offer it video",
            ["cast.content_type": .string(contentType), "cast.device_policy": .string(DevicePolicy.audioOnly.rawValue)])
    }

    /// `-addListener:` (held weakly).
    public func add(_ listener: any RemoteMediaClientListener) {
        listeners.removeAll { $0.listener == nil }
        listeners.append(WeakMediaListener(listener: listener))
    }

    /// `-removeListener:`.
    public func remove(_ listener: any RemoteMediaClientListener) {
        listeners.removeAll { $0.listener == nil || $0.listener === listener }
    }

    /// `loadMediaWithLoadRequestData:`; a newer LOAD replaces one still waiting.
    @discardableResult
    public func loadMedia(_ data: MediaLoadRequestData) -> Request {
        warnIfVideoToAudioOnlyDevice(data)
        return send(.load, group: "load", needsMediaSession: false) { id, sessionID in
            data.loadRequest(requestID: id, sessionID: sessionID).json
        }
    }

    /// `play`.
    @discardableResult
    public func play() -> Request { command(.play, group: "playback") { $0.play(requestID: $1) } }
    /// `pause`.
    @discardableResult
    public func pause() -> Request { command(.pause, group: "playback") { $0.pause(requestID: $1) } }
    /// `stop`.
    @discardableResult
    public func stop() -> Request { command(.stop, group: "playback") { $0.stop(requestID: $1) } }
    /// `seekWithOptions:`; a newer seek replaces one still waiting.
    @discardableResult
    public func seek(with options: MediaSeekOptions) -> Request {
        command(.seek, group: "seek") { $0.seek(options, requestID: $1) }
    }
    /// `setPlaybackRate:`.
    @discardableResult
    public func setPlaybackRate(_ rate: Double) -> Request {
        command(.setPlaybackRate, group: "rate") { $0.setPlaybackRate(rate, requestID: $1) }
    }
    /// `setStreamVolume:`.
    @discardableResult
    public func setStreamVolume(_ level: Double) -> Request {
        command(.setVolume, group: "volume") { $0.setStreamVolume(level, requestID: $1) }
    }
    /// `setStreamMuted:`.
    @discardableResult
    public func setStreamMuted(_ muted: Bool) -> Request {
        command(.setVolume, group: "mute") { $0.setStreamMuted(muted, requestID: $1) }
    }
    /// `setActiveTrackIDs:`.
    @discardableResult
    public func setActiveTrackIDs(_ ids: [Int64]) -> Request {
        command(.editTracksInfo) { $0.setActiveTrackIDs(ids, requestID: $1) }
    }
    /// `requestStatus`.
    @discardableResult
    public func requestStatus() -> Request {
        command(.getStatus, needsMediaSession: false) { $0.requestStatus(requestID: $1) }
    }
    /// `queueLoadItems:startIndex:repeatMode:`.
    @discardableResult
    public func queueLoad(_ items: [MediaQueueItem], startIndex: Int64 = 0, repeatMode: MediaRepeatMode = .off)
        -> Request
    {
        command(.queueLoad, group: "load", needsMediaSession: false) {
            $0.queueLoad(items, startIndex: startIndex, repeatMode: repeatMode, requestID: $1)
        }
    }
    /// `queueInsertItems:beforeItemWithID:`.
    @discardableResult
    public func queueInsert(_ items: [MediaQueueItem], beforeItemID: Int64? = nil) -> Request {
        command(.queueInsert) { $0.queueInsert(items, beforeItemID: beforeItemID, requestID: $1) }
    }
    /// `queueInsertAndPlayItem:beforeItemWithID:`.
    @discardableResult
    public func queueInsertAndPlay(_ item: MediaQueueItem, beforeItemID: Int64? = nil) -> Request {
        command(.queueInsert) { $0.queueInsert([item], beforeItemID: beforeItemID, playIndex: 0, requestID: $1) }
    }
    /// `queueUpdateItems:`.
    @discardableResult
    public func queueUpdate(_ items: [MediaQueueItem]) -> Request {
        command(.queueUpdate) { $0.queueUpdate(items, requestID: $1) }
    }
    /// `queueRemoveItemsWithIDs:`.
    @discardableResult
    public func queueRemove(_ itemIDs: [Int64]) -> Request {
        command(.queueRemove) { $0.queueRemove(itemIDs, requestID: $1) }
    }
    /// `queueReorderItemsWithIDs:insertBeforeItemWithID:`.
    @discardableResult
    public func queueReorder(_ itemIDs: [Int64], beforeItemID: Int64?) -> Request {
        command(.queueReorder) { $0.queueReorder(itemIDs, beforeItemID: beforeItemID, requestID: $1) }
    }
    /// `queueJumpToItemWithID:`.
    @discardableResult
    public func queueJump(to itemID: Int64) -> Request {
        command(.queueUpdate, group: "jump") { $0.queueJump(to: itemID, requestID: $1) }
    }
    /// `queueNextItem`.
    @discardableResult
    public func queueNext() -> Request { command(.queueUpdate, group: "jump") { $0.queueNext(requestID: $1) } }
    /// `queuePreviousItem`.
    @discardableResult
    public func queuePrevious() -> Request {
        command(.queueUpdate, group: "jump") { $0.queuePrevious(requestID: $1) }
    }
    /// `queueSetRepeatMode:`.
    @discardableResult
    public func queueSetRepeatMode(_ mode: MediaRepeatMode) -> Request {
        command(.queueUpdate, group: "repeat") { $0.queueSetRepeatMode(mode, requestID: $1) }
    }

    private func command(_ type: CastMessageType, group: String? = nil, needsMediaSession: Bool = true,
                         _ build: @escaping (MediaCommandFactory, Int64) -> MediaCommand) -> Request {
        send(type, group: group, needsMediaSession: needsMediaSession) { [state] id, sessionID in
            build(MediaCommandFactory(sessionID: sessionID, mediaSessionID: state.mediaSessionID), id).json
        }
    }

    private func send(_ type: CastMessageType, group: String?, needsMediaSession: Bool,
                      _ payload: (Int64, String?) -> JSONValue) -> Request {
        let kind = type.rawValue
        guard let session, connected, let transportID = session.transportID else {
            return Request.failedLater(kind, CastError(.sessionIsNotActive, "no connected app session"),
                                       loop: session?.eventLoop)
        }
        if needsMediaSession, state.mediaSessionID == nil {
            return Request.failedLater(kind, CastError(.noMediaSession, "no media is loaded"), loop: session.eventLoop)
        }
        let request = session.requests.start(kind, group: group, namespace: CastNamespace.media.rawValue,
                                             peer: transportID)
        let json = payload(request.requestID, session.sessionID)
        if let error = session.sendJSON(json, namespace: CastNamespace.media.rawValue, to: transportID,
                                        log: log.mediaControlChannel)
        {
            session.fail(request, error)
        }
        log.remoteMediaClient.debug("\(kind) sent", session.metadata(requestID: request.requestID,
                                                                            namespace: .media))
        return request
    }

    /// The app transport is connected: ask for the media status.
    func attach() {
        connected = true
        requestStatus()
    }

    /// The app transport went away.
    func detach(endSession: Bool) {
        connected = false
        if endSession, state.mediaStatus != nil {
            state.reset()
            notify(.didUpdateMediaStatus(nil))
        }
    }

    /// A media-namespace message from `source` (a reply ends only a request sent to that endpoint).
    func handle(_ payload: CastPayload, from source: String, requests: PendingRequests, now: MonotonicInstant) {
        let namespace = CastNamespace.media.rawValue
        switch payload {
        case let .mediaStatus(status):
            for entry in status.status
            where MediaPlayerState(wireName: entry.playerState) == .idle && entry.idleReason == "ERROR" {
                let id = entry.mediaSessionID.map(String.init) ?? "?"
                log.remoteMediaClient.warning(
                    "media session \(id) stopped with an error (idleReason ERROR): the device gave up on the media")
            }
            // A status from another endpoint than the app's transport is not this app's media state.
            if source == session?.transportID {
                for event in state.apply(status, at: now) { notify(event) }
            }
            if let id = status.requestID, id != 0 {
                requests.reply(id, .completed, namespace: namespace, source: source)
            }
        case let .loadFailed(reply):
            if let id = reply.requestID {
                requests.reply(id, .failed(CastError(loadFailed: reply)), namespace: namespace, source: source)
            }
        case let .error(reply):
            if let id = reply.requestID, id != 0 {
                requests.reply(id, .failed(CastError(reply: reply)), namespace: namespace, source: source)
            } else {
                // Unsolicited: playback failed after it had started (a segment, a key, the decoder).
                log.remoteMediaClient.warning("the receiver reported \(CastError(reply: reply))",
                                              ["cast.ns": .string(namespace)])
            }
        default:
            log.mediaControlChannel.debug("media message ignored: \(payload.json.serialized())")
        }
    }

    private func notify(_ event: RemoteMediaClientEvent) {
        for box in listeners {
            guard let listener = box.listener else { continue }
            switch event {
            case let .didStartMediaSession(id): listener.remoteMediaClient(self, didStartMediaSessionWithID: id)
            case let .didUpdateMediaStatus(status): listener.remoteMediaClient(self, didUpdateMediaStatus: status)
            case let .didUpdateMediaMetadata(metadata):
                listener.remoteMediaClient(self, didUpdateMediaMetadata: metadata)
            case .didUpdateQueue: listener.remoteMediaClientDidUpdateQueue(self)
            }
        }
    }
}

/// A weakly held media listener.
private struct WeakMediaListener {
    weak var listener: (any RemoteMediaClientListener)?
}
