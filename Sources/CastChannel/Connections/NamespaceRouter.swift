import CastLog
public import CastWire

/// Routes each message to the one handler registered for its namespace; messages for unknown namespaces are
/// logged at debug and dropped (openscreen's `NamespaceRouter`).
///
/// Holds its handlers strongly. Confined to the socket's executor like the sockets it serves.
public final class NamespaceRouter: CastMessageHandler, @unchecked Sendable {
    // @unchecked Sendable: confined to one executor (design.md); see CastSocket.
    private var handlers: [String: any CastMessageHandler] = [:]

    /// A router with no handlers.
    public init() {}

    /// Makes `handler` the handler for `namespace`, replacing any earlier one.
    public func register(_ handler: any CastMessageHandler, for namespace: CastNamespace) {
        handlers[namespace.rawValue] = handler
    }

    /// Removes the handler for `namespace`.
    public func unregister(_ namespace: CastNamespace) {
        handlers[namespace.rawValue] = nil
    }

    /// The handler for `namespace`, if any.
    public func handler(for namespace: CastNamespace) -> (any CastMessageHandler)? {
        handlers[namespace.rawValue]
    }

    /// Namespaces with a handler, sorted.
    public var namespaces: [String] { handlers.keys.sorted() }

    /// Passes `message` to its namespace's handler, or logs and drops it.
    public func handle(_ message: CastMessage, from socket: CastSocket) {
        guard let handler = handlers[message.namespace] else {
            socket.log.channel.debug(
                "no handler for namespace \(message.namespace); message dropped",
                ChannelLog.metadata(message, peer: socket.peer))
            return
        }
        handler.handle(message, from: socket)
    }
}
