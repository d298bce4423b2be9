import CastMedia

extension MediaChecker {
    /// The reason a fetch that got no answer gives.
    func failureReason(_ error: HTTPFetchError, role: FetchRole) -> MediaReason {
        let what = role.noun
        switch error {
        case .badURL(let url, let reason):
            return MediaReason(.badURL, .error, "\(what) (\(url)) is not a URL a receiver can fetch: \(reason)",
                               fix: "use an absolute http or https URL")
        case .unresolved(let url, _):
            return MediaReason(.unresolved, .error, "\(what) (\(url)): the host name does not resolve here",
                               fix: "use a name in public DNS, or the server's address")
        case .connectFailed(let url, let reason):
            return MediaReason(.connectFailed, .error, "\(what) (\(url)): no connection (\(reason))",
                               fix: "check the server is running, listens on the LAN address, and no firewall "
                                   + "blocks it")
        case .tlsFailed(let url, let reason):
            return MediaReason(.tlsFailed, .error, "\(what) (\(url)): the TLS handshake failed (\(reason))",
                               fix: "serve TLS 1.2 or later with a certificate from a public CA")
        case .timedOut(let url, let seconds):
            return MediaReason(.timeout, .error, "\(what) (\(url)) did not answer within \(Int(seconds)) s",
                               fix: "check the server is reachable and answers promptly; devices give up too")
        case .failed(let url, let reason):
            return MediaReason(.fetchFailed, .error, "\(what) (\(url)) could not be fetched: \(reason)",
                               fix: "fetch it with curl -v from the device's network to see why")
        case .unavailable(let reason):
            return MediaReason(.fetchFailed, .error, "no fetch was possible: \(reason)", fix: "reinstall libcurl")
        }
    }

    /// The reason a non-success status gives.
    func statusReason(_ response: HTTPFetchResponse, role: FetchRole) -> MediaReason {
        let status = response.status
        let line = response.statusLine.isEmpty ? "HTTP \(status)" : response.statusLine
        let fix: String
        switch status {
        case 300..<400: fix = "send a Location header with the redirect, or serve the media at this URL"
        case 401, 403:
            fix = "allow the device's requests: Cast devices send no cookies or Referer and their own User-Agent; "
                + "signed URLs must outlive the playback"
        case 404, 410: fix = "check the URL: it must name the file as the server (and the device) sees it"
        case 416: fix = "answer range requests within the file's size"
        case 500..<600: fix = "check the server's own log for the failure"
        default: fix = "make the URL answer 200 or 206 to a GET"
        }
        return MediaReason(.httpStatus, .error, "\(role.noun) (\(response.url)) answered \(line)", fix: fix)
    }
}
