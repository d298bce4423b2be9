/// A DASH MPD (ISO/IEC 23009-1) as `media check` reads it: the first Period's adaptation sets and representations
/// with their codecs, MIME types, picture sizes and content protection, and where each representation's
/// initialization and first media segment are (SegmentTemplate with `$RepresentationID$`, `$Bandwidth$`, `$Number$`
/// and `$Time$`, or SegmentBase/BaseURL), attributes inherited from the adaptation set as §5.3.7 says.
///
/// Bounded: at most `maximumAdaptationSets` sets and `maximumRepresentations` representations, elements nested at
/// most `maximumDepth` deep. A malformed tag is a fault at its byte; what was read before it is kept.
public struct DASHManifest: Sendable, Hashable {
    static let maximumAdaptationSets = 64, maximumRepresentations = 1000, maximumDepth = 32

    /// One Representation, with what it inherits filled in.
    public struct Representation: Sendable, Hashable {
        public var id: String
        public var bandwidth: Int?
        public var codecs: [String]
        public var mimeType: String?
        public var width: Int?
        public var height: Int?
        /// The initialization segment's URI (relative to `baseURL`), nil when the representation has none.
        public var initialization: String?
        /// The first media segment's URI, or the whole file for SegmentBase.
        public var firstSegment: String?
        /// The byte range of the initialization section within `firstSegment` (SegmentBase), as `start-end`.
        public var initializationRange: String?
        /// The BaseURLs from the MPD down to this representation, outermost first: each resolves against the one
        /// before (the first against the MPD's URL), and the segment URIs against the last.
        public var baseURLs: [String] = []
    }

    /// One AdaptationSet.
    public struct AdaptationSet: Sendable, Hashable {
        /// `video`, `audio`, `text` or another content type (from contentType, or the MIME type's top level).
        public var contentType: String?
        /// The ContentProtection scheme URIs (`urn:uuid:edef8ba9-…` is Widevine, `urn:mpeg:dash:mp4protection:2011`
        /// the common encryption signal).
        public var protection: [String] = []
        public var representations: [Representation] = []
    }

    /// `static` (on demand) or `dynamic` (live).
    public var presentationType = "static"
    public var adaptationSets: [AdaptationSet] = []
    /// The first fault, if any.
    public var error: MediaParseError?

    /// Whether `bytes` start like an MPD: the first element of the first 8 KiB (after a byte order mark, the XML
    /// declaration, comments and white space) is `MPD`.
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        var scanner = XMLScanner(Array(bytes.prefix(8192)))
        guard case .start(let name, _, _, _)? = try? scanner.next() else { return false }
        return name == "MPD"
    }

    /// Reads `bytes`.
    public init(parsing bytes: [UInt8]) {
        var reader = DASHReader()
        var scanner = XMLScanner(bytes)
        do throws(MediaParseError) {
            while let event = try scanner.next() {
                try reader.take(event)
                if reader.done { break }
            }
        } catch {
            self.error = error
        }
        presentationType = reader.presentationType
        adaptationSets = reader.sets
        if error == nil, !reader.sawRoot {
            error = MediaParseError(path: "xml", offset: 0, reason: "no MPD element")
        }
    }
}

/// The element walk behind `DASHManifest`: a stack of open elements and what each level passes down.
private struct DASHReader {
    var presentationType = "static"
    var sets: [DASHManifest.AdaptationSet] = []
    var sawRoot = false
    var done = false
    private var stack: [String] = []
    private var periods = 0
    /// Attributes inherited by representations: the adaptation set's, then the representation's own.
    private var setAttributes: [String: String] = [:]
    private var setTemplate: [String: String]?
    private var representation: DASHManifest.Representation?
    private var representationTemplate: [String: String]?
    /// The first `S@t` of the set's and of the representation's SegmentTimeline.
    private var setFirstTime: String?
    private var firstTime: String?
    private var baseURLs: [Int: String] = [:]
    private var textTarget: Int?

    mutating func take(_ event: XMLScanner.Event) throws(MediaParseError) {
        switch event {
        case .start(let name, let attributes, let selfClosing, let offset):
            guard stack.count < DASHManifest.maximumDepth else {
                throw MediaParseError(path: stack.joined(separator: "/"), offset: offset, reason: "nested too deep")
            }
            try open(name, attributes, offset: offset)
            stack.append(name)
            if selfClosing { close(name) }
        case .end(let name, let offset):
            guard stack.last == name else {
                throw MediaParseError(path: stack.joined(separator: "/"), offset: offset,
                                      reason: "</\(name)> closes <\(stack.last ?? "nothing")>")
            }
            close(name)
        case .text(let text):
            if stack.last == "BaseURL", let level = textTarget {
                baseURLs[level] = text.trimmingCharacters(in: " \t\r\n")
            }
        }
    }

