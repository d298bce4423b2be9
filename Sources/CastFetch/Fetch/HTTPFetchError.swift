/// Why no HTTP answer came: each case names the URL and says what failed in words a user can act on.
public enum HTTPFetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL is not an absolute http(s) URL libcurl accepts.
    case badURL(String, reason: String)
    /// The host name did not resolve.
    case unresolved(String, reason: String)
    /// No TCP connection (refused, unreachable).
    case connectFailed(String, reason: String)
    /// The TLS handshake failed (before any certificate judgement: protocol, alert).
    case tlsFailed(String, reason: String)
    /// Nothing or not all came within the timeout.
    case timedOut(String, seconds: Double)
    /// Anything else libcurl reported.
    case failed(String, reason: String)
    /// libcurl could not be set up.
    case unavailable(reason: String)

    public var description: String {
        switch self {
        case .badURL(let url, let reason): "\(url): not a URL castscope can fetch (\(reason))"
        case .unresolved(let url, let reason): "\(url): the host name did not resolve (\(reason))"
        case .connectFailed(let url, let reason): "\(url): no connection (\(reason))"
        case .tlsFailed(let url, let reason): "\(url): the TLS handshake failed (\(reason))"
        case .timedOut(let url, let seconds): "\(url): no complete answer within \(Self.seconds(seconds))"
        case .failed(let url, let reason): "\(url): \(reason)"
        case .unavailable(let reason): "libcurl is not usable: \(reason)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
