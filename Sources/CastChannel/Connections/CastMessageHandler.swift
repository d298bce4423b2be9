public import CastWire

/// Handles the messages of one namespace (openscreen's `CastMessageHandler`).
///
/// Called on the socket's executor with each routed inbound message; replies go back through `socket.send`.
public protocol CastMessageHandler: AnyObject {
    /// Handles `message`, which arrived on `socket`.
    func handle(_ message: CastMessage, from socket: CastSocket)
}
