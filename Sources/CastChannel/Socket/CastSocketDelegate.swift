public import CastWire

/// Receives a `CastSocket`'s events, on the socket's executor.
public protocol CastSocketDelegate: AnyObject {
    /// TLS is up (and, for the client, the channel may now send its device-auth challenge and CONNECT).
    func castSocketDidOpen(_ socket: CastSocket)
    /// One decoded inbound message, in arrival order; never called after `castSocket(_:didCloseWith:)`.
    func castSocket(_ socket: CastSocket, didReceive message: CastMessage)
    /// The socket closed; called exactly once.
    func castSocket(_ socket: CastSocket, didCloseWith reason: CastCloseReason)
}
