public import CastJSON

/// `GCKImage`: an image URL with its size, as in metadata `images`.
public struct MediaImage: Sendable, Hashable {
    /// The image URL.
    public var url: String
    /// Pixels, when known.
    public var width: Int64?
    /// Pixels, when known.
    public var height: Int64?

    /// An image at `url`.
    public init(url: String, width: Int64? = nil, height: Int64? = nil) {
        self.url = url
        self.width = width
        self.height = height
    }

    /// Reads `{"url","width","height"}`; nil when `url` is missing.
    public init?(json: JSONValue) {
        guard let url = json["url"]?.stringValue else { return nil }
        self.init(url: url, width: json["width"]?.intValue, height: json["height"]?.intValue)
    }

    /// `{"url","width","height"}`.
    public var json: JSONValue {
        var object: JSONObject = ["url": .string(url)]
        if let width { object["width"] = .int(width) }
        if let height { object["height"] = .int(height) }
        return .object(object)
    }
}
