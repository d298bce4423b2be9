public import CastDiscovery
import CastLog
public import CastNet
public import CastTLS
import Synchronization

/// The real `DeviceAvailabilityChecker`: asks a device GET_APP_AVAILABILITY over a short-lived Cast channel —
/// TLS, device authentication as sessions do it (on by default; `CastOptions.deviceAuthentication` false is
/// `--insecure-skip-auth`), CONNECT to `receiver-0`, the request on `urn:x-cast:com.google.cast.receiver`, CLOSE —
/// all bounded by `timeout` (openscreen's CastPlatformClient allows 5 s).
///
/// Each check runs on `eventLoop` (design.md's threading model); `availability(of:appIDs:)` may be called from
/// any task, for many devices at once. Keep the loop running while checks are outstanding: the timeout is a loop
/// timer (cancelling the calling task still returns at once). Logs as `GCKReceiverControlChannel` with
/// `cast.device` and `net.peer`.
public final class CastAppAvailabilityChecker: DeviceAvailabilityChecker, @unchecked Sendable {
    // @unchecked Sendable: immutable after init except `running`, which is touched on `eventLoop` only.

    /// The loop the channels run on.
    public let eventLoop: EventLoop
    /// Device authentication, trust store, key log and sender id come from here.
    public let options: CastOptions
    /// How long one check may take, from connect to answer.
    public let timeout: Duration
    private let clock: any ProtocolClock
    private let tls: TLSContext
    private let transportFactory: CastSession.TransportFactory
    private var running: [ObjectIdentifier: AppAvailabilityProbe] = [:]

    /// A checker on `eventLoop`; `transportFactory` replaces TCP (tests), `clock` the loop's system clock.
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

    /// Connects to `device`, asks for `appIDs` and returns the answer; `.unreachable` with the reason when no
    /// answer came (connect, TLS, device authentication, error reply, timeout, cancellation).
    public func availability(of device: Device, appIDs: [String]) async -> AppAvailabilityResult {
        let promise = AvailabilityPromise()
        let started: Void? = try? await eventLoop.submit { [self] in
            let probe = AppAvailabilityProbe(
                device: device, appIDs: appIDs, options: options, tls: tls, clock: clock, timeout: timeout,
                eventLoop: eventLoop, transportFactory: transportFactory)
            let key = ObjectIdentifier(probe)
            running[key] = probe
            probe.completion = { [self] result in
                running[key] = nil
                promise.fulfil(result)
            }
            promise.setCancelHandler { [eventLoop] in eventLoop.execute { probe.cancel() } }
            probe.start()
        }
        guard started != nil else { return .unreachable(reason: "the checker's event loop has stopped") }
        return await withTaskCancellationHandler {
            await promise.value
        } onCancel: {
            promise.cancel()
        }
    }
}

/// One answer handed from the loop to the awaiting task, exactly once; cancellation runs the handler once.
private final class AvailabilityPromise: Sendable {
    private struct State {
        var result: AppAvailabilityResult?
        var continuation: CheckedContinuation<AppAvailabilityResult, Never>?
        var cancelHandler: (@Sendable () -> Void)?
        var cancelled = false
    }

    private let state = Mutex(State())

    var value: AppAvailabilityResult {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> AppAvailabilityResult? in
                    if let result = state.result { return result }
                    state.continuation = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }

    func fulfil(_ result: AppAvailabilityResult) {
        let waiting = state.withLock { state -> CheckedContinuation<AppAvailabilityResult, Never>? in
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

    /// Answers `.unreachable("cancelled")` at once (even if the loop is gone) and lets the probe clean up.
    func cancel() {
        let handler = state.withLock { state -> (@Sendable () -> Void)? in
            state.cancelled = true
            defer { state.cancelHandler = nil }
            return state.cancelHandler
        }
        handler?()
        fulfil(.unreachable(reason: "cancelled"))
    }
}
