public import CastNet

/// requestId bookkeeping as a value (protocol.md §2.8: responses echo `requestId`): hands out ids, remembers
/// what each pending request was for, completes each at most once, and expires the overdue.
///
/// Ids start at 1 and wrap back to 1 after `Int32.max` (0 is what broadcasts carry, so it is never used).
public struct RequestTracker<Context: Sendable>: Sendable {
    /// One request waiting for its reply.
    public struct Pending: Sendable {
        /// The request's id.
        public var id: Int64
        /// When it times out.
        public var deadline: MonotonicInstant
        /// What the caller attached (a completion, the request type…).
        public var context: Context
    }

    /// The id `makeID()` returns next.
    public private(set) var nextID: Int64
    private var pending: [Int64: Pending] = [:]

    /// A tracker whose first id is `firstID`.
    public init(firstID: Int64 = 1) {
        nextID = max(1, min(firstID, Int64(Int32.max)))
    }

    /// A fresh id (skipping ids still pending).
    public mutating func makeID() -> Int64 {
        while true {
            let id = nextID
            nextID = id >= Int64(Int32.max) ? 1 : id + 1
            if pending[id] == nil { return id }
        }
    }

    /// Registers a request with a fresh id, due by `now + timeout`; returns the id to put in the payload.
    public mutating func register(_ context: Context, timeout: Duration, now: MonotonicInstant) -> Int64 {
        let id = makeID()
        pending[id] = Pending(id: id, deadline: now + timeout, context: context)
        return id
    }

    /// The reply for `id` arrived: returns its context the first time, nil afterwards or for unknown ids.
    public mutating func complete(_ id: Int64) -> Context? {
        pending.removeValue(forKey: id)?.context
    }

    /// Is `id` pending?
    public func isPending(_ id: Int64) -> Bool { pending[id] != nil }

    /// How many requests wait.
    public var pendingCount: Int { pending.count }

    /// The earliest deadline, for arming one timer.
    public var nextDeadline: MonotonicInstant? { pending.values.map(\.deadline).min() }

    /// Removes and returns every request whose deadline is at or before `now`, earliest first.
    public mutating func expire(now: MonotonicInstant) -> [Pending] {
        let due = pending.values.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        for request in due { pending[request.id] = nil }
        return due
    }

    /// Removes and returns every pending request (the channel closed), in id order.
    public mutating func cancelAll() -> [Pending] {
        let all = pending.values.sorted { $0.id < $1.id }
        pending.removeAll()
        return all
    }
}
