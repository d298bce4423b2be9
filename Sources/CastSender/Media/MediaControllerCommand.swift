/// What a tap on a `MediaController` control asks the remote media client to do.
public enum MediaControllerCommand: Sendable, Hashable {
    /// PLAY.
    case play
    /// PAUSE.
    case pause
    /// STOP (the toggle's action for live streams).
    case stop
    /// SEEK to seconds.
    case seek(to: Double)
    /// QUEUE next.
    case next
    /// QUEUE previous.
    case previous
    /// Set the repeat mode.
    case setRepeatMode(MediaRepeatMode)
}
