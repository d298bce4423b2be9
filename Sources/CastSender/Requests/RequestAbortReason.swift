/// `GCKRequestAbortReason`: why a request ended without a result.
public enum RequestAbortReason: Int, Sendable, Hashable, CustomStringConvertible {
    /// 1: a similar, newer request took its place.
    case replaced = 1
    /// 2: `cancel()` was called.
    case cancelled = 2

    /// `Replaced` / `Cancelled`.
    public var description: String { self == .replaced ? "Replaced" : "Cancelled" }
}
