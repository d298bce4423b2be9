import CastLog
public import CastNet
public import CastWire

/// The `tp.heartbeat` namespace for any number of sockets: answers PING with PONG, sends PINGs and detects dead
/// connections through one `HeartbeatStateMachine` per socket, with timers on an injected `ProtocolClock`.
///
/// Usage: `attach` a socket once it is open, call `messageReceived(on:)` for every inbound message on it (any
/// message proves liveness), register the handler for `.heartbeat`, `detach` when the socket closes. A dead
/// connection is reported through `onConnectionDead` (by default the socket is closed with `.pingTimeout`).
/// Confined to the sockets' executor; with `SystemClock` timers fire on the loop, with `ManualClock` in `advance`.
public final class HeartbeatHandler: CastMessageHandler, @unchecked Sendable {
    // @unchecked Sendable: confined to one executor (design.md); Sendable so clock timers can call back.

    private struct Entry {
        var socket: CastSocket
        var machine: HeartbeatStateMachine
        var timer: (any Cancellable)?
        var armedAt: MonotonicInstant?
        var suspended = false
    }

    /// The clock for time and timers.
    public let clock: any ProtocolClock
    /// The intervals every attached socket uses.
    public let configuration: HeartbeatStateMachine.Configuration
    /// Our endpoint id in PINGs (`sender-0` or `receiver-0`).
    public let localID: String
    /// The endpoint our PINGs go to.
    public let peerID: String
    /// Called once per socket when its connection is dead; the default closes the socket with `.pingTimeout`.
    public var onConnectionDead: (CastSocket) -> Void = { socket in socket.close(.pingTimeout) }

    private var entries: [Int: Entry] = [:]

    /// A handler sending PINGs from `localID` to `peerID`.
    /// The classes this handler logs under (the sender's by default).
    public var log = ChannelLogClasses.sender

    public init(
        clock: any ProtocolClock, configuration: HeartbeatStateMachine.Configuration = .init(),
        localID: String = CastEndpointID.platformSender, peerID: String = CastEndpointID.platformReceiver
    ) {
        self.clock = clock
        self.configuration = configuration
        self.localID = localID
        self.peerID = peerID
    }

    /// Starts monitoring `socket` from now.
    public func attach(_ socket: CastSocket) {
        entries[socket.id]?.timer?.cancel()
        entries[socket.id] = Entry(
            socket: socket, machine: HeartbeatStateMachine(configuration: configuration, now: clock.now))
        arm(socket.id)
    }

    /// Stops monitoring `socket` and cancels its timer.
    public func detach(_ socket: CastSocket) {
        entries.removeValue(forKey: socket.id)?.timer?.cancel()
    }

    /// Sockets being monitored.
    public var attachedCount: Int { entries.count }

    /// Fault injection (the emulator's `heartbeat-stop-after`): a suspended socket neither sends PINGs nor answers
    /// them, and is never declared dead.
    public func setSuspended(_ suspended: Bool, for socket: CastSocket) {
        guard entries[socket.id] != nil else { return }
        entries[socket.id]?.suspended = suspended
        if suspended {
            entries[socket.id]?.timer?.cancel()
            entries[socket.id]?.timer = nil
            entries[socket.id]?.armedAt = nil
        } else {
            entries[socket.id]?.machine.messageReceived(at: clock.now)
            arm(socket.id)
        }
    }

    /// Any inbound message on `socket` proves the peer alive.
    public func messageReceived(on socket: CastSocket) {
        entries[socket.id]?.machine.messageReceived(at: clock.now)
    }

    /// Answers PING with PONG; PONG only counts as traffic.
    public func handle(_ message: CastMessage, from socket: CastSocket) {
        guard let entry = entries[socket.id], !entry.suspended else { return }
        guard let text = message.payloadUTF8, let payload = try? HeartbeatMessage(jsonText: text) else {
            log.heartbeat.debug("unreadable heartbeat message", ChannelLog.metadata(message, peer: socket.peer))
            return
        }
        let now = clock.now
        if payload.type == .ping {
            let actions = entries[socket.id]?.machine.pingReceived(requestID: payload.requestID, at: now) ?? []
            perform(actions, socketID: socket.id, replyTo: message)
        } else {
            entries[socket.id]?.machine.messageReceived(at: now)
            log.heartbeat.verbose("PONG", ChannelLog.metadata(message, peer: socket.peer))
        }
    }

    private func perform(_ actions: [HeartbeatStateMachine.Action], socketID: Int, replyTo inbound: CastMessage?) {
        guard let socket = entries[socketID]?.socket else { return }
        for action in actions {
            switch action {
            case .sendPing:
                let ping = CastMessage(
                    sourceID: localID, destinationID: peerID, namespace: CastNamespace.heartbeat.rawValue,
                    json: HeartbeatMessage(type: .ping).jsonText)
                log.heartbeat.verbose("PING", ChannelLog.metadata(ping, peer: socket.peer))
                try? socket.send(ping)
            case .sendPong(let requestID):
                let pong = CastMessage(
                    sourceID: inbound?.destinationID ?? localID, destinationID: inbound?.sourceID ?? peerID,
                    namespace: CastNamespace.heartbeat.rawValue,
                    json: HeartbeatMessage(type: .pong, requestID: requestID).jsonText)
                try? socket.send(pong)
            case .connectionDead:
                log.heartbeat.info(
                    "no message for \(configuration.livenessTimeout.description); connection dead (PING_TIMEOUT)",
                    ["net.peer": .string(socket.peer)])
                detach(socket)
                onConnectionDead(socket)
            }
        }
    }

    /// Makes sure a timer is pending at (or before) the machine's next deadline.
    private func arm(_ socketID: Int) {
        guard let entry = entries[socketID], !entry.suspended, let deadline = entry.machine.nextDeadline else { return }
        if let armedAt = entry.armedAt, armedAt <= deadline, entry.timer != nil { return }
        entry.timer?.cancel()
        let now = clock.now
        let delay = deadline > now ? deadline - now : .zero
        entries[socketID]?.armedAt = deadline
        entries[socketID]?.timer = clock.schedule(after: delay) { [weak self] in self?.timerFired(socketID) }
    }

    private func timerFired(_ socketID: Int) {
        guard entries[socketID] != nil else { return }
        entries[socketID]?.timer = nil
        entries[socketID]?.armedAt = nil
        let actions = entries[socketID]?.machine.timeAdvanced(to: clock.now) ?? []
        perform(actions, socketID: socketID, replyTo: nil)
        arm(socketID)
    }
}
