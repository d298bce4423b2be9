/// The result of one non-blocking TLS step over memory BIOs.
public enum TLSStep<Value> {
    /// The step finished with `Value`.
    case complete(Value)
    /// More ciphertext from the peer is needed: take pending ciphertext out, send it, feed the reply, call again.
    case incomplete
    /// The step failed; the connection is unusable except for taking out any alert it queued.
    case failed(TLSError)
}

extension TLSStep: Sendable where Value: Sendable {}

/// What a plaintext read produced.
public enum TLSReadResult: Sendable, Equatable {
    /// Decrypted application data (possibly empty when only handshake or ticket records arrived).
    case data([UInt8])
    /// The peer sent close_notify; everything before it was returned by earlier reads.
    case closed
}
