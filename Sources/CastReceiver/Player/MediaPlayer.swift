public import CastJSON
public import CastNet
import CastWire

/// The Default Media Receiver's player as a value-type state machine: requests and clock instants in, status out.
///
/// No real media is played. A LOAD buffers for `bufferingTime`, then plays; the position advances with the playback
/// rate from the injected instants; at the item's duration the queue moves on or the player goes IDLE (FINISHED).
/// Live items have no duration and never finish. After an IDLE status has been reported the session is gone and the
/// status list is empty, as on a real receiver.
public struct MediaPlayer: Sendable {
    /// `playerState` values.
    public enum PlayerState: String, Sendable {
        /// No media, finished, stopped or failed.
        case idle = "IDLE"
        /// Loading or seeking; becomes PLAYING or PAUSED after `bufferingTime`.
        case buffering = "BUFFERING"
        /// The position advances with the playback rate.
        case playing = "PLAYING"
        /// The position stands still.
        case paused = "PAUSED"
    }

    /// One queue item.
    struct Item: Sendable {
        var itemID: Int64
        var media: JSONObject
        var autoplay: Bool
        var startTime: Double
        var customData: JSONValue?
        var duration: Double? { media["duration"]?.finiteDouble }
    }

    /// Commands the emulated player supports: pause, seek, stream volume/mute, queue next/prev/repeat, tracks, rate,
    /// stream transfer (262144: STORE_SESSION / RESUME_SESSION, see MediaPlayer+SessionState).
    public static let supportedMediaCommands: Int64 =
        1 | 2 | 4 | 8 | 64 | 128 | 1024 | 2048 | 4096 | 8192 | 262_144

    /// How long a LOAD stays BUFFERING.
    public var bufferingTime: Duration
    /// The duration given to BUFFERED media whose LOAD did not state one (a real player reads it from the file).
    public var defaultDuration: Double

    /// The current media session, nil when there is none.
    public internal(set) var mediaSessionID: Int64?
    /// The player state.
    public internal(set) var playerState: PlayerState = .idle
    /// Why the player went IDLE, until that status is reported.
    public internal(set) var idleReason: String?
    /// `repeatMode` of the queue.
    public internal(set) var repeatMode = "REPEAT_OFF"
    /// The playback rate.
    public internal(set) var playbackRate = 1.0
    /// The stream volume.
    public internal(set) var volumeLevel = 1.0
    /// The stream mute flag.
    public internal(set) var muted = false

    var nextMediaSessionID: Int64 = 1
    var nextItemID: Int64 = 1
    var items: [Item] = []
    var currentIndex = 0
    var positionBase = 0.0
    var positionSince = MonotonicInstant(nanoseconds: 0)
    var bufferingUntil: MonotonicInstant?
    var playAfterBuffering = true
    var activeTrackIDs: JSONValue?
    var textTrackStyle: JSONValue?
    var customData: JSONValue?

    /// A player with no media session.
    public init(bufferingTime: Duration = .milliseconds(300), defaultDuration: Double = 600) {
        self.bufferingTime = bufferingTime
        self.defaultDuration = defaultDuration
    }

    /// True while a media session exists and is not IDLE.
    public var hasActiveSession: Bool { mediaSessionID != nil && playerState != .idle }

    /// The playback position at `now`, in seconds.
    public func position(at now: MonotonicInstant) -> Double {
        guard playerState == .playing else { return positionBase }
        let elapsed =
            Double((now - positionSince).components.seconds)
            + Double((now - positionSince).components.attoseconds) / 1e18
        let position = positionBase + max(elapsed, 0) * playbackRate
        if let duration = currentItem?.duration { return min(position, duration) }
        return position
    }

    var currentItem: Item? { items.indices.contains(currentIndex) ? items[currentIndex] : nil }

    /// The next instant at which the player changes state by itself (buffering ends, the item finishes).
    public func nextDeadline() -> MonotonicInstant? {
        if playerState == .buffering { return bufferingUntil }
        guard playerState == .playing, let duration = currentItem?.duration, playbackRate > 0 else { return nil }
        // Capped at ~31 years so a sender's absurd (but finite) duration cannot overflow the nanosecond count.
        let remaining = min(max(duration - positionBase, 0) / playbackRate, 1e9)
        return positionSince + .nanoseconds(Int64(remaining * 1e9))
    }

