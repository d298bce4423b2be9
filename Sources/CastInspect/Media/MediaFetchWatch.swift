import CastLog
import CastTLS
import CastWire
import Foundation

/// Follows the media path in a capture: each LOAD's contentId (from the Cast connections), then the connections
/// the device (the Cast connection's server address) opened to that URL's host — matched by the Host header of
/// plain http or the TLS server name, or by the address when the URL names one — with their heads, chains and
/// alerts. At the end it reports each fetch as a `media-fetch` event and what went wrong as findings. Bounded: at
/// most `maximumLoads` LOADs and `maximumFetches` candidate connections are kept.
struct MediaFetchWatch {
    static let maximumLoads = 256, maximumFetches = 4096, fetchesPerLoad = 16
    /// How long after a LOAD the device is expected to have connected to the media host.
    static let fetchWindow = 10.0

    struct Load {
        var contentID: String
        var contentType: String?
        var device: IPAddressBytes
        var time: LogTimestamp
        var url: URLComponents?
    }

    /// A connection that may carry media fetches: plain HTTP with its heads, or TLS with its server name.
    struct Candidate {
        var flow: String
        var client: FlowEndpoint
        var server: FlowEndpoint
        var time: LogTimestamp
        var serverName: String?
        /// Requests and responses in order (the n-th response answers the n-th request).
        var requests: [(head: HTTPHead, time: LogTimestamp)] = []
        var responses: [(head: HTTPHead, time: LogTimestamp)] = []
        var chain: [[UInt8]] = []
        var alert: String?
        var isTLS = false
    }

    /// One request (and its answer, when seen) that may fetch a LOAD's media.
    struct Exchange {
        var fetch: Candidate
        var index: Int?
        var time: LogTimestamp
    }

    private(set) var loads: [Load] = []
    /// Whether some candidate brought a certificate chain to judge.
    var needsTrust: Bool { candidates.values.contains { !$0.chain.isEmpty } }
    private var candidates: [String: Candidate] = [:]
    /// Unicast DNS messages seen (at most `maximumFetches`).
    private var lookups: [DNSSighting] = []
    private var order: [String] = []

    mutating func noteLoad(contentID: String, contentType: String?, device: IPAddressBytes, time: LogTimestamp) {
        guard loads.count < Self.maximumLoads else { return }
        loads.append(Load(contentID: contentID, contentType: contentType, device: device, time: time,
                          url: URLComponents(string: contentID)))
    }

    /// The candidate for `state`'s connection, made on first sight.
    private mutating func candidate(_ state: TCPConnectionState, _ body: (inout Candidate) -> Void) {
        if candidates[state.flow] == nil {
            guard candidates.count < Self.maximumFetches else { return }
            candidates[state.flow] = Candidate(flow: state.flow, client: state.client, server: state.server,
                                               time: state.firstTime)
            order.append(state.flow)
        }
        guard var fetch = candidates[state.flow] else { return }
        body(&fetch)
        candidates[state.flow] = fetch
    }

    /// One head of a plain-HTTP connection.
    mutating func noteHead(_ head: HTTPHead, direction: FlowDirection, time: LogTimestamp, state: TCPConnectionState) {
        candidate(state) { fetch in
            switch (direction, head.startLine) {
            case (.c2s, .request):
                fetch.requests.append((head, time))
                if fetch.serverName == nil { fetch.serverName = head["Host"] }
            case (.s2c, .response): fetch.responses.append((head, time))
            default: break
            }
        }
    }

    mutating func noteDNS(_ sighting: DNSSighting) {
        if lookups.count < Self.maximumFetches { lookups.append(sighting) }
    }

    mutating func noteTLS(serverName: String?, state: TCPConnectionState) {
        candidate(state) { fetch in
            fetch.isTLS = true
            fetch.serverName = serverName ?? fetch.serverName
        }
    }

    mutating func noteChain(_ chain: [[UInt8]], state: TCPConnectionState) {
        candidate(state) { fetch in if fetch.chain.isEmpty { fetch.chain = chain } }
    }

    mutating func noteAlert(_ text: String, state: TCPConnectionState) {
        candidate(state) { fetch in if fetch.alert == nil { fetch.alert = text } }
    }

