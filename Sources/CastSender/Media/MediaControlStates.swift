/// Which GCKUIMediaController controls are enabled, and how the toggle and labels show, at one moment.
public struct MediaControlStates: Sendable, Hashable {
    /// `GCKUIButtonState…` of the play/pause toggle.
    public enum ToggleState: Sendable, Hashable {
        /// Playing: shows a pause icon; tapping pauses.
        case play
        /// Playing live: shows a stop icon; tapping stops.
        case playLive
        /// Paused (or anything else): shows a play icon; tapping plays.
        case pause
    }

    /// `playButton`.
    public var play = false
    /// `pauseButton`.
    public var pause = false
    /// `playPauseToggleButton`.
    public var playPauseToggle = false
    /// The toggle's state.
    public var toggleState: ToggleState = .pause
    /// `stopButton`.
    public var stop = false
    /// `forward30SecondsButton` and `rewind30SecondsButton`.
    public var skip = false
    /// `nextButton`.
    public var next = false
    /// `previousButton`.
    public var previous = false
    /// `repeatModeButton`.
    public var repeatMode = false
    /// `streamPositionSlider`.
    public var seek = false
    /// `streamProgressView`.
    public var progress = false
    /// `streamPositionLabel` text (`--:--` without media).
    public var positionText = "--:--"
    /// `streamDurationLabel` text (`--:--` without a duration).
    public var durationText = "--:--"

    /// Everything disabled.
    public init() {}
}
