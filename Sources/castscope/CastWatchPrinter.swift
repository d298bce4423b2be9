import CastCLI
import CastDiscovery
import CastSender
import CastWire
import Synchronization

/// Prints status changes (`watch`) and opens `ended` when the session ends.
final class StatusPrinter: SessionManagerListener, RemoteMediaClientListener, @unchecked Sendable {
    private let output: any CommandOutput
    private let ended: StopLatch
    private let state = Mutex((silenced: false, sessionEnded: false))
    init(io: any CommandOutput, ended: StopLatch) {
        output = io
        self.ended = ended
    }

    /// Whether the session ended (rather than the user stopping the watch).
    var sessionEnded: Bool { state.withLock { $0.sessionEnded } }

    /// Prints nothing more.
    func silence() { state.withLock { $0.silenced = true } }

    /// Where the lines go: nowhere once silenced.
    private var io: any CommandOutput { state.withLock { $0.silenced } ? SilentOutput() : output }

    /// The session's state when watching starts: device, app and media, one line each.
    func printCurrent(_ session: CastSession) {
        let app = session.receiverStatus?.runningApplication
        io.print("session: \(session.device.friendlyName), app \(app?.displayName ?? app?.appID ?? "none")")
        if let media = session.remoteMediaClient.mediaStatus { printMedia(media) }
    }

    func remoteMediaClient(_ client: RemoteMediaClient, didUpdateMediaStatus status: MediaSessionStatus?) {
        printMedia(status)
    }

    private func printMedia(_ status: MediaSessionStatus?) {
        guard let status else {
            io.print("media: none")
            return
        }
        io.print("media: \(status.playerState ?? "?") \(MediaController.clock(status.currentTime))")
    }

    func sessionManager(_ manager: SessionManager, session: CastSession, didReceiveDeviceVolume volume: Double,
                        muted: Bool) {
        io.print("volume: \(volume) muted: \(muted)")
    }

    func sessionManager(_ manager: SessionManager, didSuspend session: CastSession,
                        withReason reason: ConnectionSuspendReason) {
        io.print("session: suspended (\(reason))")
    }

    func sessionManager(_ manager: SessionManager, didResume session: CastSession) {
        io.print("session: resumed on \(session.device.friendlyName)")
    }

    func sessionManager(_ manager: SessionManager, session: CastSession, didUpdateDevice deviceID: String) {
        let place = DiscoverCommand.address(session.device)
        io.print("session: moved to \(session.device.friendlyName) (\(deviceID)) at \(place)")
    }

    func sessionManager(_ manager: SessionManager, didEnd session: CastSession, withError error: CastError?) {
        io.print("session: ended\(error.map { " (\($0))" } ?? "")")
        state.withLock { $0.sessionEnded = true }
        ended.open()
    }
}

/// Output that goes nowhere.
struct SilentOutput: CommandOutput {
    func write(_ text: String, to stream: StandardStream) {}
}
