public import CastJSON
public import CastWire

/// Builds the media-namespace requests of `GCKRemoteMediaClient` for one app session and media session: every
/// command carries `requestId`, `sessionId` and (when there is one) `mediaSessionId`, as receivers expect.
public struct MediaCommandFactory: Sendable {
    /// The app session (`sessionId`).
    public var sessionID: String?
    /// The media session (`mediaSessionId`).
    public var mediaSessionID: Int64?

    /// A factory for the given sessions.
    public init(sessionID: String?, mediaSessionID: Int64?) {
        self.sessionID = sessionID
        self.mediaSessionID = mediaSessionID
    }

    private func command(_ type: CastMessageType, _ requestID: Int64, _ extra: JSONObject = [:]) -> MediaCommand {
        var command = MediaCommand(type: type, requestID: requestID, mediaSessionID: mediaSessionID, unknown: extra)
        command.sessionID = sessionID
        return command
    }

    /// PLAY.
    public func play(requestID: Int64, customData: JSONObject? = nil) -> MediaCommand {
        var result = command(.play, requestID)
        result.customData = customData
        return result
    }

    /// PAUSE.
    public func pause(requestID: Int64, customData: JSONObject? = nil) -> MediaCommand {
        var result = command(.pause, requestID)
        result.customData = customData
        return result
    }

    /// STOP (the media session; the app keeps running).
    public func stop(requestID: Int64) -> MediaCommand { command(.stop, requestID) }

    /// SEEK to `currentTime`, by `relativeTime`, or to the live edge, with the resume state.
    public func seek(_ options: MediaSeekOptions, requestID: Int64) -> MediaCommand {
        var extra = JSONObject()
        if options.relative { extra["relativeTime"] = .double(options.interval) }
        if options.seekToInfinite { extra["seekToInfinite"] = .bool(true) }
        var result = command(.seek, requestID, extra)
        if !options.relative, !options.seekToInfinite { result.currentTime = options.interval }
        switch options.resumeState {
        case .unchanged: break
        case .play: result.resumeState = "PLAYBACK_START"
        case .pause: result.resumeState = "PLAYBACK_PAUSE"
        }
        return result
    }

    /// SET_PLAYBACK_RATE.
    public func setPlaybackRate(_ rate: Double, requestID: Int64) -> MediaCommand {
        var result = command(.setPlaybackRate, requestID)
        result.playbackRate = rate
        return result
    }

    /// SET_VOLUME of the stream (level clamped to 0...1).
    public func setStreamVolume(_ level: Double, requestID: Int64) -> MediaCommand {
        var result = command(.setVolume, requestID)
        result.volume = CastVolume(level: min(1, max(0, level)))
        return result
    }

    /// SET_VOLUME muting or unmuting the stream.
    public func setStreamMuted(_ muted: Bool, requestID: Int64) -> MediaCommand {
        var result = command(.setVolume, requestID)
        result.volume = CastVolume(muted: muted)
        return result
    }

    /// EDIT_TRACKS_INFO.
    public func setActiveTrackIDs(_ ids: [Int64], requestID: Int64) -> MediaCommand {
        var result = command(.editTracksInfo, requestID)
        result.activeTrackIDs = ids
        return result
    }

    /// GET_STATUS (with the media session when there is one).
    public func requestStatus(requestID: Int64) -> MediaCommand { command(.getStatus, requestID) }

    /// QUEUE_LOAD of `items` from `startIndex`.
    public func queueLoad(_ items: [MediaQueueItem], startIndex: Int64 = 0, repeatMode: MediaRepeatMode = .off,
                          requestID: Int64) -> MediaCommand {
        var extra: JSONObject = ["items": .array(items.map(\.json)), "startIndex": .int(startIndex)]
        if let mode = repeatMode.wireName { extra["repeatMode"] = .string(mode) }
        return command(.queueLoad, requestID, extra)
    }

    /// QUEUE_INSERT before `beforeItemID` (or at the end); `playIndex` makes it insert-and-play.
    public func queueInsert(_ items: [MediaQueueItem], beforeItemID: Int64? = nil, playIndex: Int64? = nil,
                            requestID: Int64) -> MediaCommand {
        var extra: JSONObject = ["items": .array(items.map(\.json))]
        if let beforeItemID { extra["insertBefore"] = .int(beforeItemID) }
        if let playIndex { extra["currentItemIndex"] = .int(playIndex) }
        return command(.queueInsert, requestID, extra)
    }

    /// QUEUE_UPDATE changing `items` (matched by item id).
    public func queueUpdate(_ items: [MediaQueueItem], requestID: Int64) -> MediaCommand {
        command(.queueUpdate, requestID, ["items": .array(items.map(\.json))])
    }

    /// QUEUE_REMOVE.
    public func queueRemove(_ itemIDs: [Int64], requestID: Int64) -> MediaCommand {
        command(.queueRemove, requestID, ["itemIds": .array(itemIDs.map(JSONValue.int))])
    }

    /// QUEUE_REORDER moving `itemIDs` before `beforeItemID` (or to the end).
    public func queueReorder(_ itemIDs: [Int64], beforeItemID: Int64?, requestID: Int64) -> MediaCommand {
        var extra: JSONObject = ["itemIds": .array(itemIDs.map(JSONValue.int))]
        if let beforeItemID { extra["insertBefore"] = .int(beforeItemID) }
        return command(.queueReorder, requestID, extra)
    }

    /// QUEUE_UPDATE jumping to `itemID`.
    public func queueJump(to itemID: Int64, requestID: Int64) -> MediaCommand {
        var result = command(.queueUpdate, requestID)
        result.currentItemID = itemID
        return result
    }

    /// QUEUE_UPDATE `jump: +1`.
    public func queueNext(requestID: Int64) -> MediaCommand {
        var result = command(.queueUpdate, requestID)
        result.jump = 1
        return result
    }

    /// QUEUE_UPDATE `jump: -1`.
    public func queuePrevious(requestID: Int64) -> MediaCommand {
        var result = command(.queueUpdate, requestID)
        result.jump = -1
        return result
    }

    /// QUEUE_UPDATE setting the repeat mode (`unchanged` sends none).
    public func queueSetRepeatMode(_ mode: MediaRepeatMode, requestID: Int64) -> MediaCommand {
        var extra = JSONObject()
        if let name = mode.wireName { extra["repeatMode"] = .string(name) }
        return command(.queueUpdate, requestID, extra)
    }
}
