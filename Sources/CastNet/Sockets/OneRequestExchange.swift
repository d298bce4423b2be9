import Synchronization

/// One request, one answer, on an accepted connection — the shape of the small HTTP servers (the emulator's setup
/// API, the monitor's `/metrics`): bytes are gathered until `isWhole` says the request is there or `limit` is
/// passed, `respond` gives the answer (nil: the request was too long), the output is shut after it and the
/// connection closes when the client does, or after `lifetime` at most.
public final class OneRequestExchange: Sendable {
    private let connection: TCPConnection
    private let loop: EventLoop
    private let limit: Int
    private let lifetime: Duration
    private let isWhole: @Sendable ([UInt8]) -> Bool
    private let respond: @Sendable ([UInt8]?) -> [UInt8]
    private let received = Mutex<(bytes: [UInt8], answered: Bool)>(([], false))

    /// An exchange on `connection`; `respond` gets the request bytes, or nil when they passed `limit`.
    public init(connection: TCPConnection, loop: EventLoop, limit: Int, lifetime: Duration = .seconds(10),
                isWhole: @escaping @Sendable ([UInt8]) -> Bool, respond: @escaping @Sendable ([UInt8]?) -> [UInt8]) {
        self.connection = connection
        self.loop = loop
        self.limit = limit
        self.lifetime = lifetime
        self.isWhole = isWhole
        self.respond = respond
    }

    /// Starts reading; everything else happens on the loop.
    public func start() {
        let timer = loop.scheduleTask(in: lifetime) { [connection] in connection.close() }
        connection.start(TCPConnectionHandlers(
            onRead: { [self] bytes in
                let request = received.withLock { state -> [UInt8]?? in
                    guard !state.answered else { return nil }
                    state.bytes.append(contentsOf: bytes)
                    if state.bytes.count > limit {
                        state.answered = true
                        return .some(nil)
                    }
                    guard isWhole(state.bytes) else { return nil }
                    state.answered = true
                    return .some(state.bytes)
                }
                guard let request else { return }
                connection.write(respond(request))
                // FIN after the answer; the rest of the request is read and dropped until the client closes
                // (closing with unread input would send an RST that can take the answer with it). The lifetime
                // timer still ends a client that never does.
                connection.shutdownOutput()
            },
            onReadEOF: { [connection] in connection.close() },
            onClose: { _ in timer.cancel() }))
    }
}
