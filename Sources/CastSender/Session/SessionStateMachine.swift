import CastNet
public import CastWire

/// One Cast session's life as a value: events in (transport up, authenticated, RECEIVER_STATUS, connection lost,
/// reconnect due, end…), actions out (connect, authenticate, LAUNCH, CONNECT to the app, notify listeners,
/// schedule a reconnect…). No sockets, no clocks: the driver performs the actions and feeds back events.
///
/// Start: connecting → authenticating → querying (CONNECT + GET_STATUS) → join the running app, or launching →
/// connected. A lost connection suspends (didSuspend NetworkError) and reconnects with `ReconnectBackoff`;
/// resuming rejoins the same app session by transport id (didResume) or, when it is gone, ends with
/// ApplicationNotRunning. A stream transfer moves the session to another device and resumes it there.
public struct SessionStateMachine: Sendable {
    /// What the session is for.
    public struct Configuration: Sendable, Hashable {
        /// The receiver app, e.g. `CC1AD845`.
        public var appID: String
        /// LAUNCH options (language, relaunch, Cast Connect).
        public var launchOptions = LaunchOptions()
        /// Run device authentication after TLS (on by default).
        public var authenticate = true
        /// Reconnect delays.
        public var backoff = ReconnectBackoff()
        /// `stopReceiverApplicationWhenEndingSession`.
        public var stopApplicationOnEnd = false
        /// Only join a running app; fail with ApplicationNotRunning instead of launching (`castscope cast status`).
        public var joinOnly = false

        /// A configuration for `appID`.
        public init(appID: String) { self.appID = appID }
    }

    /// The configuration.
    public let configuration: Configuration
    /// The state.
    public private(set) var state: SessionState = .idle
    /// The device the session is (or is moving) on.
    public private(set) var deviceID: String
    /// The joined or launched app (session and transport ids).
    public private(set) var application: ReceiverApplication?
    /// Reconnect attempts made since the connection was lost.
    public private(set) var reconnectAttempt = 0
    private var acceptAnySessionOfApp = false
    private var random: SplitMix64

    /// A machine for a session with `deviceID`; `seed` drives the backoff jitter.
    public init(configuration: Configuration, deviceID: String, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) {
        self.configuration = configuration
        self.deviceID = deviceID
        random = SplitMix64(seed: seed)
    }

    /// The resume record of the running session.
    public var resumeRecord: SessionResumeRecord? {
        guard let sessionID = application?.sessionID, let transportID = application?.transportID else { return nil }
        return SessionResumeRecord(deviceID: deviceID, sessionID: sessionID, transportID: transportID,
                                   appID: application?.appID ?? configuration.appID)
    }

    /// `startSessionWithDevice:`.
    public mutating func start() -> [SessionAction] {
        guard state == .idle else { return [] }
        state = .connecting
        return [.notify(.willStart), .connectTransport]
    }

    /// Resume a session remembered in a file (after a restart of castscope).
    public mutating func resume(from record: SessionResumeRecord) -> [SessionAction] {
        guard state == .idle else { return [] }
        deviceID = record.deviceID
        application = ReceiverApplication(appID: record.appID ?? configuration.appID, sessionID: record.sessionID,
                                          transportID: record.transportID)
        state = .resuming(attempt: 1)
        reconnectAttempt = 1
        return [.notify(.willResume), .connectTransport]
    }

    /// TLS is up.
    public mutating func transportConnected() -> [SessionAction] {
        switch state {
        case .connecting:
            state = configuration.authenticate ? .authenticating : .querying
            return [configuration.authenticate ? .authenticate : .connectReceiver]
        case .resuming:
            return [configuration.authenticate ? .authenticate : .connectReceiver]
        default:
            return []
        }
    }

    /// Device authentication succeeded.
    public mutating func authenticated() -> [SessionAction] {
        switch state {
        case .authenticating:
            state = .querying
            return [.connectReceiver]
        case .resuming:
            return [.connectReceiver]
        default:
            return []
        }
    }

    /// Device authentication failed: a start fails, a resume ends.
    public mutating func authenticationFailed(_ error: CastError) -> [SessionAction] {
        switch state {
        case .authenticating, .connecting:
            state = .failed
            return [.closeTransport, .notify(.didFailToStart(error))]
        case .resuming:
            return endWithError(error)
        default:
            return []
        }
    }

    /// LAUNCH_ERROR (or the LAUNCH timed out).
    public mutating func launchFailed(_ error: CastError) -> [SessionAction] {
        guard state == .launching || state == .querying else { return [] }
        state = .failed
        return [.closeTransport, .notify(.didFailToStart(error))]
    }

    /// The GET_STATUS after CONNECT got no RECEIVER_STATUS (timeout or error reply): a start fails, a resume
    /// counts it as a lost connection and tries again.
    public mutating func statusRequestFailed(_ error: CastError) -> [SessionAction] {
        switch state {
        case .querying:
            state = .failed
            return [.closeTransport, .notify(.didFailToStart(error))]
        case .resuming:
            return connectionLost(error)
        default:
            return []
        }
    }

