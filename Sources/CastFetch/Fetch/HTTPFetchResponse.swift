import Foundation

/// What a server answered to one request (one hop of a redirect chain).
public struct HTTPFetchResponse: Sendable, Hashable {
    /// The URL this hop asked for.
    public var url: String
    public var method: HTTPFetchRequest.Method
    /// The status code (0 when no response came).
    public var status: Int
    /// The status line's reason phrase and version, e.g. `HTTP/1.1 206 Partial Content`.
    public var statusLine: String
    public var headers: HTTPHeaders
    /// The body, at most the request's limit.
    public var body: [UInt8]
    /// True when the body went on past the limit (it was not all read).
    public var bodyTruncated: Bool
    /// The absolute URL a 3xx answer points to.
    public var redirectTarget: String?
    /// The address the connection went to.
    public var peerAddress: String?
    /// The server's certificate chain as PEM, leaf first (https only).
    public var certificatesPEM: [String]
    /// How long the exchange took.
    public var seconds: Double

    /// An answer to `method url` with `status`.
    public init(url: String, method: HTTPFetchRequest.Method, status: Int, statusLine: String = "",
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], bodyTruncated: Bool = false,
                redirectTarget: String? = nil, peerAddress: String? = nil, certificatesPEM: [String] = [],
                seconds: Double = 0) {
        self.url = url
        self.method = method
        self.status = status
        self.statusLine = statusLine
        self.headers = headers
        self.body = body
        self.bodyTruncated = bodyTruncated
        self.redirectTarget = redirectTarget
        self.peerAddress = peerAddress
        self.certificatesPEM = certificatesPEM
        self.seconds = seconds
    }

    /// A 3xx answer with somewhere to go.
    public var isRedirect: Bool { (300..<400).contains(status) && redirectTarget != nil }

    /// The Content-Type's media type, lower-cased, without parameters (`video/mp4`).
    public var mediaType: String? {
        guard let value = headers["Content-Type"] else { return nil }
        let type = ContentTypes.bare(value)
        return type.isEmpty ? nil : type
    }
}

/// A request followed through its redirects: every hop, in order.
public struct HTTPFetchChain: Sendable, Hashable {
    /// Each answer, the first request's first; the last is the final answer unless `loop` or `tooManyRedirects`.
    public var hops: [HTTPFetchResponse]
    /// True when a redirect pointed back to a URL already visited.
    public var loop = false
    /// True when the redirects went on past the limit.
    public var tooManyRedirects = false

    /// The final answer.
    public var final: HTTPFetchResponse? { hops.last }
    /// The URLs redirected to, in order.
    public var redirects: [String] { hops.dropFirst().map(\.url) }
}
