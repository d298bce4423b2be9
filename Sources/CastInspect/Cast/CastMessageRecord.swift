public import CastJSON
public import CastLog
public import CastWire

/// One Cast message found in a connection, with where and when, and what the reconstructor made of it.
public struct CastMessageRecord: Sendable {
    /// Capture time of the packet that completed the frame.
    public var time: LogTimestamp
    /// The flow (`client ip:port-server ip:port`).
    public var flow: String
    /// Which way it went.
    public var direction: FlowDirection
    /// Offset of the frame in the direction's application byte stream.
    public var offset: Int
    /// The decoded message.
    public var message: CastMessage
    /// The payload as a JSON tree, for the message types the reconstructor reads in depth (receiver status and
    /// errors); nil for others (their JSON is in `message.payloadUTF8`).
    public var payload: JSONValue?
    /// The payload's top-level `type`, if any.
    public var type: String?
    /// `type` in the vocabulary, nil when the payload has none.
    public var messageType: CastMessageType? { type.map(CastMessageType.init(rawValue:)) }
    /// The payload's top-level `requestId`, if any.
    public var requestID: Int64?
    /// For a reply: the request's type and the time since it (seconds).
    public var reply: (requestType: String, latency: Double)?
    /// For a device's AuthResponse (deviceauth namespace): the device, its policy and the verdict.
    public var deviceAuth: DeviceAuthSummary?
}
