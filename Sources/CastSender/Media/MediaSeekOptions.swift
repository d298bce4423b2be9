/// `GCKMediaSeekOptions`: where to seek and what to do afterwards.
public struct MediaSeekOptions: Sendable, Hashable {
    /// `GCKMediaResumeState`: the player state after the seek.
    public enum ResumeState: Int, Sendable, Hashable {
        /// 0: keep playing or paused as before.
        case unchanged = 0
        /// 1: play (`PLAYBACK_START`).
        case play = 1
        /// 2: pause (`PLAYBACK_PAUSE`).
        case pause = 2
    }

    /// Seconds: the target, or the offset when `relative`.
    public var interval: Double
    /// Seek by `interval` from the current position instead of to it.
    public var relative = false
    /// State after the seek.
    public var resumeState: ResumeState = .unchanged
    /// Seek to the live edge (live streams).
    public var seekToInfinite = false

    /// Seek to (or by) `interval` seconds.
    public init(interval: Double, relative: Bool = false, resumeState: ResumeState = .unchanged) {
        self.interval = interval
        self.relative = relative
        self.resumeState = resumeState
    }
}
