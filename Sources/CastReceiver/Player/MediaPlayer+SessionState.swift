import CastJSON
import CastWire
import CastNet

/// Stream transfer as the Web Receiver documents it: STORE_SESSION on the source device is answered with
/// SESSION_STATE carrying `sessionState` = {loadRequestData, customData}; RESUME_SESSION on the destination carries
/// that `sessionState` and is handled like the LOAD in its `loadRequestData`.
/// Facts from https://developers.google.com/cast/docs/reference/web_receiver/cast.framework.messages.SessionState,
/// …StoreSessionResponseData and …ResumeSessionRequestData (the Default Media Receiver keeps no `customData`).
extension MediaPlayer {
    /// SESSION_STATE for the current media: what a LOAD needs to go on from here — the media (or the whole queue),
    /// the position, whether it plays, the rate, tracks and custom data. No media session: INVALID_REQUEST
    /// INVALID_MEDIA_SESSION_ID ("the media session does not exist").
    func storeSession(now: MonotonicInstant) -> MediaPlayerReply {
        guard hasActiveSession, let item = currentItem else {
            return .invalidRequest("INVALID_MEDIA_SESSION_ID")
        }
        var load = JSONObject()
        load.appendUnchecked("media", .object(item.media))
        let plays = playerState == .playing || (playerState == .buffering && playAfterBuffering)
        load.appendUnchecked("autoplay", .bool(plays))
        load.appendUnchecked("currentTime", .double(position(at: now)))
        load.appendUnchecked("playbackRate", .double(playbackRate))
        if let activeTrackIDs { load.appendUnchecked("activeTrackIds", activeTrackIDs) }
        if let customData { load.appendUnchecked("customData", customData) }
        if items.count > 1 {
            // The queue goes along; the destination gives the items new ids, so they are left out here.
            let entries = items.map { item -> JSONValue in
                var entry = Self.itemJSON(item).objectValue ?? JSONObject()
                entry["itemId"] = nil
                return .object(entry)
            }
            load.appendUnchecked(
                "queueData",
                [
                    "items": .array(entries), "startIndex": .int(Int64(currentIndex)),
                    "repeatMode": .string(repeatMode),
                ])
        }
        return .message(type: .sessionState, fields: ["sessionState": ["loadRequestData": .object(load)]])
    }

    /// RESUME_SESSION: loads `sessionState.loadRequestData` as a LOAD (same checks, same MEDIA_STATUS or error);
    /// a missing or non-object `sessionState` or `loadRequestData` is INVALID_REQUEST INVALID_PARAMS.
    mutating func resumeSession(_ request: JSONValue, now: MonotonicInstant, loadFailure: Int?) -> MediaPlayerReply {
        guard let state = request["sessionState"]?.objectValue, var data = state["loadRequestData"]?.objectValue
        else { return .invalidRequest("INVALID_PARAMS") }
        data[CastPayloadField.type] = CastMessageType.load.json
        return load(.object(data), now: now, loadFailure: loadFailure)
    }
}
