public import CastJSON

/// What the media player wants sent after a request.
public enum MediaPlayerReply: Sendable, Hashable {
    /// The state changed: MEDIA_STATUS to the requester (its requestId) and to every other connected sender (0).
    case statusChanged
    /// Nothing changed: MEDIA_STATUS to the requester only (GET_STATUS).
    case status
    /// An error reply of `type` (LOAD_FAILED, INVALID_PLAYER_STATE, INVALID_REQUEST) with extra `fields`.
    case error(type: String, fields: JSONObject)
    /// A reply of `type` (SESSION_STATE) with `fields`, to the requester only; nothing changed.
    case message(type: String, fields: JSONObject)

    static func invalidRequest(_ reason: String) -> MediaPlayerReply {
        .error(type: "INVALID_REQUEST", fields: ["reason": .string(reason)])
    }

    static let invalidPlayerState = MediaPlayerReply.error(type: "INVALID_PLAYER_STATE", fields: JSONObject())
}
