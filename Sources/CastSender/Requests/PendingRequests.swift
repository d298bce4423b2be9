import CastChannel
public import CastNet
public import CastLog

/// The requests of one session waiting for replies: ids and deadlines in the channel's `RequestTracker`, one
/// timer on the injected clock, and the rules that end each request exactly once — reply, timeout, cancel,
/// replacement by a newer request of the same group, or `endAll` when the session ends.
///
/// Confined to the sender stack's executor; `@unchecked Sendable` only so clock timers can call back.
public final class PendingRequests: @unchecked Sendable {
    /// The clock for deadlines and the timer.
    public let clock: any ProtocolClock
    /// How long a request may wait (pychromecast: 10 s); a change applies to requests started afterwards.
    public var timeout: Duration
    private var tracker = RequestTracker<Request>()
    private var byID: [Int64: Request] = [:]
    private var groups: [String: Request] = [:]
    private var timer: (any Cancellable)?
    private var armedAt: MonotonicInstant?
    private var metadata: LogMetadata

    /// Where request outcomes and timeouts are logged (GCKRequest).
    private let log: LogCategory

    /// An empty table whose requests log on `log`.
    public init(clock: any ProtocolClock, timeout: Duration = .seconds(10), metadata: LogMetadata = [:],
                log: LogCategory = SenderLog.shared.request) {
        self.clock = clock
        self.timeout = timeout
        self.metadata = metadata
        self.log = log
    }

    /// The session moved to device `deviceID` (stream transfer): later records name it.
    public func deviceChanged(to deviceID: String) {
        var updated: LogMetadata = ["cast.device": .string(deviceID)]
        for field in metadata where field.key != "cast.device" { updated.append(field.key, field.value) }
        metadata = updated
    }

    /// Requests waiting.
    public var count: Int { tracker.pendingCount }

    /// Starts a request of `kind` sent on `namespace` to `peer`; one in the same `group` still waiting ends as
    /// replaced first.
    public func start(_ kind: String, group: String? = nil, namespace: String? = nil, peer: String? = nil,
                      timeout: Duration? = nil) -> Request
    {
        if let group, let older = groups.removeValue(forKey: group) { older.abort(.replaced) }
        let made = Request(requestID: 0, kind: kind, metadata: metadata, log: log)
        made.namespace = namespace
        made.peer = peer
        made.requestID = tracker.register(made, timeout: timeout ?? self.timeout, now: clock.now)
        byID[made.requestID] = made
        if let group { groups[group] = made }
        made.onFinish = { [weak self] finished in self?.forget(finished, group: group) }
        arm()
        return made
    }

    /// A fresh id for a message whose reply nobody waits for.
    public func reserveID() -> Int64 { tracker.makeID() }

    /// A reply with `requestID` arrived on `namespace` from `source`: ends that request with `outcome`; false when
    /// no request waits for it, or when the request went out on another namespace or to another endpoint — the
    /// id space is shared by every namespace of the session, so an id alone does not say which request a message
    /// answers (such a reply is logged as a warning and ignored; the request keeps waiting).
    @discardableResult
    public func reply(_ requestID: Int64, _ outcome: RequestOutcome, namespace: String? = nil, source: String? = nil)
        -> Bool
    {
        guard let request = byID[requestID] else { return false }
        if let namespace, let expected = request.namespace, namespace != expected {
            var fields = metadata
            fields.append("cast.request_id", .int(requestID))
            fields.append("cast.ns", .string(namespace))
            log.warning(
                "reply to \(request.kind) #\(requestID) arrived on \(namespace), not on \(expected); ignored", fields)
            return false
        }
        if let source, let expected = request.peer, source != expected {
            var fields = metadata
            fields.append("cast.request_id", .int(requestID))
            if let namespace { fields.append("cast.ns", .string(namespace)) }
            log.warning(
                "reply to \(request.kind) #\(requestID) came from \(source), not from \(expected); ignored", fields)
            return false
        }
        return request.finish(outcome)
    }

    /// The request waiting for `requestID`, if any.
    public func request(for requestID: Int64) -> Request? { byID[requestID] }

    /// Ends every waiting request with `error` (the session ended or the connection went away), oldest first.
    public func endAll(_ error: CastError) {
        byID.removeAll()
        for pending in tracker.cancelAll() {
            pending.context.onFinish = nil
            pending.context.fail(error)
        }
        groups.removeAll()
        timer?.cancel()
        timer = nil
        armedAt = nil
    }

    /// Fails every request whose deadline has passed with Timeout.
    public func expireDue() {
        for pending in tracker.expire(now: clock.now) {
            pending.context.onFinish = nil
            byID[pending.id] = nil
            forgetGroup(pending.context)
            pending.context.fail(CastError(.timeout, "no reply within \(timeout)"))
        }
        arm()
    }

    private func forget(_ request: Request, group: String?) {
        _ = tracker.complete(request.requestID)
        byID[request.requestID] = nil
        forgetGroup(request)
    }

    private func forgetGroup(_ request: Request) {
        for (key, value) in groups where value === request { groups[key] = nil }
    }

    private func arm() {
        guard let deadline = tracker.nextDeadline else {
            timer?.cancel()
            timer = nil
            armedAt = nil
            return
        }
        if let armedAt, armedAt <= deadline, timer != nil { return }
        timer?.cancel()
        let now = clock.now
        armedAt = deadline
        timer = clock.schedule(after: deadline > now ? deadline - now : .zero) { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.armedAt = nil
            self.expireDue()
        }
    }
}
