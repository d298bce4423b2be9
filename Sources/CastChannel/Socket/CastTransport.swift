public import CastNet

/// A byte pipe under a `CastSocket`: ciphertext (or plaintext in tests) out, bytes and the end of the stream in.
///
/// Contract: `start(_:)` is called once; afterwards the transport calls its delegate with received bytes in order
/// and calls `transportDidClose` exactly once — after a peer close, an error, or the owner's own `close()`/`reset()`.
/// Not thread-safe: every call and callback happens on one executor (the event loop for TCP).
public protocol CastTransport: AnyObject {
    /// Who is on the other end, for logs (`net.peer`), e.g. `127.0.0.1:8009`.
    var peerDescription: String { get }
    /// Installs the delegate (held weakly) and starts delivering received bytes.
    func start(_ delegate: any CastTransportDelegate)
    /// Queues `bytes` for the peer, in order; dropped after `close()` or `reset()`.
    func send(_ bytes: [UInt8])
    /// Closes after queued bytes are sent (a FIN for TCP).
    func close()
    /// Closes at once, dropping queued bytes; the peer sees a reset (a TCP RST).
    func reset()
}

/// Receives what a `CastTransport` reads.
public protocol CastTransportDelegate: AnyObject {
    /// Bytes arrived from the peer.
    func transportDidReceive(_ bytes: [UInt8])
    /// The transport is closed; `error` is nil for an orderly end (peer FIN or our own close).
    func transportDidClose(_ error: IOError?)
}