    /// Applies every state change due by `now`; true when something changed that senders should hear about.
    public mutating func advance(to now: MonotonicInstant) -> Bool {
        var changed = false
        // Bounded: each pass either ends buffering or finishes an item, and a finished item restarts buffering.
        for _ in 0..<8 {
            guard let deadline = nextDeadline(), deadline <= now else { break }
            changed = true
            if playerState == .buffering {
                playerState = playAfterBuffering ? .playing : .paused
                positionSince = deadline
                bufferingUntil = nil
            } else {
                finishCurrentItem(at: deadline)
            }
        }
        return changed
    }

    /// Moves to the next queue item per `repeatMode`, or goes IDLE with FINISHED.
    mutating func finishCurrentItem(at instant: MonotonicInstant) {
        positionBase = currentItem?.duration ?? positionBase
        let next: Int?
        switch repeatMode {
        case "REPEAT_SINGLE": next = currentIndex
        case "REPEAT_ALL", "REPEAT_ALL_AND_SHUFFLE": next = items.isEmpty ? nil : (currentIndex + 1) % items.count
        default: next = currentIndex + 1 < items.count ? currentIndex + 1 : nil
        }
        if let next {
            start(index: next, at: items[next].startTime, autoplay: items[next].autoplay, now: instant)
        } else {
            goIdle(reason: "FINISHED")
        }
    }

    /// Starts buffering item `index` at `position`.
    mutating func start(index: Int, at position: Double, autoplay: Bool, now: MonotonicInstant) {
        currentIndex = index
        positionBase = max(position, 0)
        positionSince = now
        playerState = .buffering
        playAfterBuffering = autoplay
        bufferingUntil = now + bufferingTime
        idleReason = nil
    }

    mutating func goIdle(reason: String) {
        playerState = .idle
        idleReason = reason
        bufferingUntil = nil
    }

    /// Freezes the position at `now` so a state or rate change starts from there.
    mutating func rebase(at now: MonotonicInstant) {
        positionBase = position(at: now)
        positionSince = now
    }

    /// The MEDIA_STATUS `status` list at `now`; an IDLE session is reported once and then forgotten.
    public mutating func takeStatus(at now: MonotonicInstant) -> [JSONValue] {
        guard let sessionID = mediaSessionID else { return [] }
        let entry = statusEntry(sessionID: sessionID, now: now)
        if playerState == .idle {
            mediaSessionID = nil
            items = []
            idleReason = nil
        }
        return [entry]
    }

    /// The status list without side effects (for inspection in tests and logs).
    public func peekStatus(at now: MonotonicInstant) -> [JSONValue] {
        guard let sessionID = mediaSessionID else { return [] }
        return [statusEntry(sessionID: sessionID, now: now)]
    }

    private func statusEntry(sessionID: Int64, now: MonotonicInstant) -> JSONValue {
        var status = MediaSessionStatus(
            mediaSessionID: sessionID, playerState: playerState.rawValue, currentTime: position(at: now),
            supportedMediaCommands: SupportedMediaCommands(rawValue: Self.supportedMediaCommands))
        status.playbackRate = playbackRate
        status.idleReason = idleReason
        status.volume = CastVolume(level: volumeLevel, muted: muted)
        status.repeatMode = repeatMode
        status.currentItemID = currentItem?.itemID
        status.items = items.map(Self.itemJSON)
        // What senders sent is echoed as they sent it (a device does not normalise it): the media object, track
        // ids, the text track style and custom data.
        var verbatim = JSONObject()
        if let activeTrackIDs { verbatim.appendUnchecked("activeTrackIds", activeTrackIDs) }
        if let item = currentItem { verbatim.appendUnchecked("media", .object(item.media)) }
        if let textTrackStyle { verbatim.appendUnchecked("textTrackStyle", textTrackStyle) }
        if let customData { verbatim.appendUnchecked("customData", customData) }
        status.unknown = verbatim
        return status.json
    }

    static func itemJSON(_ item: Item) -> JSONValue {
        var object = JSONObject()
        object.appendUnchecked("itemId", .int(item.itemID))
        object.appendUnchecked("media", .object(item.media))
        object.appendUnchecked("autoplay", .bool(item.autoplay))
        object.appendUnchecked("startTime", .double(item.startTime))
        if let customData = item.customData { object.appendUnchecked("customData", customData) }
        return .object(object)
    }
}
