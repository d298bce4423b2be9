public import CastLog
import CastNet

/// `GCKRequest`: one command sent to the receiver, ending exactly once — reply, error reply, timeout, `cancel()`,
/// replacement by a newer request of the same kind, or the end of the session.
///
/// Confined to the sender stack's executor (the event loop): create, finish and read it only there. The stack
/// finishes it; apps read `inProgress`/`error`, set `delegate`, and may `cancel()`.
public final class Request: @unchecked Sendable, CustomStringConvertible {
    /// `GCKRequestID`: the `requestId` on the wire (0 for requests that send nothing).
    public internal(set) var requestID: Int64
    /// What was asked, e.g. `LOAD`, `PAUSE`, `LAUNCH`.
    public let kind: String
    /// The namespace the request went out on; only a reply on this namespace ends it (nil: any namespace).
    public internal(set) var namespace: String?
    /// The endpoint the request was sent to (`receiver-0` or the app's transport id); only a reply from it ends
    /// the request (nil: any endpoint).
    public internal(set) var peer: String?
    /// Told once how the request ended; held weakly like the SDK's.
    public weak var delegate: (any RequestDelegate)?
    private var lifecycle = RequestLifecycle()
    private var observers: [(RequestOutcome) -> Void] = []
    /// Called once when the request ends for any reason, so the owner can forget it.
    var onFinish: ((Request) -> Void)?
    /// Log context: `cast.session` and the like.
    let metadata: LogMetadata

    /// Where its outcome is logged (GCKRequest).
    let log: LogCategory

    /// A request with `requestID` for `kind`, its outcome logged on `log`.
    public init(requestID: Int64, kind: String, metadata: LogMetadata = [:], log: LogCategory = SenderLog.shared.request) {
        self.requestID = requestID
        self.kind = kind
        self.metadata = metadata
        self.log = log
    }

    /// True until the request has ended.
    public var inProgress: Bool { lifecycle.inProgress }

    /// How it ended, once it has.
    public var outcome: RequestOutcome? { lifecycle.outcome }

    /// The error of a failed request.
    public var error: CastError? {
        if case let .failed(error) = lifecycle.outcome { return error }
        return nil
    }

    /// Calls `observer` with the outcome once the request ends (at once if it has ended).
    public func whenFinished(_ observer: @escaping (RequestOutcome) -> Void) {
        if let outcome = lifecycle.outcome {
            observer(outcome)
        } else {
            observers.append(observer)
        }
    }

    /// `-cancel`: ends the request as cancelled (never retried); a reply arriving later is ignored.
    public func cancel() { abort(.cancelled) }

    /// `-complete` (also for app requests).
    public func complete() { finish(.completed) }

    /// `-failWithError:`.
    public func fail(_ error: CastError) { finish(.failed(error)) }

    /// `-abortWithReason:`.
    public func abort(_ reason: RequestAbortReason) { finish(.aborted(reason)) }

    /// Ends the request with `outcome` unless it has ended; returns whether this call ended it.
    @discardableResult
    public func finish(_ outcome: RequestOutcome) -> Bool {
        guard lifecycle.finish(outcome) else {
            log.verbose("\(self) already ended; ignoring \(outcome)", metadata)
            return false
        }
        var fields = metadata
        fields.append("cast.request_id", .int(requestID))
        switch outcome {
        case .completed:
            log.debug("\(kind) completed", fields)
        case let .failed(error) where error.code == .sessionIsNotActive:
            log.info("\(kind) ended with the session: \(error)", fields)
        case let .failed(error):
            log.warning("\(kind) failed: \(error)", fields)
        case let .aborted(reason):
            log.info("\(kind) aborted: \(reason)", fields)
        }
        let finishHandler = onFinish
        onFinish = nil
        finishHandler?(self)
        switch outcome {
        case .completed: delegate?.requestDidComplete(self)
        case let .failed(error): delegate?.request(self, didFailWithError: error)
        case let .aborted(reason): delegate?.request(self, didAbortWithReason: reason)
        }
        let waiting = observers
        observers = []
        for observer in waiting { observer(outcome) }
        return true
    }

    /// `LOAD #7 (in progress)`.
    public var description: String {
        "\(kind) #\(requestID) (\(lifecycle.outcome.map(\.description) ?? "in progress"))"
    }
}

extension Request {
    /// A request that fails with `error` on the next turn of `loop` (at once without a loop), so that a delegate
    /// set on the returned request still hears it.
    static func failedLater(_ kind: String, _ error: CastError, loop: EventLoop?) -> Request {
        let request = Request(requestID: 0, kind: kind)
        guard let loop else {
            request.fail(error)
            return request
        }
        loop.execute { request.fail(error) }
        return request
    }
}
