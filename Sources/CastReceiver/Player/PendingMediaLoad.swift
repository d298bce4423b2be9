public import CastWire
public import CastJSON

/// A LOAD waiting for its media to be fetched (`--fetch-media`): the request and whom to answer.
public struct PendingMediaLoad: Sendable, Hashable {
    /// The LOAD as received.
    public var request: JSONValue
    /// The message it came in (for the reply's addressing).
    public var message: CastMessage
    public var connection: SenderConnectionID
    /// The contentId (or contentUrl) to fetch.
    public var url: String
    /// The LOAD's contentType.
    public var contentType: String?
}

extension PendingMediaLoad {
    /// The pending load for `request` when it is a single-item LOAD of an http(s) URL; nil otherwise (queues and
    /// other sources go straight to the player, which refuses what it must).
    init?(request: JSONValue, message: CastMessage, connection: SenderConnectionID) {
        guard request.castMessageType == .load, let media = request["media"],
              let url = media["contentUrl"]?.stringValue ?? media["contentId"]?.stringValue,
              url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") else { return nil }
        self.init(request: request, message: message, connection: connection, url: url,
                  contentType: media["contentType"]?.stringValue)
    }
}
