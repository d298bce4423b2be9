import CastLog
public import CastNet
public import CastTLS
public import CastWire
import Glibc
import Synchronization

/// Hands out socket ids, unique in the process.
private let socketIDCounter = Atomic<Int>(1)

/// One Cast channel: a transport, TLS over it (client or server role) and the frame decoder (protocol.md §2.1–2.2).
///
/// Usage: 1. make it over a transport with a `TLSContext`; 2. set `delegate`; 3. `start()` — a client sends its
/// ClientHello, a server waits for one; 4. after `castSocketDidOpen`, `send(_:)` messages and receive them through
/// `castSocket(_:didReceive:)` in order; 5. `close()`. An inbound frame over 64 KiB or one that is not a
/// `CastMessage` closes the channel with `INVALID_MESSAGE` (logged at error); messages decoded before it stay
/// delivered. TLS failures and the peer's close arrive as the close reason, reported exactly once.
///
/// Not thread-safe: confine a socket, its transport and its delegate to one executor (the event loop for TCP).
public final class CastSocket: @unchecked Sendable {
    // @unchecked Sendable: confined to one executor (design.md's threading model); Sendable only so it can be
    // captured by the @Sendable closures that hop onto that executor.

    /// Process-unique id, for router bookkeeping.
    public let id: Int
    /// The transport under TLS.
    public let transport: any CastTransport
    /// The TLS session, nil for `.plaintext`.
    public let tlsConnection: TLSConnection?
    /// Receives events; held weakly.
    public weak var delegate: (any CastSocketDelegate)?
    /// Why the socket closed, once it has.
    public private(set) var closeReason: CastCloseReason?
    /// Messages delivered to the delegate so far.
    public private(set) var messagesReceived = 0
    /// Messages sent so far.
    public private(set) var messagesSent = 0

    private var machine = CastSocketStateMachine()
    private var handshakeTimer: (any Cancellable)?
    private var frames = CastFrameStream()
    private let isClient: Bool

    /// The classes this socket logs under (the sender's by default; the emulator sets `.receiver()`).
    public var log = ChannelLogClasses.sender

    /// A socket over `transport`; throws when TLS cannot make a connection from the context.
    public init(transport: any CastTransport, security: CastSocketSecurity) throws(TLSError) {
        id = socketIDCounter.wrappingAdd(1, ordering: .relaxed).oldValue
        self.transport = transport
        switch security {
        case .tls(let context):
            tlsConnection = try TLSConnection(context: context)
            isClient = context.configuration.role == .client
        case .plaintext:
            tlsConnection = nil
            isClient = true
        }
    }

    /// The current state.
    public var state: CastSocketState { machine.state }
    /// The peer, as the transport names it (`net.peer`).
    public var peer: String { transport.peerDescription }
    /// The certificate the peer presented in the TLS handshake (the device's, seen from a sender).
    public var peerCertificate: X509Certificate? { tlsConnection?.peerCertificate }

    /// Starts the transport and the handshake.
    public func start() {
        perform(machine.start())
    }

    /// Starts like `start()`, and closes the socket with `.transport(ETIMEDOUT)` if the channel is not open
    /// within `handshakeTimeout` on `clock` (Chromium's connect timeout is 10 s); a peer that stalls mid-handshake
    /// cannot hold the socket forever.
    public func start(handshakeTimeout: Duration, clock: any ProtocolClock) {
        start()
        guard machine.state == .handshaking else { return }
        handshakeTimer = clock.schedule(after: handshakeTimeout) { [weak self] in
            guard let self, self.machine.state == .handshaking else { return }
            self.close(.transport(IOError(errno: ETIMEDOUT, call: "TLS handshake")))
        }
    }

    /// Frames, encrypts and sends `message`; throws when the socket is not open or the message is over 64 KiB.
    public func send(_ message: CastMessage) throws(CastSocketError) {
        guard machine.state == .open else { throw CastSocketError(.notOpen(machine.state)) }
        let frame: [UInt8]
        do throws(FramingError) {
            frame = try CastFrameEncoder.encode(message)
        } catch {
            throw CastSocketError(.framing(error))
        }
        log.channel.verbose(
            "sent \(message.sourceID) -> \(message.destinationID): \(ChannelLog.payloadText(message))",
            ChannelLog.metadata(message, peer: peer))
        messagesSent += 1
        try write(frame)
    }

    /// Writes `bytes` as they are into the channel (through TLS), bypassing framing: for fault injection
    /// (the emulator's malformed and oversize frames) only.
    public func sendUnframed(_ bytes: [UInt8]) throws(CastSocketError) {
        guard machine.state == .open else { throw CastSocketError(.notOpen(machine.state)) }
        try write(bytes)
    }

    /// Closes the channel: close_notify when TLS is up, then the transport after queued bytes; the delegate hears
    /// `reason` (`.closedLocally` unless a handler closes for a protocol reason).
    public func close(_ reason: CastCloseReason = .closedLocally) {
        perform(machine.closeRequested(reason))
    }

