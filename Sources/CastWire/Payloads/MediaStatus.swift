public import CastJSON

/// MEDIA_STATUS: the media receiver's player state; an empty `status` list means no media session.
public struct MediaStatus: CastPayloadModel {
    /// The request answered; 0 or absent for unsolicited updates.
    public var requestID: Int64?
    /// One entry per media session.
    public var status: [MediaSessionStatus]
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// A MEDIA_STATUS.
    public init(requestID: Int64? = nil, status: [MediaSessionStatus] = [], unknown: JSONObject = JSONObject()) {
        self.requestID = requestID
        self.status = status
        self.unknown = unknown
    }

    /// Reads the members; `type` must be MEDIA_STATUS, a missing `status` reads as empty.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        _ = try reader.messageType([.mediaStatus])
        requestID = try reader.int("requestId")
        status = try reader.models("status") ?? []
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("type", CastMessageType.mediaStatus.rawValue)
        writer.set("requestId", requestID)
        writer.set("status", models: status)
        writer.appendUnknown(unknown)
    }
}
