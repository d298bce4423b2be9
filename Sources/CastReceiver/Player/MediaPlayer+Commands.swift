public import CastJSON
import CastWire
public import CastNet

extension MediaPlayer {
    /// Handles one media-namespace request (already parsed JSON) at `now`; `loadFailure` is the `load-failed` fault.
    public mutating func handle(_ request: JSONValue, now: MonotonicInstant, loadFailure: Int? = nil)
        -> MediaPlayerReply
    {
        _ = advance(to: now)
        let type = request.castMessageType ?? .other("")
        switch type {
        case .getStatus: return .status
        case .load: return load(request, now: now, loadFailure: loadFailure)
        case .queueLoad: return queueLoad(request, now: now, loadFailure: loadFailure)
        case .storeSession: return storeSession(now: now)
        case .resumeSession: return resumeSession(request, now: now, loadFailure: loadFailure)
        default: break
        }
        guard hasActiveSession, let sessionID = mediaSessionID else { return .invalidPlayerState }
        if let requested = request["mediaSessionId"], requested.intValue != sessionID {
            return .invalidRequest("INVALID_MEDIA_SESSION_ID")
        }
        switch type {
        case .play: return play(now: now)
        case .pause: return pause(now: now)
        case .stop:
            rebase(at: now)
            goIdle(reason: "CANCELLED")
            return .statusChanged
        case .seek: return seek(request, now: now)
        case .setPlaybackRate: return setRate(request, now: now)
        case .setVolume: return setVolume(request)
        case .editTracksInfo:
            if let ids = request["activeTrackIds"] { activeTrackIDs = ids }
            if let style = request["textTrackStyle"] { textTrackStyle = style }
            return .statusChanged
        case .queueNext: return jump(by: 1, now: now)
        case .queuePrev: return jump(by: -1, now: now)
        case .queueUpdate: return queueUpdate(request, now: now)
        case .queueInsert: return queueInsert(request, now: now)
        case .queueRemove: return queueRemove(request, now: now)
        case .queueReorder: return queueReorder(request)
        default: return .invalidRequest("INVALID_COMMAND")
        }
    }

    mutating func load(_ request: JSONValue, now: MonotonicInstant, loadFailure: Int?) -> MediaPlayerReply {
        if let loadFailure {
            return .error(type: .loadFailed, fields: ["detailedErrorCode": .int(Int64(loadFailure))])
        }
        var queue: [Item] = []
        var startIndex = 0
        if let queueData = request["queueData"], let entries = queueData["items"]?.arrayValue, !entries.isEmpty {
            switch makeItems(entries) {
            case .success(let items): queue = items
            case .failure(let problem): return Self.reply(for: problem)
            }
            startIndex = Int(clamping: queueData["startIndex"]?.intValue ?? 0)
            if let mode = queueData["repeatMode"]?.stringValue { repeatMode = mode }
        } else {
            guard let media = request["media"] else { return .invalidRequest("INVALID_PARAMS") }
            switch makeItem(["media": media]) {
            case .success(let item): queue = [item]
            case .failure(let problem): return Self.reply(for: problem)
            }
            repeatMode = "REPEAT_OFF"
        }
        guard queue.indices.contains(startIndex), queue.count <= Self.maximumQueueLength else {
            return .invalidRequest("INVALID_PARAMS")
        }
        beginSession(items: queue)
        customData = request["customData"]
        activeTrackIDs = request["activeTrackIds"]
        let position = request["currentTime"]?.finiteDouble ?? queue[startIndex].startTime
        start(index: startIndex, at: position, autoplay: request["autoplay"]?.boolValue ?? true, now: now)
        return .statusChanged
    }

    private mutating func queueLoad(_ request: JSONValue, now: MonotonicInstant, loadFailure: Int?)
        -> MediaPlayerReply
    {
        if let loadFailure {
            return .error(type: .loadFailed, fields: ["detailedErrorCode": .int(Int64(loadFailure))])
        }
        guard let entries = request["items"]?.arrayValue, !entries.isEmpty else {
            return .invalidRequest("INVALID_PARAMS")
        }
        let queue: [Item]
        switch makeItems(entries) {
        case .success(let items): queue = items
        case .failure(let problem): return Self.reply(for: problem)
        }
        let startIndex = Int(clamping: request["startIndex"]?.intValue ?? 0)
        guard queue.indices.contains(startIndex), queue.count <= Self.maximumQueueLength else {
            return .invalidRequest("INVALID_PARAMS")
        }
        beginSession(items: queue)
        repeatMode = request["repeatMode"]?.stringValue ?? "REPEAT_OFF"
        customData = request["customData"]
        let position = request["currentTime"]?.finiteDouble ?? queue[startIndex].startTime
        start(index: startIndex, at: position, autoplay: queue[startIndex].autoplay, now: now)
        return .statusChanged
    }

