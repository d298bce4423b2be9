/// The outcome of a non-blocking system call that did not fail: done, or would have had to block.
enum IOResult<Value> {
    /// The call completed with `Value` (bytes moved, a new descriptor, …).
    case processed(Value)
    /// The call returned `EAGAIN`/`EWOULDBLOCK`.
    case wouldBlock
}

extension IOResult: Sendable where Value: Sendable {}
