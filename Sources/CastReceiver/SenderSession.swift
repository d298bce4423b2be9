import CastChannel
import CastJSON
import CastLog
import CastNet
import CastWire

/// One connected sender: its `CastSocket` and its per-connection faults. Heartbeat and device auth go to the
/// emulator's shared channel handlers; everything else to the `ReceiverDevice`.
///
/// Confined to the emulator's event loop, like the socket it owns.
final class SenderSession: CastSocketDelegate, @unchecked Sendable {
    // @unchecked Sendable: only touched on the event loop; Sendable so loop-scheduled closures can hold it.

    let id: SenderConnectionID
    let socket: CastSocket
    private unowned let emulator: ReceiverEmulator
    private let options: ReceiverEmulatorOptions
    private var timers: [any Cancellable] = []
    private var messagesSent = 0
    private var faultFrameSent = false
    private(set) var isOpen = false
    private var heartbeatStopped = false
    private let log: LogCategory

    init(id: SenderConnectionID, socket: CastSocket, emulator: ReceiverEmulator, options: ReceiverEmulatorOptions) {
        self.id = id
        self.socket = socket
        self.emulator = emulator
        self.options = options
        log = options.logger.category("CastReceiverContext")
    }

    func start() {
        socket.delegate = self
        let clock = emulator.clock
        socket.start(handshakeTimeout: options.handshakeTimeout, clock: clock)
        let peer: LogMetadata = ["net.peer": .string(socket.peer)]
        if let delay = options.faultDuration({ if case .closeAfter(let d) = $0 { d } else { nil } }) {
            timers.append(
                clock.schedule(after: delay) { [self] in
                    log.info("fault close-after: closing", peer)
                    socket.close()
                })
        }
        if let delay = options.faultDuration({ if case .resetAfter(let d) = $0 { d } else { nil } }) {
            timers.append(
                clock.schedule(after: delay) { [self] in
                    log.info("fault reset-after: sending RST", peer)
                    socket.reset()
                })
        }
        if let delay = options.faultDuration({ if case .heartbeatStopAfter(let d) = $0 { d } else { nil } }) {
            timers.append(
                clock.schedule(after: delay) { [self] in
                    log.info("fault heartbeat-stop-after: no more PING/PONG", peer)
                    heartbeatStopped = true
                    // Before the channel opens the socket is not attached yet; castSocketDidOpen applies it then.
                    if isOpen { emulator.heartbeat.setSuspended(true, for: socket) }
                })
        }
    }

    /// Sends `message`, or queues it behind the `delay` fault; injects a bad frame once the count is reached.
    func send(_ message: CastMessage) {
        if let delay = options.faultDuration({ if case .delay(let d) = $0 { d } else { nil } }) {
            // Not kept in `timers`: sendNow checks the socket is still open.
            emulator.clock.schedule(after: delay) { [weak self] in self?.sendNow(message) }
        } else {
            sendNow(message)
        }
    }

    private func sendNow(_ message: CastMessage) {
        guard socket.state == .open else { return }
        do throws(CastSocketError) {
            if options.configuration.faults.contains(.strayReplies) {
                for stray in StrayReplies.before(message) { try socket.send(stray) }
            }
            try socket.send(message)
            messagesSent += 1
            try injectFaultFrameIfDue()
        } catch {
            log.info("send failed: \(error)", ["net.peer": .string(socket.peer)])
        }
    }

    private func injectFaultFrameIfDue() throws(CastSocketError) {
        guard !faultFrameSent else { return }
        if let count = options.faultCount({ if case .malformedFrameAfter(let n) = $0 { n } else { nil } }),
            messagesSent >= count
        {
            faultFrameSent = true
            log.info("fault malformed-frame-after=\(count): sending a frame that is not a CastMessage")
            // A 3-byte body of 0xFF: field 31 with wire type 7, which protobuf does not have.
            try socket.sendUnframed([0x00, 0x00, 0x00, 0x03, 0xFF, 0xFF, 0xFF])
        } else if let count = options.faultCount({ if case .oversizeFrameAfter(let n) = $0 { n } else { nil } }),
            messagesSent >= count
        {
            faultFrameSent = true
            log.info("fault oversize-frame-after=\(count): announcing a 65537-byte frame")
            try socket.sendUnframed([0x00, 0x01, 0x00, 0x01] + [UInt8](repeating: 0x41, count: 64))
        }
    }

    func close() {
        socket.close()
    }

    func castSocketDidOpen(_ socket: CastSocket) {
        isOpen = true
        emulator.heartbeat.attach(socket)
        if heartbeatStopped { emulator.heartbeat.setSuspended(true, for: socket) }
        emulator.sessionOpened(self)
        try? injectFaultFrameIfDue()
    }

    func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        emulator.heartbeat.messageReceived(on: socket)
        switch CastNamespace(rawValue: message.namespace) {
        case .heartbeat:
            if !options.configuration.ignoredTypes.isEmpty, let text = message.payloadUTF8,
                let type = (try? JSONValue(parsing: text))?.castMessageType?.rawValue,
                options.configuration.ignoredTypes.contains(type)
            {
                return
            }
            emulator.heartbeat.handle(message, from: socket)
        case .deviceAuth:
            emulator.deviceAuth.handle(message, from: socket)
        default:
            emulator.received(message, from: self)
        }
    }

    func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        for timer in timers { timer.cancel() }
        timers = []
        isOpen = false
        emulator.heartbeat.detach(socket)
        emulator.sessionClosed(self, reason: reason)
    }
}
