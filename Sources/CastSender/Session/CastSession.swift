public import CastChannel
import CastJSON
public import CastDiscovery
import CastLog
public import CastNet
public import CastTLS
public import CastWire

/// `GCKCastSession`: one session with one device — TLS, device authentication, CONNECT, LAUNCH or join, CONNECT
/// to the app's transport, the media channel and custom channels — driven by a `SessionStateMachine`.
///
/// Confined to the stack's event loop (design.md): create it, call it and read it only there; listener and
/// delegate callbacks run there too. `SessionManager` creates sessions; apps use `remoteMediaClient`,
/// `setDeviceVolume`, `setDeviceMuted` and `add(_:)` for custom channels.
public final class CastSession: CastSocketDelegate, CastMessageHandler, @unchecked Sendable {
    /// Opens the byte stream to a device (TCP by default; tests may inject another).
    public typealias TransportFactory =
        (Device, EventLoop, @escaping (Result<any CastTransport, CastError>) -> Void) -> Void

    /// `device`: where the session runs (changes on stream transfer).
    public internal(set) var device: Device
    /// The event loop everything runs on.
    public let eventLoop: EventLoop
    /// Time for requests, heartbeats and reconnects.
    public let clock: any ProtocolClock
    /// The options of the context.
    public let options: CastOptions
    /// The session's life.
    public internal(set) var machine: SessionStateMachine
    /// The last RECEIVER_STATUS.
    public internal(set) var receiverStatus: ReceiverStatus?
    /// `remoteMediaClient`.
    public private(set) lazy var remoteMediaClient = RemoteMediaClient(session: self)
    /// Requests of the session (every namespace shares one requestId space).
    public let requests: PendingRequests
    weak var manager: SessionManager?
    /// The group's members and whoever listens for them (the multizone namespace).
    var multizone = MultizoneTracker()
    /// The documented (STORE_SESSION/RESUME_SESSION) transfer moving this session, while it runs.
    var documentedTransfer: SessionTransfer?
    let transportFactory: TransportFactory
    private let tls: TLSContext
    private var socket: CastSocket?
    private var closingSocketID: Int?
    private let namespaces = NamespaceRouter()
    private lazy var router = VirtualConnectionRouter(namespaces: namespaces)
    private lazy var connections = ConnectionHandler(router: router)
    private let heartbeat: HeartbeatHandler
    private let deviceAuth: DeviceAuthHandler?
    private var channels: [String: GenericCastChannel] = [:]
    private var reconnectTimer: (any Cancellable)?
    private var connectedTransportID: String?
    /// The running connection attempt's budget (CastSession+ConnectDeadline).
    var connectDeadline = ConnectDeadline()

    init(device: Device, options: CastOptions, eventLoop: EventLoop, clock: any ProtocolClock, tls: TLSContext,
         transportFactory: @escaping TransportFactory) {
        self.device = device
        self.options = options
        self.eventLoop = eventLoop
        self.clock = clock
        self.tls = tls
        self.transportFactory = transportFactory
        var configuration = SessionStateMachine.Configuration(appID: options.receiverApplicationID)
        configuration.launchOptions = options.launchOptions
        configuration.authenticate = options.deviceAuthentication
        configuration.backoff = options.backoff
        configuration.stopApplicationOnEnd = options.stopReceiverApplicationWhenEndingSession
        configuration.joinOnly = options.joinOnly
        machine = SessionStateMachine(configuration: configuration, deviceID: device.deviceID,
                                      seed: UInt64(truncatingIfNeeded: clock.now.nanoseconds) | 1)
        requests = PendingRequests(clock: clock, timeout: options.requestTimeout,
                                   metadata: ["cast.device": .string(device.deviceID)], log: options.log.request)
        heartbeat = HeartbeatHandler(clock: clock, configuration: .init(pingInterval: options.heartbeatInterval,
                                                                        livenessTimeout: options.heartbeatInterval * 2))
        heartbeat.log = options.log.channel
        deviceAuth = options.deviceAuthVerifier.map { DeviceAuthHandler(verifier: $0, clock: clock) }
        namespaces.register(connections, for: .connection)
        namespaces.register(heartbeat, for: .heartbeat)
        if let deviceAuth { namespaces.register(deviceAuth, for: .deviceAuth) }
        namespaces.register(self, for: .receiver)
        namespaces.register(self, for: .media)
        namespaces.register(self, for: .multizone)
        heartbeat.onConnectionDead = { socket in socket.close(.pingTimeout) }
    }

