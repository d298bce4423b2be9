/// Something scheduled that can be called off: a timer of an `EventLoop` or a `ProtocolClock`.
public protocol Cancellable: Sendable {
    /// Stops the work if it has not started; safe to call more than once and from any thread.
    func cancel()
}
