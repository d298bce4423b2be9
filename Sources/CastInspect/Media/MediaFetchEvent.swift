public import CastLog

/// One connection a Cast device made to a LOAD's media host, as the capture shows it: the LOAD it follows, the HTTP
/// request and response heads (plain http), or the TLS server name, chain verdict and alert (https).
public struct MediaFetchEvent: Sendable {
    /// When the connection started.
    public var time: LogTimestamp
    public var flow: String
    /// The device's address (the fetch's client).
    public var device: String
    /// The LOAD's contentId and when it was sent.
    public var contentID: String
    public var loadTime: LogTimestamp
    /// `http` or `https`.
    public var scheme: String
    /// The Host header (http) or the TLS server name (https).
    public var serverName: String?
    /// The first request's method, target, Range and Origin (plain http).
    public var method: String?
    public var target: String?
    public var range: String?
    public var origin: String?
    /// The first response's status, Content-Type and Access-Control-Allow-Origin (plain http).
    public var status: Int?
    public var contentType: String?
    public var allowOrigin: String?
    /// The chain's verdict against the public bundle (https): `trusted`, `untrusted`, `hostname-mismatch`.
    public var tls: String?
    /// A TLS alert either side sent (https), `level name`.
    public var alert: String?
    /// The resolver the device asked for the host, and the addresses it got (empty when the URL names an address
    /// or no lookup was captured).
    public var resolver: String?
    public var addresses: [String] = []
}