    /// `sessionID` of the app session.
    public var sessionID: String? { machine.application?.sessionID }
    /// The app's transport id.
    public var transportID: String? { machine.application?.transportID }
    /// `applicationMetadata`: the running app as RECEIVER_STATUS lists it.
    public var applicationMetadata: ReceiverApplication? { machine.application }
    /// `connectionState`.
    public var connectionState: ConnectionState { machine.state.connectionState }
    /// Device volume 0…1, as last reported.
    public var deviceVolume: Double? { receiverStatus?.status?.volume?.level }
    /// Device mute, as last reported.
    public var deviceMuted: Bool? { receiverStatus?.status?.volume?.muted }
    /// The device's verified certificate chain, nil until device authentication succeeded (or when it is off).
    public private(set) var deviceChain: DeviceChainReport?
    /// What the device may play, from its certificates: `audioOnly` devices get no video from real senders.
    public var devicePolicy: DevicePolicy? { deviceChain?.policy }

    /// Metadata for log records of this session.
    func metadata(requestID: Int64? = nil, namespace: CastNamespace? = nil) -> LogMetadata {
        self.metadata(requestID: requestID, namespace: namespace?.rawValue)
    }

    /// Metadata for log records of this session, with a custom namespace.
    func metadata(requestID: Int64? = nil, namespace: String?) -> LogMetadata {
        var fields: LogMetadata = ["cast.device": .string(machine.deviceID)]
        if let sessionID { fields.append("cast.session", .string(sessionID)) }
        if let transportID { fields.append("cast.transport", .string(transportID)) }
        if let requestID { fields.append("cast.request_id", .int(requestID)) }
        if let namespace { fields.append("cast.ns", .string(namespace)) }
        return fields
    }

    /// Registers a custom channel; it connects when the app transport does.
    public func add(_ channel: GenericCastChannel) {
        channel.session = self
        channels[channel.namespace] = channel
        namespaces.register(self, for: CastNamespace(rawValue: channel.namespace))
        if connectedTransportID != nil { channel.connected() }
    }

    /// Unregisters a custom channel.
    public func remove(_ channel: GenericCastChannel) {
        channel.disconnected()
        channels[channel.namespace] = nil
        namespaces.unregister(CastNamespace(rawValue: channel.namespace))
    }

    /// `setDeviceVolume:` (receiver SET_VOLUME, level clamped to 0…1).
    @discardableResult
    public func setDeviceVolume(_ level: Double) -> Request {
        var request = ReceiverRequest(type: .setVolume)
        request.volume = CastVolume(level: min(1, max(0, level)))
        return receiverRequest(.setVolume, request, group: "device-volume")
    }

    /// `setDeviceMuted:`.
    @discardableResult
    public func setDeviceMuted(_ muted: Bool) -> Request {
        var request = ReceiverRequest(type: .setVolume)
        request.volume = CastVolume(muted: muted)
        return receiverRequest(.setVolume, request, group: "device-mute")
    }

    /// How long ending with STOP waits for the receiver's answer before hanging up anyway.
    static let stopReplyTimeout: Duration = .seconds(3)

    func receiverRequest(_ type: CastMessageType, _ payload: ReceiverRequest, group: String? = nil,
                         timeout: Duration? = nil) -> Request {
        let kind = type.rawValue
        guard socket != nil else {
            return Request.failedLater(kind, CastError(.deviceNotConnected, "no connection"), loop: eventLoop)
        }
        let request = requests.start(kind, group: group, namespace: CastNamespace.receiver.rawValue,
                                     peer: CastEndpointID.platformReceiver, timeout: timeout)
        var payload = payload
        payload.requestID = request.requestID
        if let error = sendJSON(payload.json, namespace: CastNamespace.receiver.rawValue,
                                to: CastEndpointID.platformReceiver, log: options.log.receiverControlChannel)
        {
            fail(request, error)
        }
        return request
    }

    /// Ends `request` with `error` after the caller got it back, so a delegate set on it hears the outcome.
    func fail(_ request: Request, _ error: CastError) {
        let id = request.requestID
        eventLoop.execute { [weak self] in _ = self?.requests.reply(id, .failed(error)) }
    }

    // MARK: Sending

    /// Sends JSON; nil when it went out, else why not (see `send(_:namespace:)`).
    @discardableResult
    func sendJSON(_ json: JSONValue, namespace: String, to destination: String, log: LogCategory) -> CastError? {
        let text = json.serialized()
        log.verbose("send \(text)", metadata(requestID: json.castRequestID, namespace: namespace))
        return sendText(text, namespace: namespace, to: destination)
    }

    /// Sends a text message; nil when it went out, else why not.
    @discardableResult
    func sendText(_ text: String, namespace: String, to destination: String) -> CastError? {
        send(CastMessage(sourceID: options.senderID, destinationID: destination, namespace: namespace, json: text),
             namespace: namespace)
    }

