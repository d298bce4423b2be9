/// How a request ended: exactly one of these, exactly once.
public enum RequestOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The receiver answered as hoped.
    case completed
    /// An error reply, a timeout, or the session ended under it.
    case failed(CastError)
    /// Replaced or cancelled.
    case aborted(RequestAbortReason)

    /// `completed`, `failed(…)`, `aborted(Replaced)`.
    public var description: String {
        switch self {
        case .completed: "completed"
        case let .failed(error): "failed(\(error))"
        case let .aborted(reason): "aborted(\(reason))"
        }
    }
}
