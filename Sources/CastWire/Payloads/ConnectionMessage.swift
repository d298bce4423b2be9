public import CastJSON

/// A message of the `tp.connection` namespace: CONNECT, CLOSE or CONNECTED (protocol.md §2.4).
public struct ConnectionMessage: CastPayloadModel {
    /// CONNECT, CLOSE or CONNECTED.
    public var type: CastMessageType
    /// CONNECT: 0 strong, 2 invisible (Chromium).
    public var connType: Int64?
    /// CONNECT: the sender's user agent.
    public var userAgent: String?
    /// CONNECT: origin object (usually `{}`).
    public var origin: JSONObject?
    /// CONNECT: sdkType, version, platform, connectionType...
    public var senderInfo: JSONObject?
    /// CLOSE: 5 = closed by peer (Chromium).
    public var reasonCode: Int64?
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// The CLOSE `reasonCode` a side sends when it closes the virtual connection itself (Chromium's
    /// "closed by peer", 5).
    public static let closedByPeerReasonCode: Int64 = 5

    /// A message with the given members.
    public init(type: CastMessageType, connType: Int64? = nil, userAgent: String? = nil, origin: JSONObject? = nil,
                senderInfo: JSONObject? = nil, reasonCode: Int64? = nil, unknown: JSONObject = JSONObject()) {
        self.type = type
        self.connType = connType
        self.userAgent = userAgent
        self.origin = origin
        self.senderInfo = senderInfo
        self.reasonCode = reasonCode
        self.unknown = unknown
    }

    /// Reads the members; `type` must be CONNECT, CLOSE or CONNECTED.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        type = try reader.messageType([.connect, .close, .connected])
        connType = try reader.int("connType")
        userAgent = try reader.string("userAgent")
        origin = try reader.object("origin")
        senderInfo = try reader.object("senderInfo")
        reasonCode = try reader.int("reasonCode")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("type", type.rawValue)
        writer.set("userAgent", userAgent)
        writer.set("connType", connType)
        writer.set("origin", origin)
        writer.set("senderInfo", senderInfo)
        writer.set("reasonCode", reasonCode)
        writer.appendUnknown(unknown)
    }
}
