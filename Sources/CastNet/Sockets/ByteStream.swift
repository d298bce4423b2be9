/// A connected, ordered byte stream with `TCPConnection`'s contract, so code above it (the Cast channel's socket)
/// can run over TCP or over an in-memory pair in tests.
///
/// Contract: callbacks arrive on one serial executor; `onClose` fires exactly once; writes after `close` or
/// `shutdownOutput` are dropped; every method may be called from any thread.
public protocol ByteStream: AnyObject, Sendable {
    /// Installs the callbacks and starts delivering bytes.
    func start(_ handlers: TCPConnectionHandlers)
    /// Queues bytes for sending, in order.
    func write(_ bytes: [UInt8])
    /// Sends end-of-stream after buffered output; reading continues.
    func shutdownOutput()
    /// Closes after buffered output is sent.
    func close()
    /// Closes at once, dropping buffered output.
    func abort()
    /// Closes abortively (a TCP RST where there is TCP).
    func reset()
}

extension TCPConnection: ByteStream {}
