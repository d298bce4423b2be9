public import CastNet
public import CastWire

/// The rules of `GCKUIMediaController` (seed 003) as a value, without any UI: which controls are enabled for the
/// session, player state and supported commands; play/pause versus stop for live streams; repeat cycling
/// Off → All → Single → AllAndShuffle; last known player state and position across sessions; everything disabled
/// while a request is in progress. `castscope cast control` draws from it.
public struct MediaController: Sendable {
    /// Whether a Cast session is active.
    public private(set) var hasSession = false
    /// The media state of the current session.
    public private(set) var media = RemoteMediaClientState()
    /// Requests sent from this controller and not yet ended.
    public private(set) var requestsInProgress = 0
    /// `lastKnownPlayerState`: the current one, or the one just before the last session ended.
    public private(set) var lastKnownPlayerState: MediaPlayerState = .unknown
    /// `lastKnownStreamPosition`: likewise; nil (`kGCKInvalidTimeInterval`) before any session.
    public private(set) var lastKnownStreamPosition: Double?

    /// No session yet.
    public init() {}

    /// A session started (or resumed).
    public mutating func sessionStarted() {
        hasSession = true
        media.reset()
    }

    /// The session ended: the last known state and position stay.
    public mutating func sessionEnded(at now: MonotonicInstant) {
        remember(at: now)
        hasSession = false
        media.reset()
        requestsInProgress = 0
    }

    /// A MEDIA_STATUS arrived.
    public mutating func update(_ status: MediaStatus, at now: MonotonicInstant) {
        _ = media.apply(status, at: now)
        remember(at: now)
    }

    /// A request left; controls stay disabled until `requestEnded()`.
    public mutating func requestStarted() { requestsInProgress += 1 }

    /// A request ended (any outcome).
    public mutating func requestEnded() { requestsInProgress = max(0, requestsInProgress - 1) }

    private mutating func remember(at now: MonotonicInstant) {
        guard hasSession else { return }
        lastKnownPlayerState = media.playerState
        if let position = media.approximateStreamPosition(at: now) { lastKnownStreamPosition = position }
    }

    private var hasMedia: Bool {
        media.mediaStatus != nil && media.playerState != .idle && media.playerState != .unknown
    }

    private var isLive: Bool { media.streamType == .live }

    /// The controls at `now`.
    public func controls(at now: MonotonicInstant) -> MediaControlStates {
        var states = MediaControlStates()
        let active = hasSession && hasMedia
        let supported = media.supportedCommands
        let state = media.playerState
        let playing = state == .playing || state == .buffering
        states.toggleState = playing ? (isLive ? .playLive : .play) : .pause
        if active {
            states.positionText = Self.clock(media.approximateStreamPosition(at: now))
            if !isLive, let duration = media.mediaStatus?.media?.duration, duration > 0 {
                states.durationText = Self.clock(duration)
            }
        }
        guard active, requestsInProgress == 0 else {
            states.repeatMode = hasSession && requestsInProgress == 0
            return states
        }
        states.play = !playing
        states.pause = supported.contains(.pause) && playing
        states.playPauseToggle = (supported.contains(.pause) || isLive) && (playing || state == .paused)
        states.stop = true
        states.skip = true
        states.next = supported.contains(.queueNext)
        states.previous = supported.contains(.queuePrev)
        states.repeatMode = true
        states.seek = supported.contains(.seek)
        states.progress = !isLive
        return states
    }

    /// What tapping the play/pause toggle sends, or nil when it is disabled.
    public func togglePlayPause(at now: MonotonicInstant) -> MediaControllerCommand? {
        let states = controls(at: now)
        guard states.playPauseToggle else { return nil }
        switch states.toggleState {
        case .play: return .pause
        case .playLive: return .stop
        case .pause: return .play
        }
    }

    /// `-cycleRepeatMode`: the command for the next mode in the cycle, or nil when disabled.
    public func cycleRepeatMode(at now: MonotonicInstant) -> MediaControllerCommand? {
        guard controls(at: now).repeatMode else { return nil }
        return .setRepeatMode(media.repeatMode.next)
    }

    /// Seek by `offset` seconds from the approximate position (clamped at 0 and the duration), or nil when disabled.
    public func skip(by offset: Double, at now: MonotonicInstant) -> MediaControllerCommand? {
        guard controls(at: now).skip, let position = media.approximateStreamPosition(at: now) else { return nil }
        var target = max(0, position + offset)
        if let duration = media.mediaStatus?.media?.duration, duration > 0, !isLive { target = min(target, duration) }
        return .seek(to: target)
    }

    /// `m:ss` or `h:mm:ss`; `--:--` for nil.
    public static func clock(_ seconds: Double?) -> String {
        // Any Double can arrive from a receiver; beyond ~31 years it is not a position worth drawing.
        guard let seconds, seconds.isFinite, seconds < 1e9 else { return "--:--" }
        let total = Int(max(0, seconds).rounded(.down))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }
}