    /// Each LOAD's fetches as events, and the findings: a failed status, no CORS where a streaming player needs
    /// it, a chain the device will not trust, a fatal alert, or no connection at all within `fetchWindow`.
    func finish(captureTime: LogTimestamp, trust: WebTrustBundle?) -> (events: [MediaFetchEvent], findings: [Finding]) {
        var events: [MediaFetchEvent] = []
        var findings: [Finding] = []
        for load in loads {
            guard let url = load.url, let host = url.host?.lowercased(), !host.isEmpty else { continue }
            let https = url.scheme?.lowercased() == "https"
            let resolution = resolution(of: host, by: load)
            findings += Self.findings(resolution, host: host, load: load)
            let matched = exchanges(for: load, url: url, host: host, https: https, addresses: resolution.addresses)
                .prefix(Self.fetchesPerLoad)
            if matched.isEmpty {
                let waited = captureTime.timeIntervalSince1970 - load.time.timeIntervalSince1970
                if waited >= Self.fetchWindow {
                    findings.append(Finding(
                        .warn, "media.no-fetch", "no connection from the device to \(host) after the LOAD of "
                            + load.contentID,
                        detail: "the capture goes on \(Int(waited)) s after the LOAD and shows none: the device could "
                            + "not resolve or reach the host, or refused the URL before fetching; or the capture does "
                            + "not see the device's own traffic (capture on its network: the access point or a mirror "
                            + "port), or it resolved to an address the URL does not name"
                            + (resolution.addresses.isEmpty ? "" : "; it resolved \(host) to "
                               + resolution.addresses.joined(separator: ", ")), time: load.time))
                }
                continue
            }
            for exchange in matched {
                var event = Self.event(exchange, load: load, https: https, host: host, trust: trust)
                event.resolver = resolution.resolver
                event.addresses = resolution.addresses
                events.append(event)
                findings += Self.findings(event, load: load)
            }
        }
        return (events, findings)
    }

    /// The device's requests for the LOAD's URL made after it (plain http: the request's target is the URL's
    /// path and query), or its TLS connections to the host after it (https: the path is encrypted).
    /// How the device resolved `host` around the LOAD: the resolver it asked, the addresses it got, a failure.
    struct Resolution {
        var resolver: String?
        var addresses: [String] = []
        var failure: (rcode: UInt8, time: LogTimestamp)?
        var unanswered: LogTimestamp?
    }

    private func resolution(of host: String, by load: Load) -> Resolution {
        var result = Resolution()
        let since = load.time.timeIntervalSince1970 - 1
        var asked: [LogTimestamp] = []
        for sighting in lookups
        where sighting.client.ip == load.device && sighting.name == host
            && sighting.time.timeIntervalSince1970 >= since {
            result.resolver = result.resolver ?? sighting.resolver.text
            guard sighting.isResponse else {
                asked.append(sighting.time)
                continue
            }
            asked.removeFirst(min(1, asked.count))
            if sighting.rcode != 0 { result.failure = result.failure ?? (sighting.rcode, sighting.time) }
            for address in sighting.addresses where !result.addresses.contains(address) {
                result.addresses.append(address)
            }
        }
        if result.addresses.isEmpty, result.failure == nil { result.unanswered = asked.first }
        return result
    }

    private static func findings(_ resolution: Resolution, host: String, load: Load) -> [Finding] {
        let resolver = resolution.resolver ?? "?"
        // Public resolvers (Google's, Cloudflare's, Quad9) answer only names in public DNS.
        let publicResolver = ["8.8.8.8", "8.8.4.4", "1.1.1.1", "1.0.0.1", "9.9.9.9", "2001:4860:4860::8888",
                              "2001:4860:4860::8844"].contains(resolver)
        let hint = publicResolver ? "; the device asked a public resolver, which knows no LAN-only names" : ""
        if let failure = resolution.failure, resolution.addresses.isEmpty {
            let name = failure.rcode == 3 ? "NXDOMAIN (no such name)" : "rcode \(failure.rcode)"
            return [Finding(.error, "media.dns-failed", "the device's DNS query for \(host) to \(resolver) got \(name)",
                            detail: "after the LOAD of \(load.contentID)\(hint); use a name in public DNS or an "
                                + "address",
                            time: failure.time)]
        }
        if let asked = resolution.unanswered {
            return [Finding(.warn, "media.dns-failed",
                            "the device's DNS query for \(host) to \(resolver) got no answer",
                            detail: "after the LOAD of \(load.contentID): the resolver did not answer in the capture"
                                + hint, time: asked)]
        }
        return []
    }

    private func exchanges(for load: Load, url: URLComponents, host: String, https: Bool,
                           addresses: [String]) -> [Exchange] {
        let after = load.time.timeIntervalSince1970
        let target = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
        let wanted = target + (url.percentEncodedQuery.map { "?" + $0 } ?? "")
        var found: [Exchange] = []
        for fetch in order.compactMap({ candidates[$0] })
        where fetch.client.ip == load.device
            && (Self.names(fetch, host: host, port: url.port ?? (https ? 443 : 80))
                || addresses.contains(fetch.server.text) && Int(fetch.server.port) == url.port ?? (https ? 443 : 80)) {
            if fetch.isTLS {
                if fetch.time.timeIntervalSince1970 >= after {
                    found.append(Exchange(fetch: fetch, index: nil, time: fetch.time))
                }
                continue
            }
            for (index, request) in fetch.requests.enumerated() where request.time.timeIntervalSince1970 >= after {
                guard case .request(_, let requested, _) = request.head.startLine else { continue }
                // An absolute-form target (through a proxy) ends with the same path.
                if requested == wanted || requested.hasSuffix("://" + (url.host ?? "") + wanted)
                    || requested.hasSuffix(wanted) && requested.hasPrefix("http") {
                    found.append(Exchange(fetch: fetch, index: index, time: request.time))
                }
            }
        }
        return found
    }

