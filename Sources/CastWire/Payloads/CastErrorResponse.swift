public import CastJSON

/// An error reply: LAUNCH_ERROR, INVALID_REQUEST, INVALID_PLAYER_STATE, LOAD_CANCELLED or ERROR (protocol.md §2.8).
public struct CastErrorResponse: CastPayloadModel {
    /// The reply type.
    public var type: CastMessageType
    /// The request it answers.
    public var requestID: Int64?
    /// E.g. LAUNCH_ERROR `NOT_FOUND`, `CANCELLED`; INVALID_REQUEST `INVALID_COMMAND`, `INVALID_SESSION_ID`.
    public var reason: String?
    /// Keys this model does not know (e.g. `customData`).
    public var unknown: JSONObject

    /// The types this model reads.
    public static let types: [CastMessageType] = [.launchError, .invalidRequest, .invalidPlayerState, .loadCancelled,
                                                  .error]

    /// An error reply.
    public init(type: CastMessageType, requestID: Int64? = nil, reason: String? = nil,
                unknown: JSONObject = JSONObject()) {
        self.type = type
        self.requestID = requestID
        self.reason = reason
        self.unknown = unknown
    }

    /// Reads the members; `type` must be one of `types`.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        type = try reader.messageType(Self.types)
        requestID = try reader.int("requestId")
        reason = try reader.string("reason")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("type", type.rawValue)
        writer.set("requestId", requestID)
        writer.set("reason", reason)
        writer.appendUnknown(unknown)
    }
}
