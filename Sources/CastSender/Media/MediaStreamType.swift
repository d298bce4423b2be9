/// `GCKMediaStreamType` and its wire string.
public enum MediaStreamType: String, Sendable, Hashable, CaseIterable {
    /// `NONE`: unknown or not applicable.
    case none = "NONE"
    /// `BUFFERED`: a file of known duration.
    case buffered = "BUFFERED"
    /// `LIVE`: a live stream.
    case live = "LIVE"
}
