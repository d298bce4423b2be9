/// Where a `CastSocket` is in its life (Chromium `ReadyState`, NIOSSLHandler's connection state).
public enum CastSocketState: Sendable, Hashable, CustomStringConvertible {
    /// Created, not started.
    case idle
    /// TLS handshake in progress.
    case handshaking
    /// Messages flow both ways.
    case open
    /// Close started; no more messages are delivered or accepted.
    case closing
    /// Finished; the close reason has been reported.
    case closed

    /// Lower-case name.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .handshaking: "handshaking"
        case .open: "open"
        case .closing: "closing"
        case .closed: "closed"
        }
    }
}
