/// The callbacks of a `TCPConnection`, all called on its event loop thread.
public struct TCPConnectionHandlers: Sendable {
    /// Bytes arrived (a fresh array per read, at most 64 KiB).
    public var onRead: @Sendable ([UInt8]) -> Void
    /// The peer closed its sending side (FIN). The connection stays open for writing until closed.
    public var onReadEOF: @Sendable () -> Void
    /// Buffered output crossed the high watermark (false) or drained to the low one (true).
    public var onWritabilityChanged: @Sendable (Bool) -> Void
    /// The connection is closed, exactly once: nil after a local close or a clean end in both directions, the
    /// `IOError` otherwise (`ECONNRESET` for a peer's RST, `ECANCELED` when the loop shuts down).
    public var onClose: @Sendable (IOError?) -> Void

    /// Handlers; any left out do nothing.
    public init(
        onRead: @escaping @Sendable ([UInt8]) -> Void = { _ in },
        onReadEOF: @escaping @Sendable () -> Void = {},
        onWritabilityChanged: @escaping @Sendable (Bool) -> Void = { _ in },
        onClose: @escaping @Sendable (IOError?) -> Void = { _ in }
    ) {
        self.onRead = onRead
        self.onReadEOF = onReadEOF
        self.onWritabilityChanged = onWritabilityChanged
        self.onClose = onClose
    }
}
