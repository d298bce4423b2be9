public import CastNet
import Glibc

/// A `CastTransport` over a CastNet `TCPConnection`; every call and callback belongs on the connection's loop.
public final class TCPTransport: CastTransport, @unchecked Sendable {
    // @unchecked Sendable: the TCPConnection handlers are @Sendable closures, but they run only on the loop, and
    // every method here is called on that loop too (the channel stack is confined to it, design.md).

    /// The connection carrying the bytes.
    public let connection: TCPConnection
    private weak var delegate: (any CastTransportDelegate)?
    private var closeReported = false

    /// Wraps an established connection that has not been started yet.
    public init(connection: TCPConnection) {
        self.connection = connection
    }

    /// The peer's address.
    public var peerDescription: String { connection.peerAddress?.description ?? "?" }

    /// Starts reading; EOF from the peer closes the connection.
    public func start(_ delegate: any CastTransportDelegate) {
        self.delegate = delegate
        connection.start(
            TCPConnectionHandlers(
                onRead: { [weak self] bytes in self?.delegate?.transportDidReceive(bytes) },
                onReadEOF: { [weak self] in self?.connection.close() },
                onWritabilityChanged: { _ in },
                onClose: { [weak self] error in self?.reportClose(error) }))
    }

    /// Queues bytes on the connection.
    public func send(_ bytes: [UInt8]) { connection.write(bytes) }

    /// How long a closed transport keeps reading (and dropping) what the peer still sends before it hangs up.
    public static let lingerTimeout: Duration = .seconds(1)

    /// Closes once queued bytes are out, gracefully: a FIN, then what the peer still sends (its TLS close_notify)
    /// is read and dropped until it closes too, `lingerTimeout` at most. Closing the descriptor at once would
    /// answer those last bytes with a TCP RST, which every capture of the session would then show.
    public func close() {
        let connection = self.connection
        connection.shutdownOutput()
        _ = connection.eventLoop.scheduleTask(in: Self.lingerTimeout) { connection.close() }
    }

    /// Sends a TCP RST.
    public func reset() { connection.reset() }

    private func reportClose(_ error: IOError?) {
        guard !closeReported else { return }
        closeReported = true
        delegate?.transportDidClose(error)
    }
}
