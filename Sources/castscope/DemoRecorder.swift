import CastCLI
import CastSender
import Synchronization

/// Listens to the demo's session and ad channel (on the sender loop), prints each callback as it happens and keeps
/// them for the summary.
final class DemoRecorder: SessionManagerListener, GenericCastChannelDelegate, @unchecked Sendable {
    // @unchecked Sendable: `io` is only printed to; the event list is behind a Mutex.
    private let io: any CommandOutput
    private let lines = Mutex<[String]>([])

    init(io: any CommandOutput) { self.io = io }

    /// Every callback so far, in order.
    var events: [String] { lines.withLock { $0 } }

    /// True once an event starting with `prefix` was seen.
    func saw(_ prefix: String) -> Bool { events.contains { $0.hasPrefix(prefix) } }

    private func record(_ line: String) {
        lines.withLock { $0.append(line) }
        io.print("   [callback] \(line)")
    }

    func sessionManager(_ manager: SessionManager, didStart session: CastSession) {
        record("didStart session \(session.sessionID ?? "?")")
    }
    func sessionManager(_ manager: SessionManager, didFailToStart session: CastSession, withError error: CastError) {
        record("didFailToStart \(error)")
    }
    func sessionManager(_ manager: SessionManager, didEnd session: CastSession, withError error: CastError?) {
        record("didEnd\(error.map { " with \($0)" } ?? "")")
    }
    func sessionManager(_ manager: SessionManager, didSuspend session: CastSession,
                        withReason reason: ConnectionSuspendReason) { record("didSuspend \(reason)") }
    func sessionManager(_ manager: SessionManager, willResume session: CastSession) { record("willResume") }
    func sessionManager(_ manager: SessionManager, didResume session: CastSession) {
        record("didResume session \(session.sessionID ?? "?")")
    }
    func castChannel(_ channel: GenericCastChannel, didReceiveTextMessage message: String) {
        record("ad channel received \(message)")
    }
    func castChannelDidConnect(_ channel: GenericCastChannel) { record("ad channel connected") }
}
