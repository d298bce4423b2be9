import CastMedia
import Foundation

extension MediaChecker {
    /// An HLS playlist: a master's variants judged by their CODECS and RESOLUTION, their playlists fetched, then the
    /// chosen variant's first segment (and its initialization section) fetched and read, as a receiver starts.
    func readHLS(_ response: HTTPFetchResponse) {
        let playlist = HLSPlaylist(parsing: response.body)
        if let error = playlist.error { add(malformed(error, url: response.url)) }
        guard playlist.kind == .master else {
            readMediaPlaylist(playlist, url: response.url)
            return
        }
        var chosen: (variant: HLSPlaylist.Variant, url: String)?
        var firstRefusal: [MediaReason] = []
        for variant in playlist.variants {
            let reasons = variant.codecs.flatMap {
                judge.judge(codec: $0, height: variant.height, width: variant.width)
            }
            let errors = reasons.filter { $0.severity == .error }
            let resolved = resolve(variant.uri, against: response.url)
            var summary = VariantSummary(uri: variant.uri, bandwidth: variant.bandwidth, codecs: variant.codecs,
                                         width: variant.width, height: variant.height, playable: errors.isEmpty)
            if report.variants.count < options.variantLimit, let resolved {
                summary.status = fetchVariant(resolved)
            }
            report.variants.append(summary)
            add(reasons.filter { $0.severity != .error })
            if errors.isEmpty, chosen == nil, let resolved, summary.status.map({ (200..<300).contains($0) }) ?? true {
                chosen = (variant, resolved)
            }
            if !errors.isEmpty && firstRefusal.isEmpty { firstRefusal = errors }
        }
        let withCodecs = playlist.variants.filter { !$0.codecs.isEmpty }
        if !withCodecs.isEmpty { report.determined = true }
        if chosen == nil, !firstRefusal.isEmpty, withCodecs.count == playlist.variants.count {
            add(firstRefusal)
            add(MediaReason(.codecUnsupported, .error, "none of the \(playlist.variants.count) variants plays on "
                            + options.model.name, fix: "add a variant in H.264 High Profile ≤ 4.1 with AAC audio"))
            return
        }
        let fetched = report.variants.compactMap(\.status)
        if chosen == nil, !fetched.isEmpty, !fetched.contains(where: { (200..<300).contains($0) }) {
            add(MediaReason(.variantUnreachable, .error, "none of the variant playlists fetched answered",
                            fix: "make the variant URIs reachable from the device (relative to the master's URL)"))
            return
        }
        for variant in report.variants where !variant.playable {
            let codecs = variant.codecs.joined(separator: ",")
            add(MediaReason(.codecUnsupported, .info, "variant \(variant.uri) (\(codecs)) "
                            + "is skipped on \(options.model.name)", fix: "nothing to do while another variant plays"))
        }
        guard let chosen, let body = lastVariantBodies[chosen.url] else { return }
        readMediaPlaylist(HLSPlaylist(parsing: body), url: chosen.url)
        compareDeclared(chosen.variant)
    }

    /// A player picks variants by their CODECS: segments holding another profile or level than declared fail
    /// after the choice (the decoder refuses what the variant promised it would not need).
    private func compareDeclared(_ variant: HLSPlaylist.Variant) {
        let declared = variant.codecs.map(CodecIdentity.init)
        for track in report.tracks {
            let found = CodecIdentity(codec: track.codec)
            guard found.profile != nil || found.level != nil,
                  let claim = declared.first(where: { $0.family == found.family }) else { continue }
            if claim.profile != found.profile || (claim.level ?? 0) < (found.level ?? 0) {
                add(MediaReason(.codecsMismatch, .warning, "variant \(variant.uri) declares CODECS \(claim.codec) but "
                                + "its first segment holds \(track.codec)", fix: "make CODECS say what the "
                                + "segments hold: players choose variants by it"))
            }
        }
    }

    /// Fetches a variant's playlist (CORS required), keeps its body, and returns its status (nil when none came).
    private func fetchVariant(_ url: String) -> Int? {
        guard let response = fetch(url, role: .variant) else { return lastChain.final?.status ?? 0 }
        if !allows(response) { add(corsReason(response, role: .variant)) }
        lastVariantBodies[url] = response.body
        return response.status
    }

    /// A media playlist: its keys, then its initialization section and first segment fetched and read.
    private func readMediaPlaylist(_ playlist: HLSPlaylist, url: String) {
        for method in playlist.keyMethods { add(judge.judge(encryption: method)) }
        if url.lowercased().hasPrefix("https:"),
           let plain = (playlist.segments.map(\.uri) + [playlist.mapURI].compactMap { $0 })
               .compactMap({ resolve($0, against: url) }).first(where: { $0.lowercased().hasPrefix("http:") }) {
            add(MediaReason(.mixedContent, .warning, "the https playlist \(url) lists plain-http media (\(plain)); a "
                            + "receiver served over https may block it", fix: "serve segments over https too"))
        }
        var initBytes: [UInt8] = []
        if let map = playlist.mapURI, let mapURL = resolve(map, against: url),
           let response = fetch(mapURL, role: .initSection) {
            if !allows(response) { add(corsReason(response, role: .initSection)) }
            initBytes = response.body
            judgeTracks(MP4Probe.probe(initBytes).tracks)
        }
        guard let first = playlist.segments.first, let segmentURL = resolve(first.uri, against: url),
              let segment = fetch(segmentURL, role: .segment) else { return }
        if !allows(segment) { add(corsReason(segment, role: .segment)) }
        let container = ContainerSniffer.container(of: initBytes.isEmpty ? segment.body : initBytes)
        add(judge.judge(container: container))
        guard report.tracks.isEmpty else { return }
        if container == "mp4" {
            judgeTracks(MP4Probe.probe(segment.body).tracks)
        } else if container == "mpeg-ts" {
            judgeTracks(TSProbe.probe(segment.body).tracks)
        } else if let container {
            judgeTracks(ContainerSniffer.probeAudio(segment.body, container: container).tracks)
        }
        if report.tracks.isEmpty && !report.determined {
            add(MediaReason(.codecUnknown, .warning, "castscope does not read the codecs of \(container ?? "these") "
                            + "segments yet, and no master playlist names them", fix: "list CODECS in a master "
                            + "playlist, or check the segments with ffprobe"))
        }
    }

    private func malformed(_ error: MediaParseError, url: String) -> MediaReason {
        MediaReason(.mediaMalformed, .warning, "the playlist \(url) does not read past \(error)",
                    fix: "check it against RFC 8216 (Apple's mediastreamvalidator or hls.js)")
    }

    /// `uri` made absolute against `base` (RFC 3986 §5), nil when it cannot be.
    func resolve(_ uri: String, against base: String) -> String? {
        guard let baseURL = URL(string: base), let url = URL(string: uri, relativeTo: baseURL) else { return nil }
        return url.absoluteString
    }
}