    private mutating func beginSession(items queue: [Item]) {
        mediaSessionID = nextMediaSessionID
        nextMediaSessionID += 1
        items = queue
        playbackRate = 1
        textTrackStyle = nil
    }

    /// Why a queue item was refused.
    enum ItemProblem: Error {
        /// No media object, or neither `contentId` nor `contentUrl` (INVALID_REQUEST INVALID_PARAMS).
        case missingContent
        /// The content is not an http(s) URL, which the Default Media Receiver cannot fetch (LOAD_FAILED 104).
        case unsupportedSource
    }

    /// A queue item from `{media, autoplay, startTime, customData}`; the media gets a duration unless LIVE.
    mutating func makeItem(_ entry: JSONValue) -> Result<Item, ItemProblem> {
        guard var media = entry["media"]?.objectValue,
            let content = media["contentUrl"]?.stringValue ?? media["contentId"]?.stringValue
        else { return .failure(.missingContent) }
        let lowered = content.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            return .failure(.unsupportedSource)
        }
        let live = media["streamType"]?.stringValue == "LIVE"
        if live {
            media["duration"] = nil
        } else if media["duration"]?.finiteDouble.map({ $0 > 0 }) != true {
            media["duration"] = .double(defaultDuration)
        }
        let item = Item(
            itemID: nextItemID, media: media, autoplay: entry["autoplay"]?.boolValue ?? true,
            startTime: entry["startTime"]?.finiteDouble ?? 0, customData: entry["customData"])
        nextItemID += 1
        return .success(item)
    }

    /// The reply for a refused item: LOAD_FAILED for a source it cannot play, INVALID_REQUEST otherwise.
    static func reply(for problem: ItemProblem) -> MediaPlayerReply {
        switch problem {
        case .missingContent: .invalidRequest("INVALID_PARAMS")
        case .unsupportedSource:
            .error(type: .loadFailed, fields: ["detailedErrorCode": .int(MediaPlayer.sourceNotSupported)])
        }
    }

    /// `MEDIA_SRC_NOT_SUPPORTED` (web receiver detailed error code 104).
    static let sourceNotSupported: Int64 = 104

    /// Items for every entry, or the reply refusing the first bad one.
    mutating func makeItems(_ entries: [JSONValue]) -> Result<[Item], ItemProblem> {
        var items: [Item] = []
        for entry in entries {
            switch makeItem(entry) {
            case .success(let item): items.append(item)
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(items)
    }

    private mutating func play(now: MonotonicInstant) -> MediaPlayerReply {
        switch playerState {
        case .paused:
            positionSince = now
            playerState = .playing
        case .buffering: playAfterBuffering = true
        case .playing, .idle: break
        }
        return .statusChanged
    }

    private mutating func pause(now: MonotonicInstant) -> MediaPlayerReply {
        switch playerState {
        case .playing:
            rebase(at: now)
            playerState = .paused
        case .buffering: playAfterBuffering = false
        case .paused, .idle: break
        }
        return .statusChanged
    }

    private mutating func seek(_ request: JSONValue, now: MonotonicInstant) -> MediaPlayerReply {
        rebase(at: now)
        var target = positionBase
        if let absolute = request["currentTime"]?.finiteDouble {
            target = absolute
        } else if let relative = request["relativeTime"]?.finiteDouble {
            target += relative
        } else {
            return .invalidRequest("INVALID_PARAMS")
        }
        target = max(target, 0)
        if let duration = currentItem?.duration { target = min(target, duration) }
        positionBase = target
        switch request["resumeState"]?.stringValue {
        case "PLAYBACK_START":
            if playerState == .buffering { playAfterBuffering = true } else { playerState = .playing }
        case "PLAYBACK_PAUSE":
            if playerState == .buffering { playAfterBuffering = false } else { playerState = .paused }
        default: break
        }
        return .statusChanged
    }

    private mutating func setRate(_ request: JSONValue, now: MonotonicInstant) -> MediaPlayerReply {
        var rate = playbackRate
        if let absolute = request["playbackRate"]?.finiteDouble {
            rate = absolute
        } else if let relative = request["relativePlaybackRate"]?.finiteDouble {
            rate *= relative
        }
        guard rate >= 0.5, rate <= 2 else { return .invalidRequest("INVALID_PARAMS") }
        rebase(at: now)
        playbackRate = rate
        return .statusChanged
    }

    private mutating func setVolume(_ request: JSONValue) -> MediaPlayerReply {
        guard let volume = request["volume"], volume.objectValue != nil else {
            return .invalidRequest("INVALID_PARAMS")
        }
        if let level = volume["level"]?.finiteDouble {
            guard level >= 0, level <= 1 else { return .invalidRequest("INVALID_PARAMS") }
            volumeLevel = level
        }
        if let flag = volume["muted"]?.boolValue { muted = flag }
        return .statusChanged
    }
}
