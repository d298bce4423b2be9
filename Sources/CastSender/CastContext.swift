public import CastDiscovery
import CastLog
public import CastNet
public import CastTLS

/// `GCKCastContext`: the sender stack's root — options, the `SessionManager`, the event loop that is also this
/// actor's executor (design.md), so actor methods and every listener callback run on the same thread.
///
/// Its async methods are the front door for programs: start a session and wait for it, run a command and wait
/// for its request to end. Code already on the loop (listeners) uses `sessionManager` directly.
public actor CastContext {
    /// The loop the whole stack runs on.
    public nonisolated let eventLoop: EventLoop
    /// The options.
    public nonisolated let options: CastOptions
    /// `sessionManager`; touch it only on the loop (inside this actor's methods or listener callbacks).
    public nonisolated let sessionManager: SessionManager
    /// `discoveryManager`, when the program discovers devices (it runs on its own queue, see CastDiscovery).
    public nonisolated let discoveryManager: DiscoveryManager?
    /// Asks devices GET_APP_AVAILABILITY for `options.discoveryCriteria`; nil when the criteria name no app.
    public nonisolated let appAvailabilityChecker: CastAppAvailabilityChecker?

    /// The loop is the actor's executor.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { eventLoop.asUnownedSerialExecutor() }

    /// A context on `eventLoop` with `clock` (the loop's system clock by default); `transportFactory` replaces TCP.
    /// Without a `discoveryManager`, one is made over `discoveryBackends` (when given) with the options' criteria,
    /// its app-availability filter applied through `appAvailabilityChecker` when the criteria name apps.
    public init(options: CastOptions, eventLoop: EventLoop, clock: (any ProtocolClock)? = nil,
                discoveryManager: DiscoveryManager? = nil, discoveryBackends: [any DiscoveryBackend] = [],
                transportFactory: CastSession.TransportFactory? = nil) throws(TLSError) {
        var tlsConfiguration = TLSConfiguration.client()
        tlsConfiguration.keyLog = options.keyLog
        let tls = try TLSContext(configuration: tlsConfiguration)
        self.eventLoop = eventLoop
        self.options = options
        let checker = options.discoveryCriteria.requiresAppAvailability
            ? try CastAppAvailabilityChecker(options: options, eventLoop: eventLoop, clock: clock,
                                             transportFactory: transportFactory)
            : nil
        appAvailabilityChecker = checker
        self.discoveryManager = discoveryManager ?? (discoveryBackends.isEmpty ? nil : DiscoveryManager(
            backends: discoveryBackends, criteria: options.discoveryCriteria, availabilityChecker: checker))
        sessionManager = SessionManager(options: options, eventLoop: eventLoop,
                                        clock: clock ?? SystemClock(eventLoop: eventLoop), tls: tls,
                                        transportFactory: transportFactory)
        if let discovery = self.discoveryManager {
            // A transfer signal may name its destination by id only; the discovery list (a lock-protected
            // snapshot, safe to read from the loop) knows where it is. Set before the manager is shared.
            sessionManager.deviceLookup = { [weak discovery] id in
                discovery?.deviceList.first { $0.deviceID == id }
            }
        }
        if !options.deviceAuthentication {
            options.log.context.warning("device authentication is off (--insecure-skip-auth): the device is not verified")
        }
    }

    /// Runs `body` with the session manager on the loop.
    public func withSessionManager<T: Sendable>(_ body: @Sendable (SessionManager) -> T) -> T { body(sessionManager) }

    /// Starts a session with `device` and waits for didStart (or didFailToStart).
    public func startSession(with device: Device) async -> Result<CastSession, CastError> {
        await awaitSessionOutcome(expectResume: false) { $0.startSession(with: device) }
    }

    /// Resumes the session of `record` on `device` and waits for didResume (or didEnd).
    public func resumeSession(_ record: SessionResumeRecord, on device: Device) async
        -> Result<CastSession, CastError>
    {
        await awaitSessionOutcome(expectResume: true) { $0.resumeSession(record, on: device) }
    }

    /// Runs `body` (which sends a command) and waits until the request it returns ends.
    public func perform(_ body: @Sendable (SessionManager) -> Request?) async -> RequestOutcome {
        guard let request = body(sessionManager) else {
            return .failed(CastError(.sessionIsNotActive, "no session"))
        }
        return await withCheckedContinuation { continuation in
            request.whenFinished { continuation.resume(returning: $0) }
        }
    }

    /// Ends the session (stopping the app when asked) and waits for didEnd.
    public func endSession(stopCasting: Bool) async {
        guard let session = sessionManager.currentCastSession, session.machine.state != .ended,
            session.machine.state != .failed
        else { return }
        let waiter = SessionOutcomeWaiter(expectResume: false, endOnly: true)
        sessionManager.add(waiter)
        defer { sessionManager.remove(waiter) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiter.onEnd = { continuation.resume() }
            if !sessionManager.endSessionAndStopCasting(stopCasting) { waiter.fire() }
            if session.machine.state == .ended || session.machine.state == .failed { waiter.fire() }
        }
    }

    private func awaitSessionOutcome(expectResume: Bool, _ start: (SessionManager) -> Bool) async
        -> Result<CastSession, CastError>
    {
        let waiter = SessionOutcomeWaiter(expectResume: expectResume, endOnly: false)
        sessionManager.add(waiter)
        defer { sessionManager.remove(waiter) }
        return await withCheckedContinuation { continuation in
            waiter.onOutcome = { continuation.resume(returning: $0) }
            if !start(sessionManager) {
                waiter.finish(.failure(CastError(.invalidState, "a session is already active")))
            }
        }
    }
}

/// Resumes the continuation of a `CastContext` call at the first deciding listener callback.
private final class SessionOutcomeWaiter: SessionManagerListener, @unchecked Sendable {
    // @unchecked Sendable: created and called only on the context's loop.
    let expectResume: Bool
    let endOnly: Bool
    var onOutcome: ((Result<CastSession, CastError>) -> Void)?
    var onEnd: (() -> Void)?

    init(expectResume: Bool, endOnly: Bool) {
        self.expectResume = expectResume
        self.endOnly = endOnly
    }

    func finish(_ result: Result<CastSession, CastError>) {
        let callback = onOutcome
        onOutcome = nil
        callback?(result)
    }

    func fire() {
        let callback = onEnd
        onEnd = nil
        callback?()
    }

    func sessionManager(_ manager: SessionManager, didStart session: CastSession) {
        if !endOnly { finish(.success(session)) }
    }

    func sessionManager(_ manager: SessionManager, didResume session: CastSession) {
        if !endOnly, expectResume { finish(.success(session)) }
    }

    func sessionManager(_ manager: SessionManager, didFailToStart session: CastSession, withError error: CastError) {
        finish(.failure(error))
        fire()
    }

    func sessionManager(_ manager: SessionManager, didEnd session: CastSession, withError error: CastError?) {
        finish(.failure(error ?? CastError(.sessionIsNotActive, "the session ended")))
        fire()
    }
}
