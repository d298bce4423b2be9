public import CastTLS
public import CastWire

/// Why `CastSocket.send` refused a message.
public struct CastSocketError: Error, Sendable, CustomStringConvertible {
    /// The failure classes.
    public enum Kind: Sendable {
        /// The socket is not open (still handshaking, closing or closed).
        case notOpen(CastSocketState)
        /// The message does not fit a frame (body over 64 KiB); nothing was sent.
        case framing(FramingError)
        /// TLS refused the write; the socket closes.
        case tls(TLSError)
    }

    /// What went wrong.
    public var kind: Kind

    /// An error of `kind`.
    public init(_ kind: Kind) { self.kind = kind }

    /// One line for logs.
    public var description: String {
        switch kind {
        case .notOpen(let state): "socket not open (\(state))"
        case .framing(let error): "cannot frame message: \(error.reason)"
        case .tls(let error): "TLS write failed: \(error)"
        }
    }
}
