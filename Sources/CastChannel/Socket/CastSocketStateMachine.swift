/// The life of a `CastSocket` as a value: events in, the one thing the socket must do out.
///
/// idle → handshaking → open → closing → closed; any state may jump to closing on a failure, and the close is
/// reported exactly once. The socket performs the I/O; this type only decides.
public struct CastSocketStateMachine: Sendable {
    /// What the socket must do after an event.
    public enum Action: Sendable {
        /// Nothing.
        case none
        /// Begin (client: send the first handshake flight).
        case startHandshake
        /// Tell the delegate the channel is open.
        case reportOpen
        /// Send close_notify if TLS is up, close the transport, and report `reason`.
        case close(CastCloseReason, notifyPeer: Bool)
        /// The transport ended on its own: report `reason` without touching it again.
        case reportClosed(CastCloseReason)
    }

    /// The current state.
    public private(set) var state: CastSocketState = .idle

    /// A machine in `.idle`.
    public init() {}

    /// `start()` was called.
    public mutating func start() -> Action {
        guard state == .idle else { return .none }
        state = .handshaking
        return .startHandshake
    }

    /// The TLS handshake finished (or there is no TLS).
    public mutating func handshakeCompleted() -> Action {
        guard state == .handshaking else { return .none }
        state = .open
        return .reportOpen
    }

    /// The owner or the stack (heartbeat, device auth, a bad frame) asked to close for `reason`.
    public mutating func closeRequested(_ reason: CastCloseReason) -> Action {
        switch state {
        case .idle, .handshaking, .open:
            let wasOpen = state == .open
            state = .closing
            return .close(reason, notifyPeer: wasOpen)
        case .closing, .closed:
            return .none
        }
    }

    /// The close action has been carried out.
    public mutating func closeFinished() {
        state = .closed
    }

    /// The transport reported its end.
    public mutating func transportClosed(_ reason: CastCloseReason) -> Action {
        switch state {
        case .idle, .handshaking, .open:
            state = .closed
            return .reportClosed(reason)
        case .closing, .closed:
            state = .closed
            return .none
        }
    }
}
