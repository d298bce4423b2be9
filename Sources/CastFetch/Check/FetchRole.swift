/// What a request of `media check` is for; names it in reasons and in the fetch list.
enum FetchRole: String {
    case head, media, index, variant, segment, initSection = "init"

    /// How messages name the resource.
    var noun: String {
        switch self {
        case .head, .media: "the media"
        case .index: "the file's index"
        case .variant: "a variant playlist"
        case .segment: "the first segment"
        case .initSection: "the initialization section"
        }
    }

    /// Whether a Web Receiver fetches it by XHR/fetch (so CORS applies) rather than through the media element.
    var isStreamPart: Bool { self == .variant || self == .segment || self == .initSection }
}