    private static func names(_ fetch: Candidate, host: String, port: Int) -> Bool {
        if let name = fetch.serverName?.lowercased() {
            let bare = name.hasPrefix("[") ? String(name.prefix { $0 != "]" }.dropFirst())
                : String(name.split(separator: ":").first ?? "")
            if bare == host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) { return true }
        }
        return fetch.server.text == host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            && Int(fetch.server.port) == port
    }

    private static func event(_ exchange: Exchange, load: Load, https: Bool, host: String,
                              trust: WebTrustBundle?) -> MediaFetchEvent {
        let fetch = exchange.fetch
        var event = MediaFetchEvent(time: exchange.time, flow: fetch.flow, device: fetch.client.text,
                                    contentID: load.contentID, loadTime: load.time, scheme: https ? "https" : "http",
                                    serverName: fetch.serverName)
        if let index = exchange.index {
            let request = fetch.requests[index].head
            if case .request(let method, let target, _) = request.startLine {
                event.method = method
                event.target = target
                event.range = request["Range"]
                event.origin = request["Origin"]
            }
            if index < fetch.responses.count, case .response(_, let status, _) = fetch.responses[index].head.startLine {
                let response = fetch.responses[index].head
                event.status = status
                event.contentType = response["Content-Type"]
                event.allowOrigin = response["Access-Control-Allow-Origin"]
            }
        }
        event.alert = fetch.alert
        if fetch.isTLS, let trust, !fetch.chain.isEmpty {
            let chain = fetch.chain.compactMap { try? X509Certificate(derBytes: $0) }
            let when = Date(timeIntervalSince1970: fetch.time.timeIntervalSince1970)
            switch trust.evaluate(chain: chain, host: host, at: when) {
            case .trusted: event.tls = "trusted"
            case .untrusted(let reason): event.tls = "untrusted: " + reason
            case .hostnameMismatch: event.tls = "hostname-mismatch"
            }
        }
        return event
    }

    private static func findings(_ event: MediaFetchEvent, load: Load) -> [Finding] {
        var findings: [Finding] = []
        let what = "\(event.method ?? "fetch") \(event.target ?? event.contentID)"
        if let status = event.status, status >= 400 {
            findings.append(Finding(.error, "media.fetch-failed", "the device's \(what) got HTTP \(status)",
                                    detail: "after the LOAD of \(load.contentID); the server refused the device's "
                                        + "request (no cookies, no Referer, a Cast User-Agent)",
                                    time: event.time, flow: event.flow))
        }
        if event.method != nil, event.status == nil {
            findings.append(Finding(.warn, "media.fetch-failed", "the device's \(what) got no answer in the capture",
                                    detail: "the server never answered (or the capture ended first): a device gives up "
                                        + "after its timeout", time: event.time, flow: event.flow))
        }
        if let alert = event.alert, alert.hasPrefix("fatal") {
            findings.append(Finding(.error, "media.fetch-failed", "the device's TLS connection to "
                                        + "\(event.serverName ?? event.contentID) ended with alert \(alert)",
                                    detail: "the handshake failed: the device refused the server's certificate, "
                                        + "or they share no protocol version or cipher", time: event.time,
                                    flow: event.flow))
        }
        if let tls = event.tls, tls != "trusted" {
            findings.append(Finding(.error, "media.tls-untrusted", "the media server's certificate: \(tls)",
                                    detail: "judged against the public CA bundle a Cast device trusts; use a "
                                        + "certificate from a public CA naming the host", time: event.time,
                                    flow: event.flow))
        }
        let stream = ContentTypeKind.isStream(contentType: load.contentType, path: load.url?.path ?? "")
        if stream, event.status.map({ (200..<300).contains($0) }) == true, event.allowOrigin == nil {
            findings.append(Finding(.error, "media.cors-missing", "the device's \(what) was answered without "
                                        + "Access-Control-Allow-Origin", detail: "HLS and DASH players on the receiver "
                                        + "fetch by XHR: without CORS the browser engine discards the answer",
                                    time: event.time, flow: event.flow))
        }
        return findings
    }
}

/// Whether a LOAD's content is an adaptive stream, from its contentType or its URL's extension.
enum ContentTypeKind {
    static func isStream(contentType: String?, path: String) -> Bool {
        let type = contentType?.lowercased() ?? ""
        return type.contains("mpegurl") || type.contains("dash+xml") || path.hasSuffix(".m3u8")
            || path.hasSuffix(".mpd")
    }
}
