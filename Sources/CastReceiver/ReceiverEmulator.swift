import CastChannel
import CastLog
public import CastNet
public import CastTLS
import CastWire
import Foundation

/// The receiver emulator's I/O shell: a TCP listener, one TLS `CastSocket` per sender, and the `ReceiverDevice`
/// state machine they all feed, on one event loop.
///
/// Usage: 1. `ReceiverEmulator(options:eventLoop:)` generates a fresh device certificate (≤ 4 days, like real
/// devices) and the server TLS context; 2. `start()` binds and returns the address; 3. senders connect; 4. `stop()`
/// sends CLOSE on every virtual connection, closes every channel and the listener.
public final class ReceiverEmulator: @unchecked Sendable {
    // @unchecked Sendable: every mutable member is touched only on `eventLoop`; public entry points hop onto it.

    /// The loop everything runs on.
    public let eventLoop: EventLoop
    /// The options it was made with.
    public let options: ReceiverEmulatorOptions
    /// Since when the device is up (its setup API's `uptime`); a `reboot-after` fault starts it again.
    public let bootClock = DeviceBootClock()
    /// The certificate presented in the TLS handshake.
    public let deviceCertificate: DeviceCertificate
    let clock: any ProtocolClock
    /// PINGs every sender and answers their PINGs (the channel's handler, shared by all sockets).
    let heartbeat: HeartbeatHandler
    /// Answers device-auth challenges.
    let deviceAuth: DeviceAuthResponder
    private let tlsContext: TLSContext
    /// The device state machine (loop only; internal for the stream-transfer extension).
    var device: ReceiverDevice
    var listener: TCPListener?
    var sessions: [SenderConnectionID: SenderSession] = [:]
    private var nextConnectionID: UInt64 = 1
    var deviceTimer: (any Cancellable)?
    private var deviceTimerDeadline: MonotonicInstant?
    var stopping = false
    private var eventHandler: (@Sendable (ReceiverEvent) -> Void)?
    private let log: LogCategory
    /// Fetches LOADs' media off the loop (`--fetch-media`).
    private let mediaFetcher: MediaFetchWorker
    /// The channel layer's classes for this device (CastReceiverChannel, …).
    private let channelLog: ChannelLogClasses

    /// Prepares the device certificate and TLS; nothing listens until `start()`.
    public init(options: ReceiverEmulatorOptions, eventLoop: EventLoop) throws(ReceiverEmulatorError) {
        self.options = options
        self.eventLoop = eventLoop
        log = options.logger.category("CastReceiverContext")
        clock = SystemClock(eventLoop: eventLoop)
        mediaFetcher = MediaFetchWorker(modelName: options.configuration.model)
        do throws(CertificateError) {
            deviceCertificate = try DeviceCertificate.generateSelfSigned(
                commonName: String(options.configuration.deviceID.prefix(64)), lifetime: 2 * 24 * 60 * 60,
                key: options.tlsKey)
        } catch {
            throw .certificate(error)
        }
        var tls = TLSConfiguration.server(certificate: deviceCertificate, keyLog: options.keyLog)
        if let version = options.tlsVersion {
            tls.minimumVersion = version
            tls.maximumVersion = version
        }
        if options.configuration.faults.contains(.tlsAlert) { tls.rejectHandshakesWithAlert = .handshakeFailure }
        do throws(TLSError) {
            tlsContext = try TLSContext(configuration: tls)
        } catch {
            throw .tls(error)
        }
        device = ReceiverDevice(
            configuration: options.configuration, sessionSeed: UInt64.random(in: 1...UInt64.max), logger: options.logger)
        heartbeat = HeartbeatHandler(
            clock: clock,
            configuration: HeartbeatStateMachine.Configuration(
                pingInterval: options.heartbeatInterval, livenessTimeout: options.livenessTimeout),
            localID: CastEndpointID.platformReceiver, peerID: CastEndpointID.platformSender)
        // The device's side logs under its own classes, so a sender's GCK* filter shows only the sender.
        channelLog = ChannelLogClasses.receiver(logger: options.logger)
        heartbeat.log = channelLog
        // Without a configured chain the device signs with its own TLS identity: enough for senders that skip
        // device auth (pychromecast and most third-party ones), not for a sender that checks the chain.
        let signer =
            options.deviceAuthSigner
            ?? DeviceAuthSigner(
                deviceCertificate: deviceCertificate.certificate, privateKey: deviceCertificate.privateKey,
                intermediates: [])
        deviceAuth = DeviceAuthResponder(signer: signer, tlsCertificateDER: deviceCertificate.certificate.derBytes)
        deviceAuth.log = channelLog
    }

    /// Binds the listener and starts accepting; returns the bound address (the real port for port 0).
    public func start() throws(ReceiverEmulatorError) -> SocketAddress {
        do throws(IOError) {
            let listener = try TCPListener.bind(to: options.address, on: eventLoop) { [weak self] connection in
                self?.accept(connection)
            }
            eventLoop.execute { self.listener = listener }
            startTransferFault(source: listener.localAddress)
            startRebootFault(address: listener.localAddress)
            return listener.localAddress
        } catch {
            throw .listen(options.address, error)
        }
    }

    /// Number of senders with an open channel (loop thread).
    var openSessionCount: Int { sessions.values.filter(\.isOpen).count }

