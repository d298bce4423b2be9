import CastMedia
import CastTLS
import Foundation

/// Checks a media URL as a Cast receiver would fetch and play it: the host as the device sees it, each request
/// with a receiver's headers (HEAD, then a range request for the head), redirects, TLS against the public bundle,
/// CORS where a streaming player needs it, then what the bytes hold against the model's decoders.
/// Blocking; one check at a time per checker.
public final class MediaChecker {
    public private(set) var options: MediaCheckOptions
    /// The contentType the checker was made with (a check may set its own for itself).
    private let baseContentType: String?
    let fetcher: HTTPFetcher
    let judge: PlayabilityJudge
    private let trust: WebTrustBundle
    var report: MediaCheckReport
    /// Hosts (and https origins) already judged, so a reason is given once per host, not per request.
    private var judgedHosts: Set<String> = []
    /// Addresses connected to that were already judged.
    private var judgedAddresses: Set<String> = []

    /// A checker with `options`; throws when libcurl or the CA bundle is not usable.
    public init(options: MediaCheckOptions = MediaCheckOptions()) throws(MediaCheckError) {
        self.options = options
        baseContentType = options.contentType
        do {
            fetcher = try HTTPFetcher()
        } catch {
            throw .fetcherUnavailable(error.description)
        }
        guard FileManager.default.isReadableFile(atPath: options.trustBundlePath) else {
            throw .trustBundle(path: options.trustBundlePath, reason: "no such readable file")
        }
        do {
            trust = try WebTrustBundle(path: options.trustBundlePath)
        } catch {
            throw .trustBundle(path: options.trustBundlePath, reason: "no PEM certificate in it")
        }
        judge = PlayabilityJudge(model: options.model)
        report = MediaCheckReport(url: "", model: options.model)
    }

