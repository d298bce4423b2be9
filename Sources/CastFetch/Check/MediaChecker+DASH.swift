import CastMedia

extension MediaChecker {
    /// The DRM systems Cast receivers support in DASH (Widevine, PlayReady, ClearKey) and the common-encryption
    /// signal, by ContentProtection scheme URI (the DASH-IF system ID registry).
    static let supportedProtection: Set<String> = [
        "urn:mpeg:dash:mp4protection:2011", "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",
        "urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95", "urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e",
        "urn:uuid:1077efec-c0b2-4d02-ace3-3c1e52e2fb4b",
    ]

    /// A DASH MPD: each adaptation set's representations judged by codecs and size (a player skips those the device
    /// cannot play; none left in a set is an error), then the first playable representation's initialization and
    /// first segment fetched (with CORS) and read, as a receiver starts.
    func readDASH(_ response: HTTPFetchResponse) {
        let manifest = DASHManifest(parsing: response.body)
        if let error = manifest.error {
            add(MediaReason(.mediaMalformed, .warning, "the MPD \(response.url) does not read past \(error)",
                            fix: "validate it (the DASH-IF conformance tool)"))
        }
        var chosen: DASHManifest.Representation?
        for set in manifest.adaptationSets where set.contentType != "text" {
            let schemes = set.protection.map { $0.lowercased() }
            if !schemes.isEmpty, !schemes.contains(where: Self.supportedProtection.contains) {
                add(MediaReason(.encryptionUnsupported, .warning, "the \(set.contentType ?? "media") adaptation set is "
                                + "protected only by \(schemes.joined(separator: ", ")), no DRM system Cast supports",
                                fix: "add Widevine (or PlayReady) ContentProtection"))
            }
            var playable: [DASHManifest.Representation] = []
            var refusals: [MediaReason] = []
            for representation in set.representations {
                let reasons = representation.codecs.flatMap {
                    judge.judge(codec: $0, height: representation.height, width: representation.width)
                }
                let errors = reasons.filter { $0.severity == .error }
                report.variants.append(VariantSummary(
                    uri: representation.id, bandwidth: representation.bandwidth, codecs: representation.codecs,
                    width: representation.width, height: representation.height, playable: errors.isEmpty))
                add(reasons.filter { $0.severity != .error })
                if errors.isEmpty { playable.append(representation) } else if refusals.isEmpty { refusals = errors }
                if !representation.codecs.isEmpty { report.determined = true }
            }
            if playable.isEmpty, !refusals.isEmpty {
                add(refusals)
                add(MediaReason(.codecUnsupported, .error, "no representation of the \(set.contentType ?? "media") "
                                + "adaptation set plays on \(options.model.name)",
                                fix: "add a representation the model decodes (H.264 High ≤ 4.1, AAC)"))
            }
            if chosen == nil || (set.contentType == "video" && chosen?.mimeType?.hasPrefix("video") != true) {
                chosen = playable.first ?? chosen
            }
        }
        guard let chosen else { return }
        readRepresentation(chosen, manifestURL: response.url)
    }

    private func readRepresentation(_ representation: DASHManifest.Representation, manifestURL: String) {
        var base = manifestURL
        for next in representation.baseURLs { base = resolve(next, against: base) ?? base }
        if let initialization = representation.initialization, let url = resolve(initialization, against: base),
           let answer = fetch(url, role: .initSection) {
            if !allows(answer) { add(corsReason(answer, role: .initSection)) }
            judgeTracksOnce(MP4Probe.probe(answer.body).tracks)
        } else if representation.initialization == nil, let range = representation.initializationRange,
                  let bounds = Self.byteRange(range) {
            // SegmentBase: the initialization is a byte range of the file the BaseURL names.
            let url = representation.firstSegment.flatMap { resolve($0, against: base) } ?? base
            if let answer = fetch(url, role: .initSection, range: bounds) {
                if !allows(answer) { add(corsReason(answer, role: .initSection)) }
                judgeTracksOnce(MP4Probe.probe(answer.body).tracks)
            }
            return
        }
        guard let first = representation.firstSegment, let url = resolve(first, against: base),
              let segment = fetch(url, role: .segment) else { return }
        if !allows(segment) { add(corsReason(segment, role: .segment)) }
    }

    /// Judges tracks unless some were judged already (a master's or MPD's codecs and the init's say the same).
    private func judgeTracksOnce(_ tracks: [MediaTrack]) {
        if report.tracks.isEmpty { judgeTracks(tracks) }
    }

    /// `start-end` as a closed range, nil when malformed or backwards.
    static func byteRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]), start >= 0, end >= start else {
            return nil
        }
        return start...end
    }
}
