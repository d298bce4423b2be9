import Foundation

/// Fetches URLs over one reused libcurl handle, as a Cast receiver would: no proxy, no automatic redirects (each hop
/// is kept), bounded bodies. One request at a time; blocking, so callers run it off any event loop.
public final class HTTPFetcher {
    private let curl: CurlEasy

    /// How many redirects a fetch follows before giving up (browsers stop at 20; receivers' players fewer).
    public static let redirectLimit = 10

    /// A fetcher, or `.unavailable` when libcurl cannot be set up.
    public init() throws(HTTPFetchError) {
        guard let curl = CurlEasy() else { throw .unavailable(reason: "curl_easy_init failed") }
        self.curl = curl
    }

    /// Sends one request and returns the answer as it came (a 3xx is an answer, not followed).
    public func fetch(_ request: HTTPFetchRequest) throws(HTTPFetchError) -> HTTPFetchResponse {
        let transfer = CurlTransfer(
            url: request.url, method: request.method.rawValue,
            headerLines: request.headers.map { "\($0.name): \($0.value)" },
            bodyLimit: request.bodyLimit, timeoutMilliseconds: max(1, Int(request.timeout * 1000)),
            collectCertificates: request.collectCertificates)
        let outcome = curl.perform(transfer)
        if let failure = outcome.failure { throw Self.error(code: outcome.code, url: request.url, reason: failure,
                                                            timeout: request.timeout) }
        let statusLine = outcome.headerLines.first ?? ""
        let fields = outcome.headerLines.dropFirst().compactMap(Self.field)
        return HTTPFetchResponse(
            url: request.url, method: request.method, status: outcome.status, statusLine: statusLine,
            headers: HTTPHeaders(fields), body: outcome.body, bodyTruncated: outcome.bodyTruncated,
            redirectTarget: outcome.redirectURL, peerAddress: outcome.primaryAddress,
            certificatesPEM: outcome.certificatesPEM, seconds: outcome.seconds)
    }

    /// Sends `request` and follows its redirects (the same method and fields to each new URL), stopping at a URL
    /// already visited or after `redirectLimit` hops. A failure on a later hop keeps the hops before it in the error's
    /// company: it is thrown with the chain so far.
    public func fetchFollowingRedirects(_ request: HTTPFetchRequest)
        throws(HTTPFetchChainError) -> HTTPFetchChain {
        var chain = HTTPFetchChain(hops: [])
        var next = request
        var visited: Set<String> = []
        while true {
            visited.insert(next.url)
            let response: HTTPFetchResponse
            do {
                response = try fetch(next)
            } catch {
                throw HTTPFetchChainError(chain: chain, error: error)
            }
            chain.hops.append(response)
            guard response.isRedirect, let target = response.redirectTarget else { return chain }
            if visited.contains(target) {
                chain.loop = true
                return chain
            }
            if chain.hops.count > Self.redirectLimit {
                chain.tooManyRedirects = true
                return chain
            }
            next.url = target
        }
    }

    private static func field(_ line: String) -> HTTPHeaderField? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : HTTPHeaderField(name, value)
    }

    /// Sorts libcurl's codes into the failures a user tells apart (curl.h's CURLcode numbers).
    private static func error(code: Int, url: String, reason: String, timeout: Double) -> HTTPFetchError {
        switch code {
        case 1, 3: .badURL(url, reason: reason)                       // UNSUPPORTED_PROTOCOL, URL_MALFORMAT
        case 6: .unresolved(url, reason: reason)                      // COULDNT_RESOLVE_HOST
        case 7: .connectFailed(url, reason: reason)                   // COULDNT_CONNECT
        case 28: .timedOut(url, seconds: timeout)                     // OPERATION_TIMEDOUT
        case 35, 53, 54, 58, 59, 64, 66, 80, 83, 90, 91: .tlsFailed(url, reason: reason)  // SSL_* codes
        default: .failed(url, reason: reason)
        }
    }
}

/// A failed hop of a redirect chain, with the hops answered before it.
public struct HTTPFetchChainError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The hops that were answered.
    public var chain: HTTPFetchChain
    /// What went wrong on the next one.
    public var error: HTTPFetchError

    public var description: String { error.description }
}
