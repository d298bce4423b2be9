public import CastDiscovery
public import CastLog
public import CastNet
public import CastTLS
import Synchronization

/// Asks devices questions on `receiver-0` over short-lived Cast channels (openscreen's CastPlatformClient): TLS,
/// device authentication as sessions do it (on by default; `CastOptions.deviceAuthentication` false is
/// `--insecure-skip-auth`), CONNECT, the questions, CLOSE, bounded by `timeout` (openscreen allows 5 s).
///
/// Each query runs on `eventLoop`; `ask(_:_:)` may be called from any task, for many devices at once. Keep the
/// loop running while queries are outstanding: the timeout is a loop timer (cancelling the calling task still
/// returns at once).
public final class CastPlatformClient: @unchecked Sendable {
    // @unchecked Sendable: immutable after init except `running`, which is touched on `eventLoop` only.

    /// The loop the channels run on.
    public let eventLoop: EventLoop
    /// Device authentication, trust store, key log, sender id and log classes come from here.
    public let options: CastOptions
    /// How long one query may take, from connect to the last answer.
    public let timeout: Duration
    private let clock: any ProtocolClock
    private let tls: TLSContext
    private let transportFactory: CastSession.TransportFactory
    private var running: [ObjectIdentifier: PlatformQuery] = [:]

    /// A client on `eventLoop`; `transportFactory` replaces TCP (tests), `clock` the loop's system clock.
    public init(
        options: CastOptions, eventLoop: EventLoop, timeout: Duration = .seconds(5), clock: (any ProtocolClock)? = nil,
        transportFactory: CastSession.TransportFactory? = nil
    ) throws(TLSError) {
        var configuration = TLSConfiguration.client()
        configuration.keyLog = options.keyLog
        tls = try TLSContext(configuration: configuration)
        self.eventLoop = eventLoop
        self.options = options
        self.timeout = timeout
        self.clock = clock ?? SystemClock(eventLoop: eventLoop)
        self.transportFactory = transportFactory ?? SessionManager.tcpTransport
    }

    /// Connects to `device`, sends every question and returns the answers (or why some are missing); records go
    /// to `log` (the receiver control channel unless given).
    public func ask(_ device: Device, _ questions: [PlatformQuestion], log: LogCategory? = nil) async
        -> PlatformAnswers
    {
        let cancelled = PlatformAnswers(replies: questions.map { _ in nil }, failure: "cancelled")
        let promise = AnswerPromise(cancelled: cancelled)
        let log = log ?? options.log.receiverControlChannel
        let started: Void? = try? await eventLoop.submit { [self] in
            let query = PlatformQuery(
                device: device, questions: questions, options: options, tls: tls, clock: clock, timeout: timeout,
                eventLoop: eventLoop, transportFactory: transportFactory, log: log)
            let key = ObjectIdentifier(query)
            running[key] = query
            query.completion = { [self] answers in
                running[key] = nil
                promise.fulfil(answers)
            }
            promise.setCancelHandler { [eventLoop] in eventLoop.execute { query.cancel() } }
            query.start()
        }
        guard started != nil else {
            return PlatformAnswers(replies: questions.map { _ in nil }, failure: "the client's event loop has stopped")
        }
        return await withTaskCancellationHandler {
            await promise.value
        } onCancel: {
            promise.cancel()
        }
    }
}

/// One answer handed from the loop to the awaiting task, exactly once; cancellation runs the handler once and
/// answers `cancelled`.
private final class AnswerPromise: Sendable {
    private struct State {
        var result: PlatformAnswers?
        var continuation: CheckedContinuation<PlatformAnswers, Never>?
        var cancelHandler: (@Sendable () -> Void)?
        var cancelled = false
    }

    private let state = Mutex(State())
    private let cancelledAnswer: PlatformAnswers

    init(cancelled: PlatformAnswers) { cancelledAnswer = cancelled }

    var value: PlatformAnswers {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> PlatformAnswers? in
                    if let result = state.result { return result }
                    state.continuation = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }

    func fulfil(_ result: PlatformAnswers) {
        let waiting = state.withLock { state -> CheckedContinuation<PlatformAnswers, Never>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(returning: result)
    }

    func setCancelHandler(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.cancelHandler = handler
            return false
        }
        if runNow { handler() }
    }

    /// Answers `cancelled` at once (even if the loop is gone) and lets the query clean up.
    func cancel() {
        let handler = state.withLock { state -> (@Sendable () -> Void)? in
            state.cancelled = true
            defer { state.cancelHandler = nil }
            return state.cancelHandler
        }
        handler?()
        fulfil(cancelledAnswer)
    }
}
