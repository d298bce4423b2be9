import CastChannel
import CastLog
import CastNet
import CastWire

/// One connected sender: its `CastSocket`, its heartbeat timers and its per-connection faults.
///
/// Confined to the emulator's event loop, like the socket it owns.
final class SenderSession: CastSocketDelegate, @unchecked Sendable {
    // @unchecked Sendable: only touched on the event loop; Sendable so loop-scheduled closures can hold it.

    let id: SenderConnectionID
    let socket: CastSocket
    private unowned let emulator: ReceiverEmulator
    private let options: ReceiverEmulatorOptions
    private var timers: [any Cancellable] = []
    private var heartbeatTimer: (any Cancellable)?
    private var lastHeard: MonotonicInstant
    private var heartbeatStopped = false
    private var messagesSent = 0
    private var faultFrameSent = false
    private(set) var isOpen = false
    /// The sender id seen on its first message, used as the PING destination.
    private var senderID = CastEndpointID.platformSender
    private let log = Logger.shared.category("GCKHeartbeatChannel")

    init(id: SenderConnectionID, socket: CastSocket, emulator: ReceiverEmulator, options: ReceiverEmulatorOptions) {
        self.id = id
        self.socket = socket
        self.emulator = emulator
        self.options = options
        lastHeard = emulator.clock.now
    }

    func start() {
        socket.delegate = self
        socket.start()
        let clock = emulator.clock
        if let delay = options.faultDuration({ if case let .closeAfter(d) = $0 { d } else { nil } }) {
            timers.append(clock.schedule(after: delay) { [self] in
                log.info("fault close-after: closing", ["net.peer": .string(socket.peer)])
                socket.close()
            })
        }
        if let delay = options.faultDuration({ if case let .resetAfter(d) = $0 { d } else { nil } }) {
            timers.append(clock.schedule(after: delay) { [self] in
                log.info("fault reset-after: sending RST", ["net.peer": .string(socket.peer)])
                socket.reset()
            })
        }
        if let delay = options.faultDuration({ if case let .heartbeatStopAfter(d) = $0 { d } else { nil } }) {
            timers.append(clock.schedule(after: delay) { [self] in
                log.info("fault heartbeat-stop-after: no more PING/PONG", ["net.peer": .string(socket.peer)])
                heartbeatStopped = true
            })
        }
        scheduleHeartbeat()
    }

    private func scheduleHeartbeat() {
        heartbeatTimer = emulator.clock.schedule(after: options.heartbeatInterval) { [weak self] in
            guard let self, socket.state != .closed else { return }
            if emulator.clock.now - lastHeard >= options.livenessTimeout, !heartbeatStopped {
                log.info("no message for \(options.livenessTimeout): closing", ["net.peer": .string(socket.peer)])
                socket.close(.pingTimeout)
                return
            }
            if isOpen, !heartbeatStopped {
                send(CastMessage(sourceID: CastEndpointID.platformReceiver, destinationID: senderID,
                                 namespace: CastNamespace.heartbeat.rawValue, json: #"{"type":"PING"}"#))
            }
            scheduleHeartbeat()
        }
    }

    /// Sends `message`, or queues it behind the `delay` fault; injects a bad frame once the count is reached.
    func send(_ message: CastMessage) {
        if let delay = options.faultDuration({ if case let .delay(d) = $0 { d } else { nil } }),
           message.namespace != CastNamespace.heartbeat.rawValue
        {
            // Not kept in `timers`: sendNow checks the socket is still open.
            emulator.clock.schedule(after: delay) { [weak self] in self?.sendNow(message) }
        } else {
            sendNow(message)
        }
    }

    private func sendNow(_ message: CastMessage) {
        guard socket.state == .open else { return }
        do throws(CastSocketError) {
            try socket.send(message)
            messagesSent += 1
            try injectFaultFrameIfDue()
        } catch {
            log.info("send failed: \(error)", ["net.peer": .string(socket.peer)])
        }
    }

    private func injectFaultFrameIfDue() throws(CastSocketError) {
        guard !faultFrameSent else { return }
        if let count = options.faultCount({ if case let .malformedFrameAfter(n) = $0 { n } else { nil } }),
           messagesSent >= count
        {
            faultFrameSent = true
            // A 3-byte body of 0xFF: field 31, wire type 7 — not a CastMessage.
            try socket.sendUnframed([0x00, 0x00, 0x00, 0x03, 0xFF, 0xFF, 0xFF])
        } else if let count = options.faultCount({ if case let .oversizeFrameAfter(n) = $0 { n } else { nil } }),
                  messagesSent >= count
        {
            faultFrameSent = true
            // A header announcing 65 537 bytes, one more than Cast allows, followed by a little of that body.
            try socket.sendUnframed([0x00, 0x01, 0x00, 0x01] + [UInt8](repeating: 0x41, count: 64))
        }
    }

    func close() {
        socket.close()
    }

    func castSocketDidOpen(_ socket: CastSocket) {
        isOpen = true
        emulator.sessionOpened(self)
        try? injectFaultFrameIfDue()
    }

    func castSocket(_ socket: CastSocket, didReceive message: CastMessage) {
        lastHeard = emulator.clock.now
        if message.namespace == CastNamespace.heartbeat.rawValue, heartbeatStopped { return }
        if senderID == CastEndpointID.platformSender, message.sourceID != CastEndpointID.platformReceiver {
            senderID = message.sourceID
        }
        emulator.received(message, from: self)
    }

    func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason) {
        for timer in timers { timer.cancel() }
        timers = []
        heartbeatTimer?.cancel()
        heartbeatTimer = nil
        isOpen = false
        emulator.sessionClosed(self, reason: reason)
    }
}
