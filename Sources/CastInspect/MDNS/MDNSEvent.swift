public import CastJSON
public import CastLog

/// One decoded mDNS message with its addresses.
public struct MDNSEvent: Sendable {
    /// Capture time.
    public var time: LogTimestamp
    /// Source `ip:port`.
    public var source: String
    /// Destination `ip:port`.
    public var destination: String
    /// The `castscope decode dns` JSON of the message (what decoded, when it is cut).
    public var message: JSONValue
    /// The decode fault, if any.
    public var error: String?
    /// True for a legacy unicast query (source port not 5353) or the response to one.
    public var legacyUnicast: Bool
    /// True for a response, false for a query.
    public var isResponse: Bool
    /// For a response that answers an earlier query: seconds since that query.
    public var responseTime: Double?
    /// A one-line summary for the readable report.
    public var summary: String
}
