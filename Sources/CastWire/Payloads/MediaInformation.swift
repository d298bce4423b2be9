public import CastJSON

/// The `media` object of LOAD and MEDIA_STATUS (protocol.md §2.8).
public struct MediaInformation: CastPayloadModel {
    /// The content id (often the URL).
    public var contentID: String?
    /// The content URL, when given apart from the id.
    public var contentURL: String?
    /// MIME type.
    public var contentType: String?
    /// `BUFFERED`, `LIVE` or `NONE`.
    public var streamType: String?
    /// Seconds.
    public var duration: Double?
    /// Metadata object (metadataType 0...4, title, images...), kept as JSON.
    public var metadata: JSONObject?
    /// Track descriptions, kept as JSON.
    public var tracks: [JSONValue]?
    /// App-defined data.
    public var customData: JSONObject?
    /// Keys this model does not know (e.g. `textTrackStyle`).
    public var unknown: JSONObject

    /// Media with the given members.
    public init(contentID: String? = nil, contentType: String? = nil, streamType: String? = nil,
                duration: Double? = nil, metadata: JSONObject? = nil, unknown: JSONObject = JSONObject()) {
        self.contentID = contentID
        self.contentType = contentType
        self.streamType = streamType
        self.duration = duration
        self.metadata = metadata
        self.unknown = unknown
    }

    /// Reads the members.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        contentID = try reader.string("contentId")
        contentURL = try reader.string("contentUrl")
        contentType = try reader.string("contentType")
        streamType = try reader.string("streamType")
        duration = try reader.double("duration")
        metadata = try reader.object("metadata")
        tracks = try reader.array("tracks")
        customData = try reader.object("customData")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("contentId", contentID)
        writer.set("contentUrl", contentURL)
        writer.set("contentType", contentType)
        writer.set("streamType", streamType)
        writer.set("duration", duration)
        writer.set("metadata", metadata)
        writer.set("tracks", tracks.map(JSONValue.array))
        writer.set("customData", customData)
        writer.appendUnknown(unknown)
    }
}
