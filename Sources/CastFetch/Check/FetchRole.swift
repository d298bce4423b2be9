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
}
