public import CastWire

/// What the session state machine asks its driver to do, in order.
public enum SessionAction: Sendable, Hashable {
    /// Open TCP + TLS to the device.
    case connectTransport
    /// Send the device-auth challenge.
    case authenticate
    /// CONNECT to `receiver-0` and GET_STATUS.
    case connectReceiver
    /// LAUNCH the app with the session's launch options.
    case launch
    /// CONNECT to the app's transport and start the media channel (and custom channels).
    case connectApplication(ReceiverApplication)
    /// Receiver STOP of the app session.
    case stopApplication(sessionID: String)
    /// CLOSE virtual connections and the socket.
    case closeTransport
    /// Call a reconnect attempt after the delay.
    case scheduleReconnect(after: Duration)
    /// Fail or abort every pending request of the session.
    case endRequests(CastError)
    /// Write (or, with nil, delete) the resume file.
    case saveResumeRecord(SessionResumeRecord?)
    /// Tell listeners.
    case notify(SessionNotification)
}
