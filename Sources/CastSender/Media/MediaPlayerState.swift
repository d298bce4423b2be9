/// `GCKMediaPlayerState` and the MEDIA_STATUS `playerState` strings.
public enum MediaPlayerState: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 0: no status yet.
    case unknown = 0
    /// 1: `IDLE`.
    case idle = 1
    /// 2: `PLAYING`.
    case playing = 2
    /// 3: `PAUSED`.
    case paused = 3
    /// 4: `BUFFERING`.
    case buffering = 4
    /// 5: `LOADING`.
    case loading = 5

    /// The state from its wire string; unknown strings read as `unknown`.
    public init(wireName: String?) {
        self = Self.allCases.first { $0.wireName == wireName } ?? .unknown
    }

    /// The wire string (`UNKNOWN` for `unknown`).
    public var wireName: String {
        switch self {
        case .unknown: "UNKNOWN"
        case .idle: "IDLE"
        case .playing: "PLAYING"
        case .paused: "PAUSED"
        case .buffering: "BUFFERING"
        case .loading: "LOADING"
        }
    }

    /// The wire string.
    public var description: String { wireName }
}