    /// The number of connected senders, read on the loop.
    public func connectedSenderCount() async -> Int {
        (try? await eventLoop.submit { self.openSessionCount }) ?? 0
    }

    /// Sends CLOSE on every virtual connection, closes every channel and stops listening; `completion` runs on the
    /// loop once the CLOSE messages are queued.
    public func stop(_ completion: @escaping @Sendable () -> Void = {}) {
        // A loop that has stopped already closed everything; the completion still comes, so a waiter never hangs.
        let queued = eventLoop.tryExecute { [self] in
            stopping = true
            stopTransferTarget()
            listener?.close()
            listener = nil
            perform(device.shutdownActions())
            for session in sessions.values { session.close() }
            deviceTimer?.cancel()
            log.info("stopped; sent CLOSE to \(sessions.count) sender(s)")
            completion()
        }
        if !queued { completion() }
    }

    /// Calls `handler` on the loop for each change other devices mirror (volumes, for a `ReceiverGroup`).
    public func onEvent(_ handler: @escaping @Sendable (ReceiverEvent) -> Void) async {
        _ = try? await eventLoop.submit { self.eventHandler = handler }
    }

    /// Runs the device's `body` on the loop and carries out what it returns (a group mirroring a member).
    public func update(_ body: @escaping @Sendable (inout ReceiverDevice) -> [ReceiverAction]) async {
        _ = try? await eventLoop.submit { self.perform(body(&self.device)) }
    }

    /// Runs the device's `body` and carries out what it returns, now; call it on the loop only (event handlers of
    /// devices sharing this loop do).
    func performOnLoop(_ body: (inout ReceiverDevice) -> [ReceiverAction]) {
        perform(body(&device))
    }

    /// Stops listening and closes every sender's connection without CLOSE messages, as a device that loses its
    /// role does (a group leader that is no longer elected): senders see the connection end, not the app.
    public func drop() async {
        _ = try? await eventLoop.submit { [self] in
            stopping = true
            listener?.close()
            listener = nil
            for session in sessions.values { session.close() }
            deviceTimer?.cancel()
            log.info("dropped \(sessions.count) sender connection(s)")
        }
    }

    /// `stop()`, returning once the CLOSE messages and close_notify are written and the listener is closed.
    public func stopAndWait() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in stop { done.resume() } }
    }

    func accept(_ connection: TCPConnection) {
        guard !stopping else {
            connection.close()
            return
        }
        let id = SenderConnectionID(nextConnectionID)
        nextConnectionID += 1
        let socket: CastSocket
        do throws(TLSError) {
            socket = try CastSocket(transport: TCPTransport(connection: connection), security: .tls(tlsContext))
            socket.log = channelLog
        } catch {
            log.error("cannot start TLS for \(connection.peerAddress?.description ?? "?"): \(error)")
            connection.close()
            return
        }
        let session = SenderSession(id: id, socket: socket, emulator: self, options: options)
        sessions[id] = session
        log.debug("sender \(id) connected from \(socket.peer)", ["net.peer": .string(socket.peer)])
        session.start()
    }

    func sessionOpened(_ session: SenderSession) {
        device.connectionOpened(session.id)
        log.info("sender \(session.id) channel open", ["net.peer": .string(session.socket.peer)])
    }

    func sessionClosed(_ session: SenderSession, reason: CastCloseReason) {
        sessions[session.id] = nil
        device.connectionClosed(session.id)
        let metadata: LogMetadata = ["net.peer": .string(session.socket.peer)]
        if case .invalidMessage = reason {
            log.error("sender \(session.id) closed: \(reason.description)", metadata)
        } else {
            log.info("sender \(session.id) closed: \(reason.description)", metadata)
        }
    }

    func received(_ message: CastMessage, from session: SenderSession) {
        perform(device.receive(message, from: session.id, now: clock.now))
    }

    /// Carries out the device's actions and re-arms its timer (loop only).
    func perform(_ actions: [ReceiverAction]) {
        for action in actions {
            switch action {
            case .send(let id, let message):
                sessions[id]?.send(message)
            case .close(let id, let reason):
                if let session = sessions[id] {
                    log.error("closing sender \(id): \(reason)", ["net.peer": .string(session.socket.peer)])
                    session.close()
                }
                device.connectionClosed(id)
            case .notify(let event):
                eventHandler?(event)
            case .fetchMedia(let pending):
                let forced = device.configuration.forcedMediaFetchCode
                mediaFetcher.fetch(pending, forcedCode: forced) { [weak self] outcome in
                    self?.eventLoop.execute { [weak self] in
                        guard let self else { return }
                        perform(device.completeMediaLoad(pending, outcome: outcome, now: clock.now))
                    }
                }
            }
        }
        rescheduleDeviceTimer()
    }

    /// Keeps one timer at the device's next deadline (player clock, simulated ad).
    private func rescheduleDeviceTimer() {
        let deadline = device.nextDeadline()
        guard deadline != deviceTimerDeadline else { return }
        deviceTimer?.cancel()
        deviceTimerDeadline = deadline
        guard let deadline else { return }
        let delay = deadline - clock.now
        deviceTimer = clock.schedule(after: max(delay, .zero)) { [weak self] in
            guard let self else { return }
            deviceTimerDeadline = nil
            perform(device.advance(to: clock.now))
        }
    }
}
