import Foundation
public import CastNet
public import CastWire

/// The terminal mini controller of `castscope cast control`, without the terminal: keys in, commands out, one
/// status line drawn from a `MediaController` (title, state, position bar, volume, repeat mode).
public struct MiniController: Sendable {
    /// What a key asks for.
    public enum Intent: Sendable, Hashable {
        /// Send this media command.
        case media(MediaControllerCommand)
        /// Change the device volume by this step.
        case volume(Double)
        /// Leave (the app keeps running).
        case quit
    }

    /// The rules behind the controls.
    public private(set) var controller = MediaController()
    /// Device volume, as last reported.
    public var deviceVolume: Double?
    /// Width of the position bar in characters.
    public var barWidth = 20

    /// A controller for a started session.
    public init() { controller.sessionStarted() }

    /// A MEDIA_STATUS entry (or none) arrived.
    public mutating func update(_ status: MediaSessionStatus?, at now: MonotonicInstant) {
        controller.update(MediaStatus(status: status.map { [$0] } ?? []), at: now)
    }

    /// A command left / ended (controls are disabled meanwhile).
    public mutating func requestStarted() { controller.requestStarted() }

    /// A command ended.
    public mutating func requestEnded() { controller.requestEnded() }

    /// The intent of `key` (space/p toggle, ←/h and →/l seek ∓10 s, +/- volume, r repeat, s stop, n/b next and
    /// previous, q quit); nil when the key means nothing or its control is disabled now.
    public func intent(forKey key: String, at now: MonotonicInstant) -> Intent? {
        let controls = controller.controls(at: now)
        switch key {
        case " ", "p": return controller.togglePlayPause(at: now).map(Intent.media)
        case "h", "\u{1B}[D": return controller.skip(by: -10, at: now).map(Intent.media)
        case "l", "\u{1B}[C": return controller.skip(by: 10, at: now).map(Intent.media)
        case "+", "=": return .volume(0.05)
        case "-": return .volume(-0.05)
        case "r": return controller.cycleRepeatMode(at: now).map(Intent.media)
        case "s": return controls.stop ? .media(.stop) : nil
        case "n": return controls.next ? .media(.next) : nil
        case "b": return controls.previous ? .media(.previous) : nil
        case "q", "\u{03}", "\u{04}": return .quit
        default: return nil
        }
    }

    /// `Title  PLAYING  1:15 [#####---------------] 10:00  vol 0.50  repeat OFF`.
    public func statusLine(at now: MonotonicInstant) -> String {
        let media = controller.media
        let controls = controller.controls(at: now)
        let title = media.metadata?.title ?? media.mediaStatus?.media?.contentID ?? "(nothing loaded)"
        var line = "\(title)  \(media.playerState)  \(controls.positionText)"
        if let duration = media.mediaStatus?.media?.duration, duration > 0, controls.progress,
            let position = media.approximateStreamPosition(at: now) {
            // A receiver may report any number: keep the ratio finite and within 0…1 before converting.
            let ratio = position / duration
            let clamped = ratio.isFinite ? min(1, max(0, ratio)) : 0
            let filled = min(barWidth, max(0, Int((clamped * Double(barWidth)).rounded(.down))))
            line += " [" + String(repeating: "#", count: filled)
                + String(repeating: "-", count: barWidth - filled) + "]"
        }
        line += " \(controls.durationText)"
        if let deviceVolume { line += "  vol \(String(format: "%.2f", deviceVolume))" }
        line += "  repeat \(media.repeatMode.wireName?.dropFirst(7) ?? "OFF")"
        if controller.requestsInProgress > 0 { line += "  …" }
        return line
    }
}