    /// Closes at once with a TCP RST (the emulator's `reset-after` fault); the delegate hears `.closedLocally`.
    public func reset() {
        guard case .close(let reason, _) = machine.closeRequested(.closedLocally) else { return }
        transport.reset()
        finishClose(reason)
    }

    // MARK: Internals

    private func write(_ plaintext: [UInt8]) throws(CastSocketError) {
        guard let tls = tlsConnection else {
            transport.send(plaintext)
            return
        }
        switch tls.write(plaintext) {
        case .complete, .incomplete:
            flushCiphertext()
        case .failed(let error):
            flushCiphertext()
            close(.tls(error))
            throw CastSocketError(.tls(error))
        }
    }

    private func perform(_ action: CastSocketStateMachine.Action) {
        switch action {
        case .none:
            return
        case .startHandshake:
            log.deviceManager.debug(
                "starting \(tlsConnection == nil ? "plaintext" : (isClient ? "TLS client" : "TLS server")) channel",
                ["net.peer": .string(peer)])
            transport.start(self)
            if tlsConnection == nil {
                perform(machine.handshakeCompleted())
            } else if isClient {
                advanceHandshake()
            }
        case .reportOpen:
            handshakeTimer?.cancel()
            handshakeTimer = nil
            if let tls = tlsConnection {
                log.deviceManager.info(
                    "TLS up: \(tls.negotiatedVersion?.description ?? "?") \(tls.negotiatedCipherSuite ?? "?")",
                    ["net.peer": .string(peer)])
            }
            delegate?.castSocketDidOpen(self)
        case .close(let reason, let notifyPeer):
            if notifyPeer, let tls = tlsConnection { _ = tls.shutdown() }
            flushCiphertext()
            transport.close()
            finishClose(reason)
        case .reportClosed(let reason):
            report(reason)
        }
    }

    private func finishClose(_ reason: CastCloseReason) {
        machine.closeFinished()
        report(reason)
    }

    private func report(_ reason: CastCloseReason) {
        handshakeTimer?.cancel()
        handshakeTimer = nil
        closeReason = reason
        if case .invalidMessage = reason {
            log.deviceManager.error("closing channel: \(reason.description)", ["net.peer": .string(peer)])
        } else if reason.isError {
            log.deviceManager.info("channel closed: \(reason.description)", ["net.peer": .string(peer)])
        } else {
            log.deviceManager.debug("channel closed: \(reason.description)", ["net.peer": .string(peer)])
        }
        delegate?.castSocket(self, didCloseWith: reason)
    }

    private func flushCiphertext() {
        guard let tls = tlsConnection else { return }
        let bytes = tls.takeCiphertext()
        if !bytes.isEmpty { transport.send(bytes) }
    }

    /// Runs the handshake as far as it goes; opens the channel when it completes.
    private func advanceHandshake() {
        guard let tls = tlsConnection else { return }
        switch tls.handshake() {
        case .incomplete:
            flushCiphertext()
        case .complete:
            flushCiphertext()
            perform(machine.handshakeCompleted())
        case .failed(let error):
            flushCiphertext()  // the alert, if OpenSSL queued one
            close(.tls(error))
        }
    }

    /// Decrypts whatever TLS holds and delivers the frames in it.
    private func readApplicationData() {
        guard let tls = tlsConnection else { return }
        while machine.state == .open {
            switch tls.read() {
            case .incomplete:
                flushCiphertext()
                return
            case .complete(.data(let bytes)):
                flushCiphertext()
                deliver(bytes)
            case .complete(.closed):
                close(.closedByPeer)
            case .failed(let error):
                flushCiphertext()
                close(.tls(error))
            }
        }
    }

    /// Appends plaintext to the frame stream and delivers every complete message, stopping at the first bad frame.
    func deliver(_ plaintext: [UInt8]) {
        frames.append(plaintext)
        while machine.state == .open {
            let message: CastMessage
            do throws(FramingError) {
                guard let next = try frames.next() else { return }
                message = next
            } catch {
                close(.invalidMessage(error))
                return
            }
            messagesReceived += 1
            log.channel.verbose(
                "received \(message.sourceID) -> \(message.destinationID): \(ChannelLog.payloadText(message))",
                ChannelLog.metadata(message, peer: peer))
            delegate?.castSocket(self, didReceive: message)
        }
    }
}

extension CastSocket: CastTransportDelegate {
    /// Feeds received bytes through TLS and the frame decoder.
    public func transportDidReceive(_ bytes: [UInt8]) {
        switch machine.state {
        case .handshaking:
            guard let tls = tlsConnection else { return }
            tls.feed(ciphertext: bytes)
            advanceHandshake()
            readApplicationData()
        case .open:
            guard let tls = tlsConnection else {
                deliver(bytes)
                return
            }
            tls.feed(ciphertext: bytes)
            readApplicationData()
        case .idle, .closing, .closed:
            return
        }
    }

    /// Reports the transport's end as the close reason (unless the socket already closed itself).
    public func transportDidClose(_ error: IOError?) {
        let reason: CastCloseReason = error.map { .transport($0) } ?? .closedByPeer
        perform(machine.transportClosed(reason))
    }
}