    /// Sends a binary message; nil when it went out, else why not.
    @discardableResult
    func sendBinary(_ bytes: [UInt8], namespace: String, to destination: String) -> CastError? {
        send(CastMessage(sourceID: options.senderID, destinationID: destination, namespace: namespace, binary: bytes),
             namespace: namespace)
    }

    /// A message over the 64 KiB frame limit is GCKErrorCodeMessageTooBig at once, not a timeout later.
    private func send(_ message: CastMessage, namespace: String) -> CastError? {
        guard let socket else { return CastError(.deviceNotConnected, "no connection") }
        do throws(CastSocketError) {
            try socket.send(message)
            return nil
        } catch {
            options.log.session.warning("send failed: \(error)", metadata(namespace: namespace))
            if case .framing(let framing) = error.kind, case .bodyTooLarge(let length, let maximum) = framing.kind {
                return CastError(
                    .messageTooBig, "the message is \(length) bytes, over the \(maximum)-byte limit of a Cast frame "
                        + "(a long URL or metadata?)")
            }
            return CastError(.networkError, "the message could not be sent: \(error)")
        }
    }

    // MARK: Driving the state machine

    func feed(_ actions: [SessionAction]) {
        for action in actions { perform(action) }
    }

    private func perform(_ action: SessionAction) {
        options.log.session.verbose("\(machine.state): \(String(describing: action))", metadata())
        switch action {
        case .connectTransport: openTransport()
        case .authenticate: authenticate()
        case .connectReceiver: connectReceiver()
        case .launch: launch()
        case let .connectApplication(app): connectApplication(app)
        case let .stopApplication(sessionID):
            // Tracked: the session hangs up when the receiver answers, fails or the request times out.
            var stop = ReceiverRequest(type: .stop)
            stop.sessionID = sessionID
            options.log.receiverControlChannel.info("STOP \(sessionID)", metadata(namespace: .receiver))
            // New media commands fail from now on (the app is going away); STOP waits at most `stopReplyTimeout`.
            remoteMediaClient.detach(endSession: true)
            receiverRequest(.stop, stop, timeout: Self.stopReplyTimeout).whenFinished { [weak self] _ in
                guard let self else { return }
                self.feed(self.machine.applicationStopped())
            }
        case .closeTransport: closeTransport()
        case let .scheduleReconnect(delay):
            options.log.session.info("reconnecting in \(delay) (attempt \(machine.reconnectAttempt))", metadata())
            reconnectTimer?.cancel()
            reconnectTimer = clock.schedule(after: delay) { [weak self] in
                guard let self else { return }
                self.eventLoop.execute { self.feed(self.machine.reconnectDue()) }
            }
        case let .endRequests(error): requests.endAll(error)
        case let .saveResumeRecord(record): manager?.saveResumeRecord(record, session: self)
        case let .notify(notification): manager?.deliver(notification, session: self)
        }
    }

    private func openTransport() {
        followMovedDevice()
        options.log.session.info("connecting to \(device.host):\(device.servicePort)", metadata())
        let attempt = startConnectDeadline()
        transportFactory(device, eventLoop) { [weak self] result in
            guard let self else { return }
            guard connectDeadline.isRunning(attempt) else {
                // The attempt ran out of time (or the session moved on) while the connect was pending.
                if case let .success(transport) = result { transport.close() }
                return
            }
            switch result {
            case let .success(transport):
                if device.addresses.count > 1 {
                    options.log.session.info("connected to \(transport.peerDescription)", metadata())
                }
                do throws(TLSError) {
                    let socket = try CastSocket(transport: transport, security: .tls(tls))
                    socket.log = options.log.channel
                    self.socket = socket
                    socket.delegate = self
                    connectDeadline.advance(to: .tlsHandshake)
                    // The socket's own limit stays behind the attempt's, which names the stage that ran out.
                    socket.start(handshakeTimeout: options.connectTimeout + .seconds(1), clock: clock)
                } catch {
                    transport.close()
                    connectDeadline.finish()
                    feed(machine.connectionLost(CastError(.secureTransportError, "\(error)")))
                }
            case let .failure(error):
                connectDeadline.finish()
                options.log.session.warning("connect failed: \(error)", metadata())
                feed(machine.connectionLost(error))
            }
        }
    }