    /// A RECEIVER_STATUS arrived.
    public mutating func receiverStatus(_ status: ReceiverStatus) -> [SessionAction] {
        let apps = status.status?.applications ?? []
        switch state {
        case .querying:
            if !configuration.launchOptions.relaunchIfRunning, let app = runningApp(in: apps, sessionID: nil) {
                return becomeConnected(app, notification: .didStart)
            }
            if configuration.joinOnly {
                state = .failed
                let error = CastError(.applicationNotRunning, "\(configuration.appID) is not running")
                return [.closeTransport, .notify(.didFailToStart(error))]
            }
            state = .launching
            return [.launch]
        case .launching:
            guard let app = runningApp(in: apps, sessionID: nil) else { return [] }
            return becomeConnected(app, notification: .didStart)
        case .resuming:
            let wanted = acceptAnySessionOfApp ? nil : application?.sessionID
            guard let app = runningApp(in: apps, sessionID: wanted) else {
                return endWithError(CastError(.applicationNotRunning, "the app session is gone"))
            }
            acceptAnySessionOfApp = false
            reconnectAttempt = 0
            return becomeConnected(app, notification: .didResume)
        case .stopping:
            // A status without our app answers the STOP as well as its reply does (some receivers only broadcast).
            guard runningApp(in: apps, sessionID: application?.sessionID) == nil else { return [] }
            return applicationStopped()
        case .connected:
            guard let app = runningApp(in: apps, sessionID: application?.sessionID) else {
                return endWithError(CastError(.applicationNotRunning, "the receiver app stopped"))
            }
            application = app
            return []
        default:
            return []
        }
    }

    /// Heartbeat timeout, socket error or reset: suspend and reconnect with backoff; a start fails.
    public mutating func connectionLost(_ error: CastError) -> [SessionAction] {
        switch state {
        case .connecting, .authenticating, .querying, .launching:
            state = .failed
            return [.closeTransport, .notify(.didFailToStart(error))]
        case .connected:
            reconnectAttempt = 1
            state = .suspended(.networkError)
            return [.closeTransport, .endRequests(error), .notify(.didSuspend(.networkError)),
                    .scheduleReconnect(after: nextDelay())]
        case .stopping:
            // The receiver hung up after the STOP: that is the end asked for.
            return applicationStopped()
        case let .resuming(attempt):
            guard attempt < configuration.backoff.maximumAttempts else {
                return endWithError(CastError(.networkError, "gave up after \(attempt) reconnect attempts"))
            }
            reconnectAttempt = attempt + 1
            state = .suspended(.networkError)
            return [.closeTransport, .scheduleReconnect(after: nextDelay())]
        default:
            return []
        }
    }

    /// The reconnect timer fired (or the app asks to resume a suspended session).
    public mutating func reconnectDue() -> [SessionAction] {
        guard case .suspended = state else { return [] }
        let attempt = max(reconnectAttempt, 1)
        reconnectAttempt = attempt
        state = .resuming(attempt: attempt)
        return attempt == 1 ? [.notify(.willResume), .connectTransport] : [.connectTransport]
    }

    /// `suspendSessionWithReason:` — closes the connection and keeps the session to resume later.
    public mutating func suspend(_ reason: ConnectionSuspendReason) -> [SessionAction] {
        guard state == .connected else { return [] }
        state = .suspended(reason)
        reconnectAttempt = 1
        return [.closeTransport, .endRequests(CastError(.cancelled, "session suspended")),
                .notify(.didSuspend(reason))]
    }

    /// `endSession` / `endSessionAndStopCasting:`.
    public mutating func end(stopCasting: Bool) -> [SessionAction] {
        switch state {
        case .connected, .suspended, .resuming:
            if state == .connected, stopCasting || configuration.stopApplicationOnEnd,
                let sessionID = application?.sessionID {
                // Hang up only once the receiver answered the STOP (or it timed out): closing at once would drop
                // the answer, and a capture of it would show a request never replied to.
                state = .stopping
                return [.notify(.willEnd), .stopApplication(sessionID: sessionID)]
            }
            state = .stopping
            return [.notify(.willEnd)] + applicationStopped()
        case .connecting, .authenticating, .querying, .launching:
            state = .failed
            return [.closeTransport, .notify(.didFailToStart(CastError(.cancelled, "the start was cancelled")))]
        default:
            return []
        }
    }

    /// The receiver answered the STOP sent on end (or it failed or timed out): hang up and report the end.
    public mutating func applicationStopped() -> [SessionAction] {
        guard state == .stopping else { return [] }
        state = .ended
        return [.endRequests(CastError(.sessionIsNotActive, "the session ended")), .closeTransport,
                .saveResumeRecord(nil), .notify(.didEnd(nil))]
    }

    /// Stream transfer: the session now lives on `newDeviceID`; reconnect there and rejoin the app.
    public mutating func transferred(to newDeviceID: String) -> [SessionAction] {
        guard state == .connected, newDeviceID != deviceID else { return [] }
        deviceID = newDeviceID
        acceptAnySessionOfApp = true
        reconnectAttempt = 1
        state = .resuming(attempt: 1)
        return [.closeTransport, .endRequests(CastError(.replaced, "the session moved to another device")),
                .notify(.didUpdateDevice(newDeviceID)), .notify(.willResume), .connectTransport]
    }

    private func runningApp(in apps: [ReceiverApplication], sessionID: String?) -> ReceiverApplication? {
        apps.first { app in
            guard app.transportID != nil, app.sessionID != nil else { return false }
            if let sessionID { return app.sessionID == sessionID }
            return app.appID == configuration.appID
        }
    }

    private mutating func becomeConnected(_ app: ReceiverApplication, notification: SessionNotification)
        -> [SessionAction]
    {
        application = app
        state = .connected
        return [.connectApplication(app), .saveResumeRecord(resumeRecord), .notify(notification)]
    }

    private mutating func endWithError(_ error: CastError) -> [SessionAction] {
        state = .ended
        return [.endRequests(error), .closeTransport, .saveResumeRecord(nil), .notify(.didEnd(error))]
    }

    /// The next reconnection delay, jittered from a seeded generator (deterministic, no global state).
    private mutating func nextDelay() -> Duration {
        configuration.backoff.delay(attempt: reconnectAttempt, unit: random.nextUnit())
    }
}
