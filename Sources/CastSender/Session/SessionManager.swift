import CastChannel
public import CastDiscovery
import CastLog
public import CastNet
public import CastTLS
import Foundation

/// `GCKSessionManager`: starts, ends, suspends and resumes the (single) Cast session and tells listeners, in the
/// GCK order. Confined to the stack's event loop; `CastContext` is the async front door.
public final class SessionManager: @unchecked Sendable {
    /// The options sessions use.
    public let options: CastOptions
    /// The event loop everything runs on.
    public let eventLoop: EventLoop
    /// The clock for timers.
    public let clock: any ProtocolClock
    /// `currentCastSession`.
    public private(set) var currentCastSession: CastSession?
    let tls: TLSContext
    let transportFactory: CastSession.TransportFactory
    private var appListeners: [WeakSessionListener] = []
    private var frameworkListeners: [WeakSessionListener] = []
    /// Finds a device by id (e.g. in the discovery list) when a stream transfer names a destination; consulted
    /// before the address the transfer signal carries. Read on the loop: set it only on the loop, or before the
    /// manager is shared (`CastContext.init` points it at its discovery list).
    public var deviceLookup: (@Sendable (String) -> Device?)?

    /// A manager opening TLS with `tls` over transports from `transportFactory` (TCP by default).
    public init(options: CastOptions, eventLoop: EventLoop, clock: any ProtocolClock, tls: TLSContext,
                transportFactory: CastSession.TransportFactory? = nil) {
        self.options = options
        self.eventLoop = eventLoop
        self.clock = clock
        self.tls = tls
        self.transportFactory = transportFactory ?? SessionManager.tcpTransport
    }

    /// `connectionState`.
    public var connectionState: ConnectionState { currentCastSession?.connectionState ?? .disconnected }

    /// `hasConnectedCastSession`.
    public var hasConnectedCastSession: Bool { connectionState == .connected }

    /// `-addListener:` (held weakly); `framework` listeners follow the GCK ordering rule.
    public func add(_ listener: any SessionManagerListener, framework: Bool = false) {
        if framework {
            frameworkListeners.append(WeakSessionListener(listener: listener))
        } else {
            appListeners.append(WeakSessionListener(listener: listener))
        }
    }

    /// `-removeListener:`.
    public func remove(_ listener: any SessionManagerListener) {
        appListeners.removeAll { $0.listener == nil || $0.listener === listener }
        frameworkListeners.removeAll { $0.listener == nil || $0.listener === listener }
    }

    /// `-startSessionWithDevice:`: false when a session is already active.
    @discardableResult
    public func startSession(with device: Device) -> Bool {
        guard let session = makeSession(device) else { return false }
        options.log.sessionManager.info("starting session with \(device.friendlyName) (\(device.deviceID))",
                                      session.metadata())
        session.feed(session.machine.start())
        return true
    }

    /// Resumes the session in `record` on `device` (after a restart); false when a session is active.
    @discardableResult
    public func resumeSession(_ record: SessionResumeRecord, on device: Device) -> Bool {
        guard let session = makeSession(device) else { return false }
        options.log.sessionManager.info("resuming session \(record.sessionID) on \(record.deviceID)", session.metadata())
        session.feed(session.machine.resume(from: record))
        return true
    }

    /// `-endSession`: ends without stopping the receiver app (unless the options say so).
    @discardableResult
    public func endSession() -> Bool { endSessionAndStopCasting(false) }

    /// `-endSessionAndStopCasting:`.
    @discardableResult
    public func endSessionAndStopCasting(_ stopCasting: Bool) -> Bool {
        guard let session = currentCastSession else { return false }
        session.feed(session.machine.end(stopCasting: stopCasting))
        return true
    }

    /// `-suspendSessionWithReason:`.
    @discardableResult
    public func suspendSession(reason: ConnectionSuspendReason) -> Bool {
        guard let session = currentCastSession, session.machine.state == .connected else { return false }
        session.feed(session.machine.suspend(reason))
        return true
    }

    /// Resumes a suspended session now (no waiting for the backoff timer).
    @discardableResult
    public func resumeSuspendedSession() -> Bool {
        guard let session = currentCastSession, case .suspended = session.machine.state else { return false }
        session.feed(session.machine.reconnectDue())
        return true
    }

