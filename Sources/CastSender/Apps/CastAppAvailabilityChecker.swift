public import CastDiscovery
import CastLog
public import CastNet
public import CastTLS

/// The real `DeviceAvailabilityChecker`: asks a device GET_APP_AVAILABILITY over a short-lived Cast channel —
/// TLS, device authentication as sessions do it (on by default; `CastOptions.deviceAuthentication` false is
/// `--insecure-skip-auth`), CONNECT to `receiver-0`, the request on `urn:x-cast:com.google.cast.receiver`, CLOSE —
/// all bounded by `timeout` (openscreen's CastPlatformClient allows 5 s), through a `CastPlatformClient`.
///
/// `availability(of:appIDs:)` may be called from any task, for many devices at once. Logs as
/// `GCKReceiverControlChannel` with `cast.device` and `net.peer`.
public final class CastAppAvailabilityChecker: DeviceAvailabilityChecker, Sendable {
    /// The loop the channels run on.
    public var eventLoop: EventLoop { client.eventLoop }
    /// Device authentication, trust store, key log and sender id come from here.
    public var options: CastOptions { client.options }
    /// How long one check may take, from connect to answer.
    public var timeout: Duration { client.timeout }
    private let client: CastPlatformClient

    /// A checker on `eventLoop`; `transportFactory` replaces TCP (tests), `clock` the loop's system clock.
    public init(
        options: CastOptions, eventLoop: EventLoop, timeout: Duration = .seconds(5), clock: (any ProtocolClock)? = nil,
        transportFactory: CastSession.TransportFactory? = nil
    ) throws(TLSError) {
        client = try CastPlatformClient(
            options: options, eventLoop: eventLoop, timeout: timeout, clock: clock, transportFactory: transportFactory)
    }

    /// Connects to `device`, asks for `appIDs` and returns the answer; `.unreachable` with the reason when no
    /// answer came (connect, TLS, device authentication, error reply, timeout, cancellation).
    public func availability(of device: Device, appIDs: [String]) async -> AppAvailabilityResult {
        let log = options.log.receiverControlChannel
        let peer = device.endpointDescription
        var fields: LogMetadata = ["cast.device": .string(device.deviceID), "net.peer": .string(peer)]
        log.debug("checking \(appIDs.joined(separator: ",")) on \(device.friendlyName) at \(peer)", fields)
        let answers = await client.ask(device, [AppAvailabilityProbe.question(appIDs)], log: log)
        let result: AppAvailabilityResult =
            if let reply = answers.replies.first ?? nil {
                AppAvailabilityProbe.result(of: reply, appIDs: appIDs)
            } else {
                .unreachable(reason: answers.failure ?? "no answer")
            }
        fields.append("cast.availability", .string(result.kind))
        log.info("GET_APP_AVAILABILITY \(appIDs.joined(separator: ",")) on \(device.friendlyName): \(result.description)",
                 fields)
        return result
    }
}