    private func authenticate() {
        guard let socket else { return }
        guard let deviceAuth else {
            connectDeadline.finish()
            feed(machine.authenticationFailed(CastError(.deviceCertificateNotTrusted,
                                                        "no Cast trust store configured")))
            return
        }
        let attempt = connectDeadline.attempt
        deviceAuth.authenticate(socket) { [weak self] result in
            guard let self else { return }
            // An attempt whose budget ran out was already reported; its socket's close ends the exchange too.
            guard connectDeadline.isRunning(attempt) else { return }
            connectDeadline.finish()
            switch result {
            case let .success(verified):
                deviceChain = verified.chain
                options.log.session.info("device authenticated (policy \(verified.policy.rawValue))", metadata())
                feed(machine.authenticated())
            case let .failure(error):
                options.log.session.error("device authentication failed: \(error)", metadata())
                feed(machine.authenticationFailed(Self.castError(error)))
            }
        }
    }

    private func connectReceiver() {
        guard let socket else { return }
        try? connections.connect(on: socket, from: options.senderID, to: CastEndpointID.platformReceiver)
        let request = receiverRequest(.getStatus, ReceiverRequest(type: .getStatus))
        request.whenFinished { [weak self] outcome in
            guard let self, case let .failed(error) = outcome, error.code != .sessionIsNotActive else { return }
            feed(machine.statusRequestFailed(error))
        }
    }

    private func launch() {
        let appID = machine.configuration.appID
        let request = requests.start(CastMessageType.launch.rawValue, group: "launch", namespace: CastNamespace.receiver.rawValue,
                                     peer: CastEndpointID.platformReceiver)
        let payload = machine.configuration.launchOptions.launchRequest(appID: appID, requestID: request.requestID)
        options.log.receiverControlChannel.info("LAUNCH \(appID)", metadata(requestID: request.requestID))
        sendJSON(payload.json, namespace: CastNamespace.receiver.rawValue, to: CastEndpointID.platformReceiver,
                 log: options.log.receiverControlChannel)
        request.whenFinished { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case let .failed(error): feed(machine.launchFailed(error))
            case .aborted: feed(machine.launchFailed(CastError(.launchRequestCancelled, "LAUNCH aborted")))
            case .completed: break
            }
        }
    }

    private func connectApplication(_ app: ReceiverApplication) {
        guard let socket, let transportID = app.transportID else { return }
        try? connections.connect(on: socket, from: options.senderID, to: transportID)
        connectedTransportID = transportID
        options.log.session.info("connected to app \(app.appID ?? "?") transport \(transportID)", metadata())
        if app.namespaces?.contains(CastNamespace.media.rawValue) ?? true { remoteMediaClient.attach() }
        for channel in channels.values { channel.connected() }
    }

    /// Closes the socket as ours to close, without a goodbye (no lost-connection report follows).
    func dropSocket() {
        guard let socket else { return }
        closingSocketID = socket.id
        cleanUp(socket)
        socket.close()
    }

    private func closeTransport() {
        connectDeadline.finish()
        reconnectTimer?.cancel()
        reconnectTimer = nil
        detachApplication(sessionEnded: machine.state == .ended || machine.state == .failed)
        guard let socket else { return }
        if socket.state == .open {
            if let transportID = connectedTransportID ?? transportID {
                try? connections.disconnect(on: socket, from: options.senderID, to: transportID)
            }
            try? connections.disconnect(on: socket, from: options.senderID, to: CastEndpointID.platformReceiver)
        }
        closingSocketID = socket.id
        cleanUp(socket)
        socket.close()
    }

    private func detachApplication(sessionEnded: Bool) {
        connectedTransportID = nil
        remoteMediaClient.detach(endSession: sessionEnded)
        for channel in channels.values { channel.disconnected() }
    }

    func heartbeatAttach(_ socket: CastSocket) { heartbeat.attach(socket) }

    func heartbeatSawTraffic(_ socket: CastSocket) { heartbeat.messageReceived(on: socket) }

    func routeInbound(_ message: CastMessage, from socket: CastSocket) { router.handle(message, from: socket) }

    func customChannel(_ namespace: String) -> GenericCastChannel? { channels[namespace] }

    /// True while a connection to the device is open.
    var hasSocket: Bool { socket != nil }

    /// True (once) when `socket` is the one we closed on purpose.
    func takeExpectedClose(_ socket: CastSocket) -> Bool {
        guard closingSocketID == socket.id else { return self.socket !== socket }
        closingSocketID = nil
        return true
    }

    func socketDidClose(_ socket: CastSocket) {
        if self.socket === socket { detachApplication(sessionEnded: false) }
        cleanUp(socket)
    }

    /// Test hook and fault path: drop the connection as if the network failed.
    public func simulateNetworkLoss() { socket?.reset() }

    private func cleanUp(_ socket: CastSocket) {
        heartbeat.detach(socket)
        deviceAuth?.socketClosed(socket)
        router.socketClosed(socket.id)
        if self.socket === socket { self.socket = nil }
    }
}