    private func makeSession(_ device: Device) -> CastSession? {
        if let current = currentCastSession {
            switch current.machine.state {
            case .ended, .failed, .idle: break
            default: return nil
            }
        }
        let session = CastSession(device: device, options: options, eventLoop: eventLoop, clock: clock, tls: tls,
                                  transportFactory: transportFactory)
        session.manager = self
        currentCastSession = session
        return session
    }

    /// The device a stream transfer moved the session to: `deviceLookup`'s answer, else one made from the address
    /// in the signal; nil when neither knows where it is.
    func destinationDevice(for signal: StreamTransferSignal) -> Device? {
        if let found = deviceLookup?(signal.deviceID) { return found }
        guard let host = signal.host, let ip = IPAddress(host) else { return nil }
        return Device(name: signal.friendlyName ?? signal.deviceID, address: ip,
                      port: signal.port ?? DeviceAddress.defaultPort, deviceID: signal.deviceID)
    }

    /// Calls the listeners for `notification` in the GCK order.
    func deliver(_ notification: SessionNotification, session: CastSession) {
        options.log.sessionManager.info("\(String(describing: notification))", session.metadata())
        let listeners = ListenerOrder.ordered(notification, app: appListeners, framework: frameworkListeners)
            .compactMap(\.listener)
        for listener in listeners {
            switch notification {
            case .willStart: listener.sessionManager(self, willStart: session)
            case .didStart: listener.sessionManager(self, didStart: session)
            case let .didFailToStart(error): listener.sessionManager(self, didFailToStart: session, withError: error)
            case .willEnd: listener.sessionManager(self, willEnd: session)
            case let .didEnd(error): listener.sessionManager(self, didEnd: session, withError: error)
            case let .didSuspend(reason): listener.sessionManager(self, didSuspend: session, withReason: reason)
            case .willResume: listener.sessionManager(self, willResume: session)
            case .didResume: listener.sessionManager(self, didResume: session)
            case let .didUpdateDevice(id): listener.sessionManager(self, session: session, didUpdateDevice: id)
            }
        }
    }

    func deliverVolume(level: Double, muted: Bool, session: CastSession) {
        options.log.sessionManager.debug("device volume \(level) muted \(muted)", session.metadata())
        for listener in (frameworkListeners + appListeners).compactMap(\.listener) {
            listener.sessionManager(self, session: session, didReceiveDeviceVolume: level, muted: muted)
        }
    }

    func deliverStatus(_ statusText: String?, session: CastSession) {
        for listener in (frameworkListeners + appListeners).compactMap(\.listener) {
            listener.sessionManager(self, session: session, didReceiveDeviceStatus: statusText)
        }
    }

    func saveResumeRecord(_ record: SessionResumeRecord?, session: CastSession) {
        guard let path = options.resumeFilePath else { return }
        var record = record
        record?.host = session.device.networkAddress?.description
        record?.port = Int(session.device.servicePort)
        if let record {
            _ = FileManager.default.createFile(atPath: path, contents: Data(record.text.utf8),
                                           attributes: [.posixPermissions: 0o600])
        } else {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// TCP to the device's service port at the first of its addresses that answers (RFC 8305: IPv6 and IPv4
    /// interleaved, each attempt 250 ms after the previous one unless that fails sooner).
    static func tcpTransport(_ device: Device, _ loop: EventLoop,
                             _ completion: @escaping (Result<any CastTransport, CastError>) -> Void) {
        guard !device.addresses.isEmpty else {
            completion(.failure(CastError(.networkNotReachable, "\(device.friendlyName) has no address")))
            return
        }
        let box = CompletionBox(completion)
        let targets = device.addresses.map { SocketAddress(ip: $0, port: device.servicePort) }
        TCPConnection.connect(toFirstOf: targets, on: loop) { result in
            switch result {
            case let .success(connection): box.completion(.success(TCPTransport(connection: connection)))
            case let .failure(error):
                let tried = targets.count > 1 ? " (tried \(targets.map(\.description).joined(separator: ", ")))" : ""
                box.completion(.failure(CastError(.networkError, "\(error)\(tried)")))
            }
        }
    }
}

/// Carries a loop-confined completion into a `@Sendable` callback that runs on the same loop.
private final class CompletionBox: @unchecked Sendable {
    let completion: (Result<any CastTransport, CastError>) -> Void
    init(_ completion: @escaping (Result<any CastTransport, CastError>) -> Void) { self.completion = completion }
}

/// A weakly held session listener.
private struct WeakSessionListener {
    weak var listener: (any SessionManagerListener)?
}
