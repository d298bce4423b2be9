public import CastJSON
public import CastWire

/// What the media player wants sent after a request.
public enum MediaPlayerReply: Sendable, Hashable {
    /// The state changed: MEDIA_STATUS to the requester (its requestId) and to every other connected sender (0).
    case statusChanged
    /// Nothing changed: MEDIA_STATUS to the requester only (GET_STATUS).
    case status
    /// An error reply of `type` (LOAD_FAILED, INVALID_PLAYER_STATE, INVALID_REQUEST) with extra `fields`.
    case error(type: CastMessageType, fields: JSONObject)
    /// A reply of `type` (SESSION_STATE) with `fields`, to the requester only; nothing changed.
    case message(type: CastMessageType, fields: JSONObject)

    static func invalidRequest(_ reason: String) -> MediaPlayerReply {
        .error(type: .invalidRequest, fields: ["reason": .string(reason)])
    }

    static let invalidPlayerState = MediaPlayerReply.error(type: .invalidPlayerState, fields: JSONObject())
}
