public import CastJSON
public import CastWire

/// `GCKMediaInformationBuilder`: collects what LOAD says about the media and builds CastWire's
/// `MediaInformation` (the `media` object).
public struct MediaInformationBuilder: Sendable {
    /// The content URL.
    public var contentURL: String?
    /// The content id, when apps use one apart from the URL (defaults to the URL).
    public var contentID: String?
    /// The stream type.
    public var streamType: MediaStreamType = .buffered
    /// The MIME type.
    public var contentType: String?
    /// Title, images…
    public var metadata: MediaMetadata?
    /// Duration in seconds, when known.
    public var streamDuration: Double?
    /// Track descriptions as JSON (`GCKMediaTrack` objects).
    public var mediaTracks: [JSONValue]?
    /// App data.
    public var customData: JSONObject?
    /// Cast Connect: the Android TV app's entity (`entity`).
    public var entity: String?

    /// `-initWithContentURL:`.
    public init(contentURL: String) { self.contentURL = contentURL }

    /// `-initWithContentID:` (legacy).
    public init(contentID: String) { self.contentID = contentID }

    /// `-build`.
    public func build() -> MediaInformation {
        var unknown = JSONObject()
        if let entity { unknown["entity"] = .string(entity) }
        var media = MediaInformation(contentID: contentID ?? contentURL, contentType: contentType,
                                     streamType: streamType.rawValue, duration: streamDuration,
                                     metadata: metadata?.json, unknown: unknown)
        media.contentURL = contentURL
        media.tracks = mediaTracks
        media.customData = customData
        return media
    }
}
