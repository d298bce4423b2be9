public import CastJSON

/// LOAD_FAILED: the media receiver could not load (protocol.md §2.8).
public struct LoadFailed: CastPayloadModel {
    /// The LOAD it answers.
    public var requestID: Int64?
    /// The queue item that failed.
    public var itemID: Int64?
    /// Why, in detail.
    public var detailedErrorCode: MediaDetailedErrorCode?
    /// A reason string, when the receiver sends one.
    public var reason: String?
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// A LOAD_FAILED.
    public init(requestID: Int64? = nil, itemID: Int64? = nil, detailedErrorCode: MediaDetailedErrorCode? = nil,
                reason: String? = nil, unknown: JSONObject = JSONObject()) {
        self.requestID = requestID
        self.itemID = itemID
        self.detailedErrorCode = detailedErrorCode
        self.reason = reason
        self.unknown = unknown
    }

    /// Reads the members; `type` must be LOAD_FAILED.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        _ = try reader.messageType([.loadFailed])
        requestID = try reader.int("requestId")
        itemID = try reader.int("itemId")
        detailedErrorCode = try reader.int("detailedErrorCode").map(MediaDetailedErrorCode.init(rawValue:))
        reason = try reader.string("reason")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("type", CastMessageType.loadFailed.rawValue)
        writer.set("requestId", requestID)
        writer.set("itemId", itemID)
        writer.set("detailedErrorCode", detailedErrorCode?.rawValue)
        writer.set("reason", reason)
        writer.appendUnknown(unknown)
    }
}