    private mutating func open(_ name: String, _ attributes: [String: String], offset: Int) throws(MediaParseError) {
        let path = stack.joined(separator: "/")
        switch (stack.last, name) {
        case (nil, "MPD"):
            sawRoot = true
            presentationType = attributes["type"] ?? "static"
        case ("MPD", "Period"):
            periods += 1
            if periods > 1 { done = true }  // the first period tells what playback starts with
        case ("Period", "AdaptationSet"):
            guard sets.count < DASHManifest.maximumAdaptationSets else {
                throw MediaParseError(path: path, offset: offset, reason: "more than 64 adaptation sets")
            }
            setAttributes = attributes
            setTemplate = nil
            setFirstTime = nil
            let mime = attributes["mimeType"]
            sets.append(DASHManifest.AdaptationSet(contentType: attributes["contentType"] ?? mime.map(Self.topLevel)))
        case ("AdaptationSet", "Representation"):
            guard sets.map(\.representations.count).reduce(0, +) < DASHManifest.maximumRepresentations else {
                throw MediaParseError(path: path, offset: offset, reason: "more than 1000 representations")
            }
            let merged = setAttributes.merging(attributes) { $1 }
            representation = DASHManifest.Representation(
                id: attributes["id"] ?? "", bandwidth: attributes["bandwidth"].flatMap { Int($0) },
                codecs: merged["codecs"].map(Self.codecs) ?? [], mimeType: merged["mimeType"],
                width: merged["width"].flatMap { Int($0) }, height: merged["height"].flatMap { Int($0) })
            representationTemplate = nil
            firstTime = nil
        case ("AdaptationSet", "ContentProtection"), ("Representation", "ContentProtection"):
            if let scheme = attributes["schemeIdUri"], !sets.isEmpty { sets[sets.count - 1].protection.append(scheme) }
        case ("AdaptationSet", "SegmentTemplate"): setTemplate = attributes
        case ("Representation", "SegmentTemplate"): representationTemplate = attributes
        case ("SegmentTimeline", "S"):
            let time = attributes["t"] ?? "0"
            if stack.contains("Representation") {
                if firstTime == nil { firstTime = time }
            } else if setFirstTime == nil {
                setFirstTime = time
            }
        case ("SegmentBase", "Initialization"): representation?.initializationRange = attributes["range"]
        case (_, "BaseURL"): textTarget = stack.count
        default: break
        }
    }

    private mutating func close(_ name: String) {
        stack.removeLast()
        if name == "Representation", var finished = representation, !sets.isEmpty {
            let template = (setTemplate ?? [:]).merging(representationTemplate ?? [:]) { $1 }
            finished.initialization = template["initialization"].map { expand($0, finished, number: nil) }
            if let media = template["media"] {
                finished.firstSegment = expand(media, finished, number: template["startNumber"] ?? "1")
            }
            // BaseURLs are kept by the index of the BaseURL element: those of this representation's ancestors and
            // its own (one deeper than the representation itself).
            finished.baseURLs = baseURLs.keys.sorted().filter { $0 <= stack.count + 1 }.compactMap { baseURLs[$0] }
            sets[sets.count - 1].representations.append(finished)
            representation = nil
        }
        // An element's own BaseURL (one deeper than it) ends with it.
        baseURLs = baseURLs.filter { $0.key <= stack.count }
        if name == "BaseURL" { textTarget = nil }
    }

    /// A SegmentTemplate URI with its identifiers replaced (§5.3.9.4.4), `%0Nd` widths honoured.
    private func expand(_ template: String, _ representation: DASHManifest.Representation, number: String?) -> String {
        var result = ""
        var parts = template.split(separator: "$", omittingEmptySubsequences: false)[...]
        var inside = false
        while let part = parts.popFirst() {
            defer { inside.toggle() }
            guard inside else { result += part; continue }
            if part.isEmpty { result += "$"; continue }
            let pieces = part.split(separator: "%", maxSplits: 1)
            let value: String
            switch pieces.first ?? "" {
            case "RepresentationID": value = representation.id
            case "Bandwidth": value = representation.bandwidth.map(String.init) ?? "0"
            case "Number": value = number ?? "1"
            case "Time": value = firstTime ?? setFirstTime ?? "0"
            default: value = "$" + part + "$"
            }
            if pieces.count == 2, let width = Int(pieces[1].dropFirst().dropLast()), width <= 32 {
                result += String(repeating: "0", count: max(0, width - value.count)) + value
            } else {
                result += value
            }
        }
        return result
    }

    private static func codecs(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0).trimmingCharacters(in: " ") }.filter { !$0.isEmpty }
    }

    private static func topLevel(_ mime: String) -> String { String(mime.split(separator: "/").first ?? "") }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
