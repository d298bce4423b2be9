public import CastJSON

/// A message of the `tp.heartbeat` namespace: PING or PONG (protocol.md §2.7).
public struct HeartbeatMessage: CastPayloadModel {
    /// PING or PONG.
    public var type: CastMessageType
    /// pychromecast puts a requestId on its PINGs; devices do not.
    public var requestID: Int64?
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// A PING or PONG.
    public init(type: CastMessageType, requestID: Int64? = nil, unknown: JSONObject = JSONObject()) {
        self.type = type
        self.requestID = requestID
        self.unknown = unknown
    }

    /// Reads the members; `type` must be PING or PONG.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        type = try reader.messageType([.ping, .pong])
        requestID = try reader.int("requestId")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("type", type.rawValue)
        writer.set("requestId", requestID)
        writer.appendUnknown(unknown)
    }
}
