public import CastDiscovery
public import CastChannel
import CastLog
public import CastNet
public import CastTLS
public import CastWire
public import Foundation
import Synchronization

/// `castscope auth check`: connects to a device, runs device authentication with a fresh nonce and reports what the
/// device presented and every check on it (`DeviceAuthInspection`), on `eventLoop`, bounded by `timeout`.
public final class DeviceAuthProbe: CastSocketDelegate, @unchecked Sendable {
    // @unchecked Sendable: confined to `eventLoop` after start; the result crosses back through a Mutex.

    /// What the probe ends with: the inspection, or why none could be made (connect, TLS, no reply).
    public enum Outcome: Sendable {
        /// The device answered the challenge.
        case inspected(DeviceAuthInspection)
        /// No answer to inspect: the reason.
        case failed(String)
    }

    private let device: Device
    private let verifier: DeviceAuthVerifier
    private let eventLoop: EventLoop
    private let timeout: Duration
    private let tls: TLSContext
    private let now: Date
    private var socket: CastSocket?
    private var handler: DeviceAuthHandler?
    private var inspection: DeviceAuthInspection?
    /// The probe's budget, and the stage it names when the budget runs out (touched on the event loop only).
    private var deadline = ConnectDeadline()
    private let finished = Mutex<CheckedContinuation<Outcome, Never>?>(nil)

    /// A probe of `device` checking with `verifier` as of `now`.
    public init(device: Device, verifier: DeviceAuthVerifier, eventLoop: EventLoop, timeout: Duration, now: Date) throws(TLSError) {
        self.device = device
        self.verifier = verifier
        self.eventLoop = eventLoop
        self.timeout = timeout
        self.now = now
        tls = try TLSContext(configuration: TLSConfiguration.client())
    }

    /// Runs the probe once and returns its outcome.
    public func run() async -> Outcome {
        await withCheckedContinuation { continuation in
            finished.withLock { $0 = continuation }
            Task {
                let started: Void? = try? await eventLoop.submit { self.start() }
                if started == nil { finish(.failed("the event loop has stopped")) }
            }
        }
    }

    private func start() {
        _ = deadline.start(budget: timeout, clock: SystemClock(eventLoop: eventLoop)) { [self] attempt in
            eventLoop.execute {
                guard let stage = self.deadline.expire(attempt) else { return }
                self.finish(.failed("\(stage.rawValue) did not finish within \(ConnectDeadline.text(self.timeout))"))
            }
        }
        SessionManager.tcpTransport(device, eventLoop) { [self] result in
            switch result {
            case .failure(let error): finish(.failed("connect: \(error)"))
            case .success(let transport):
                guard finished.withLock({ $0 != nil }) else {
                    transport.close()  // the timeout ended the probe while connecting
                    return
                }
                do throws(TLSError) {
                    let socket = try CastSocket(transport: transport, security: .tls(tls))
                    self.socket = socket
                    socket.delegate = self
                    deadline.advance(to: .tlsHandshake)
                    socket.start()
                } catch {
                    transport.close()
                    finish(.failed("TLS: \(error)"))
                }
            }
        }
    }

    public func castSocketDidOpen(_ socket: CastSocket) {
        deadline.advance(to: .deviceAuthentication)
        let handler = DeviceAuthHandler(verifier: verifier, clock: SystemClock(eventLoop: eventLoop), timeout: timeout)
        handler.closesSocketOnFailure = false
        // `now` (--at) dates the chain only: the TLS certificate's 4-day limit is about the real present.
        handler.replyObserver = { [self] reply, challenge, peer in
            inspection = verifier.inspect(reply, challenge: challenge, peerCertificateDER: peer, now: Date(), chainTime: now)
        }
        self.handler = handler
        handler.authenticate(socket) { [self] result in
            if let inspection {
                finish(.inspected(inspection))
            } else if case .failure(let error) = result {
                finish(.failed("\(error)"))
            }
        }
    }

    public func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        if message.namespace == CastNamespace.deviceAuth.rawValue { handler?.handle(message, from: socket) }
    }

    public func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        handler?.socketClosed(socket)
        finish(.failed("the device closed the connection: \(reason)"))
    }

    private func finish(_ outcome: Outcome) {
        guard let continuation = finished.withLock({ value in defer { value = nil }; return value }) else { return }
        deadline.finish()
        handler = nil  // its callbacks hold the probe
        socket?.close(.closedLocally)
        continuation.resume(returning: outcome)
    }
}