    /// Checks `url` and returns what was found; never throws (a failed fetch is a reason in the report).
    /// `contentType` replaces the options' for this check (a LOAD's own); nil keeps the options' own.
    public func check(_ url: String, contentType: String? = nil) -> MediaCheckReport {
        options.contentType = contentType ?? baseContentType
        report = MediaCheckReport(url: url, model: options.model)
        judgedHosts = []
        judgedAddresses = []
        serverChains = [:]
        tlsState = [:]
        defer { report.reasons = Self.ordered(report.reasons) }
        lastVariantBodies = [:]
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", components.host?.isEmpty == false else {
            add(MediaReason(.badURL, .error, "\(url) is not an absolute http or https URL",
                            fix: "give the URL exactly as the LOAD's contentId will carry it"))
            return report
        }
        let head = fetch(url, role: .head, judging: false)
        guard let response = fetch(url, role: .media, range: 0...(options.headBytes - 1)) else { return report }
        report.finalURL = response.url
        report.redirects = lastChain.redirects
        read(response, headStatus: head?.status)
        return report
    }

    /// Judges the main answer: HTTP facts, container, CORS, content type, then the container's contents.
    private func read(_ response: HTTPFetchResponse, headStatus: Int?) {
        let container = ContainerSniffer.container(of: response.body)
        report.container = container
        let stream = ContentTypes.isStream(container)
            || options.contentType.map { ContentTypes.isStream(ContentTypes.container(declared: $0)) } == true
        report.http = summary(of: response, headStatus: headStatus, corsRequired: stream)
        if stream, report.http?.corsAllowed == false { add(corsReason(response, role: .media)) }
        add(judge.judge(container: container))
        judgeContentType(served: response.mediaType, container: container)
        let honoured = response.status == 206
        switch container {
        case "mp4": readMP4(response, rangeHonoured: honoured)
        case "hls": readHLS(response)
        case "dash": readDASH(response)
        case "mpeg-ts": judgeTracks(TSProbe.probe(response.body).tracks)
        case "webm", "matroska": judgeTracks(MatroskaProbe.probe(response.body).tracks)
        case let other?:
            let probe = ContainerSniffer.probeAudio(response.body, container: other)
            judgeTracks(probe.tracks)
            if probe.tracks.isEmpty {
                add(MediaReason(.codecUnknown, .warning, "castscope does not read the codecs of \(other) files yet",
                                fix: "check the codecs with ffprobe against the device's supported-media list"))
            }
        case nil: break
        }
        // Whatever the container, a verdict left unknown says why.
        if !report.determined, let container, !report.reasons.contains(where: { $0.code == .codecUnknown }) {
            add(MediaReason(.codecUnknown, .warning, "no codec could be read from the \(container) "
                            + "(the head fetched holds no track or stream description castscope reads)",
                            fix: "check the codecs with ffprobe against the device's supported-media list"))
        }
        // A server may answer a range covering the whole file with 200; its Accept-Ranges says it does ranges.
        let acceptsRanges = response.headers["Accept-Ranges"]?.lowercased().contains("bytes") == true
        if !honoured, !acceptsRanges, !stream, container != nil {
            add(MediaReason(.rangeUnsupported, .warning, "the server answered the range request with "
                            + "\(response.status) "
                            + "and the whole file: seeking will fail", fix: "serve the file with byte-range support "
                            + "(Accept-Ranges: bytes, 206 answers)"))
        }
    }

    private func readMP4(_ response: HTTPFetchResponse, rangeHonoured: Bool) {
        // The whole file's size bounds the walk: from Content-Range, or the body itself when it all came.
        let size = report.http?.size ?? (response.bodyTruncated || rangeHonoured ? nil : response.body.count)
        var probe = MP4Probe.probe(response.body, fileSize: size)
        // The bytes in hand and where they start in the file (the head, or the chunk where the index was found).
        var known = (offset: 0, bytes: response.body)
        if probe.indexOffset == nil, let next = probe.nextBoxOffset, size.map({ next < $0 }) ?? true {
            if rangeHonoured, let tail = fetch(report.finalURL ?? report.url, role: .index,
                                               range: next...(next + options.headBytes - 1)) {
                let found = MP4Probe.probe(tail.body)
                if let offset = found.indexOffset {
                    probe.tracks = found.tracks
                    probe.indexOffset = next + offset
                    probe.indexEnd = found.indexEnd.map { next + $0 }
                    probe.error = probe.error ?? found.error
                    known = (next, tail.body)
                }
            }
            if let index = probe.indexOffset {
                add(MediaReason(.indexAtEnd, .warning, "the index (moov) starts at byte \(index), after the media: the "
                                + "device needs a second request before playing", fix: "move it to the front "
                                + "(ffmpeg -i IN -c copy -movflags +faststart OUT.mp4)"))
            } else {
                add(MediaReason(.indexAtEnd, .warning, "the index (moov) is not in the first \(options.headBytes) bytes"
                                + (rangeHonoured ? " nor where the next box starts" : " and the server ignores Range"),
                                fix: "move it to the front (ffmpeg -i IN -c copy -movflags +faststart OUT.mp4)"))
            }
        }
        if let start = probe.indexOffset, let end = probe.indexEnd {
            probe = wholeIndex(probe, start: start, end: end, known: known, rangeHonoured: rangeHonoured)
        }
        if probe.container == "fmp4" { report.container = "fmp4" }
        if let error = probe.error {
            add(MediaReason(.mediaMalformed, .warning, "the MP4 does not read past \(error)",
                            fix: "remux the file (ffmpeg -i IN -c copy OUT.mp4) and check it with ffprobe"))
        }
        judgeTracks(probe.tracks)
    }

    /// A long film's index (sample tables for every frame) runs to megabytes, so a later track may lie past the
    /// head read: fetch the rest of the index, as a player does, and probe the index whole.
    private func wholeIndex(_ probe: MediaProbe, start: Int, end: Int, known: (offset: Int, bytes: [UInt8]),
                            rangeHonoured: Bool) -> MediaProbe {
        let knownEnd = known.offset + known.bytes.count
        guard end > knownEnd, start >= known.offset, start <= knownEnd, end - start <= Self.indexLimit,
              rangeHonoured,
              let rest = fetch(report.finalURL ?? report.url, role: .index, range: knownEnd...(end - 1),
                               bodyLimit: end - knownEnd)
        else { return probe }
        var whole = MP4Probe.probe(Array(known.bytes[(start - known.offset)...]) + rest.body)
        whole.brands = probe.brands
        whole.indexOffset = start
        whole.indexEnd = end
        whole.indexAfterMedia = probe.indexAfterMedia
        if probe.container == "fmp4" { whole.container = "fmp4" }
        return whole
    }

    /// The largest index fetched whole (a two-hour film at 60 frames/s has about 10 MiB of sample tables).
    static let indexLimit = 64 << 20

    /// Adds the judge's reasons for each track, and marks the codecs as known.
    func judgeTracks(_ tracks: [MediaTrack]) {
        report.tracks += tracks
        for track in tracks {
            add(judge.judge(codec: track.codec, height: track.height, width: track.width))
            if let scheme = track.encryption { add(judge.judge(encryption: scheme)) }
        }
        if !tracks.isEmpty { report.determined = true }
    }

    private func judgeContentType(served: String?, container: String?) {
        guard let container, let expected = ContentTypes.byContainer[container] else { return }
        if let served, !expected.contains(served) {
            add(MediaReason(.contentTypeMismatch, .warning, "the server calls \(container) content \(served)",
                            fix: "serve it as \(expected.sorted().first ?? "its media type")"))
        }
        guard let declared = options.contentType, !expected.contains(ContentTypes.bare(declared)) else { return }
        let loadsAs = ContentTypes.container(declared: declared)
        let severe = ContentTypes.isStream(loadsAs) || ContentTypes.isStream(container)
        add(MediaReason(.contentTypeMismatch, severe ? .error : .warning,
                        "the LOAD's contentType \(declared) does not fit the \(container) the URL serves"
                            + (severe ? ": the receiver picks its player by it" : ""),
                        fix: "load it with contentType \(expected.sorted().first ?? container)"))
    }

    private func summary(of response: HTTPFetchResponse, headStatus: Int?, corsRequired: Bool) -> HTTPSummary {
        let allow = response.headers["Access-Control-Allow-Origin"]
        var size: Int?
        if let range = response.headers["Content-Range"], let total = range.split(separator: "/").last {
            size = Int(total)
        } else if response.status == 200, let length = response.headers["Content-Length"] {
            size = Int(length)
        }
        return HTTPSummary(
            status: response.status, headStatus: headStatus, contentType: response.mediaType, size: size,
            acceptRanges: response.headers["Accept-Ranges"], rangeHonoured: response.status == 206, allowOrigin: allow,
            corsAllowed: allows(response), corsRequired: corsRequired, peerAddress: response.peerAddress,
            tls: tlsState[origin(of: response.url) ?? ""])
    }

    /// Whether the answer's CORS header admits the receiver's origin.
    func allows(_ response: HTTPFetchResponse) -> Bool {
        guard let allow = response.headers["Access-Control-Allow-Origin"]?.trimmingCharacters(in: .whitespaces) else {
            return false
        }
        return allow == "*" || allow.caseInsensitiveCompare(options.origin) == .orderedSame
    }

    func corsReason(_ response: HTTPFetchResponse, role: FetchRole) -> MediaReason {
        let found = response.headers["Access-Control-Allow-Origin"].map { "Access-Control-Allow-Origin: \($0)" }
            ?? "no Access-Control-Allow-Origin header"
        var reason = MediaReason(.corsMissing, .error, "\(role.noun) (\(response.url)) answers the receiver's origin "
                                 + "\(options.origin) with \(found); streaming players fetch by XHR and need CORS",
                                 fix: "send Access-Control-Allow-Origin: * (or the receiver's origin) on manifests, "
                                 + "segments and keys")
        reason.resource = role.rawValue
        return reason
    }

    // MARK: Fetching

    /// The last redirect chain `fetch` followed.
    private(set) var lastChain = HTTPFetchChain(hops: [])
    /// The variant playlists fetched, by URL, for the one chosen to be read.
    var lastVariantBodies: [String: [UInt8]] = [:]
    /// Each https origin's certificate chain (PEM, leaf first), as its first connection brought it.
    private var serverChains: [String: [String]] = [:]
    /// Each https origin's TLS judgement.
    private var tlsState: [String: String] = [:]

    /// Fetches `url` as the receiver would for `role`, follows redirects, records each hop and adds the reasons the
    /// hops give (hosts, TLS, redirects, status); returns the final answer when it is a success.
    func fetch(_ url: String, role: FetchRole, range: ClosedRange<Int>? = nil, bodyLimit: Int? = nil,
               judging: Bool = true) -> HTTPFetchResponse? {
        // Every reason this fetch adds names it (a receiver's error code depends on which resource failed).
        let firstNew = report.reasons.count
        defer {
            for index in report.reasons.indices.dropFirst(firstNew) where report.reasons[index].resource == nil {
                report.reasons[index].resource = role == .head ? FetchRole.media.rawValue : role.rawValue
            }
        }
        var headers = [HTTPHeaderField("User-Agent", options.userAgent), HTTPHeaderField("Origin", options.origin)]
        if let range { headers.append(HTTPHeaderField("Range", "bytes=\(range.lowerBound)-\(range.upperBound)")) }
        let request = HTTPFetchRequest(url: url, method: role == .head ? .head : .get, headers: headers,
                                       bodyLimit: bodyLimit ?? options.headBytes, timeout: options.timeout)
        if judging { judgeHost(of: url) }
        let chain: HTTPFetchChain
        do {
            chain = try fetcher.fetchFollowingRedirects(request)
        } catch {
            record(error.chain, role: role)
            if judging { judgeHops(error.chain) }
            lastChain = error.chain
            if judging { add(Self.demoted(failureReason(error.error, role: role), for: role)) }
            return nil
        }
        lastChain = chain
        record(chain, role: role)
        guard judging else { return chain.final.flatMap { (200..<300).contains($0.status) ? $0 : nil } }
        judgeHops(chain)
        if chain.loop || chain.tooManyRedirects {
            let how = chain.loop ? "come back to a URL already visited" : "go on past \(HTTPFetcher.redirectLimit) hops"
            add(Self.demoted(MediaReason(.redirectLoop, .error, "the redirects from \(url) \(how)",
                            fix: "make the URL redirect at most a few times, to a final URL that answers 200/206"),
                             for: role))
            return nil
        }
        guard let final = chain.final else { return nil }
        guard (200..<300).contains(final.status) else {
            add(Self.demoted(statusReason(final, role: role), for: role))
            return nil
        }
        return final
    }

    /// A variant playlist that fails costs only that variant: its failure is a warning under `variant-unreachable`
    /// (the master's reading says when none answers).
    private static func demoted(_ reason: MediaReason, for role: FetchRole) -> MediaReason {
        guard role == .variant else { return reason }
        return MediaReason(.variantUnreachable, .warning, reason.message, fix: reason.fix)
    }

    private func record(_ chain: HTTPFetchChain, role: FetchRole) {
        for hop in chain.hops {
            // libcurl hands the chain over only on a new connection (a reused one has none): keep the first.
            if !hop.certificatesPEM.isEmpty, let origin = origin(of: hop.url), serverChains[origin] == nil {
                serverChains[origin] = hop.certificatesPEM
            }
            report.fetches.append(FetchSummary(role: role.rawValue, method: hop.method.rawValue, url: hop.url,
                                               status: hop.status, bytes: hop.body.count, seconds: hop.seconds))
        }
    }

    private func judgeHops(_ chain: HTTPFetchChain) {
        for (index, hop) in chain.hops.enumerated() {
            guard let components = URLComponents(string: hop.url), let host = components.host else { continue }
            let byName = judgeHost(of: hop.url)
            if byName.isEmpty, let address = hop.peerAddress, judgedAddresses.insert(address).inserted {
                add(MediaHost.reasons(address: address, host: host))
            }
            if components.scheme?.lowercased() == "https" { judgeTLS(hop, host: host) }
            if index + 1 < chain.hops.count, hop.url.lowercased().hasPrefix("https:"),
               chain.hops[index + 1].url.lowercased().hasPrefix("http:") {
                add(MediaReason(.mixedContent, .warning, "\(hop.url) redirects from https to plain http "
                                + "(\(chain.hops[index + 1].url))", fix: "serve the media over https throughout"))
            }
        }
    }

    /// Adds the reasons `url`'s host name gives, once per host; returns them (also when given before).
    @discardableResult
    private func judgeHost(of url: String) -> [MediaReason] {
        guard let host = URLComponents(string: url)?.host, !host.isEmpty else { return [] }
        let reasons = MediaHost.reasons(host: host)
        if judgedHosts.insert(host.lowercased()).inserted { add(reasons) }
        return reasons
    }

    private func judgeTLS(_ hop: HTTPFetchResponse, host: String) {
        guard let origin = origin(of: hop.url), tlsState[origin] == nil else { return }
        let pems = serverChains[origin] ?? hop.certificatesPEM
        let chain = (try? X509Certificate.certificates(fromPEM: pems.joined(separator: "\n"))) ?? []
        switch trust.evaluate(chain: chain, host: host) {
        case .trusted: tlsState[origin] = "trusted"
        case .untrusted(let reason):
            tlsState[origin] = "untrusted"
            add(MediaReason(.tlsUntrusted, .error,
                            "\(origin)'s certificate chain is not trusted by Cast devices: \(reason)",
                            fix: "use a certificate from a public CA (Let's Encrypt), with its intermediates sent"))
        case .hostnameMismatch(let subject):
            tlsState[origin] = "hostname-mismatch"
            add(MediaReason(.tlsHostname, .error, "\(origin)'s certificate (\(subject)) does not name \(host)",
                            fix: "use a certificate whose subjectAltName lists \(host)"))
        }
    }

    private func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host
        else { return nil }
        return "\(scheme.lowercased())://\(host.lowercased())" + (components.port.map { ":\($0)" } ?? "")
    }

    func add(_ reason: MediaReason) {
        if !report.reasons.contains(reason) { report.reasons.append(reason) }
    }

    func add(_ reasons: [MediaReason]) { reasons.forEach { add($0) } }

    /// Errors first, then warnings, then notes; within each, the order found.
    private static func ordered(_ reasons: [MediaReason]) -> [MediaReason] {
        reasons.enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }
            .map(\.element)
    }
}
