public import CastJSON

/// The JSON member names every Cast payload shares (protocol.md §2.4), so code outside the payload models never
/// spells them, and the one place a request id or a type is read from a payload.
public enum CastPayloadField {
    /// `type`: the message type.
    public static let type = "type"
    /// `requestId`: pairs a request with its reply; 0 or absent on unsolicited messages.
    public static let requestID = "requestId"
    /// `sessionId`: the receiver app's session.
    public static let sessionID = "sessionId"
    /// `mediaSessionId`: the media session inside an app.
    public static let mediaSessionID = "mediaSessionId"
}

extension JSONValue {
    /// The payload's `requestId`, when it is an integer.
    public var castRequestID: Int64? { self[CastPayloadField.requestID]?.intValue }

    /// The payload's `type`, when it is a string.
    public var castMessageType: CastMessageType? {
        self[CastPayloadField.type]?.stringValue.map(CastMessageType.init(rawValue:))
    }
}

extension CastMessageType {
    /// The wire string as a JSON value, for a payload's `type` member.
    public var json: JSONValue { .string(rawValue) }
}

extension CastMessage {
    /// The JSON payload's `requestId`; nil for binary payloads, text that is not JSON, or no integer id.
    public var requestID: Int64? {
        guard payloadType == .string, let text = payloadUTF8 else { return nil }
        return (try? JSONValue(parsing: text))?.castRequestID
    }
}
