/// One fault the emulator injects on purpose, parsed from a `--fault SPEC` argument, for testing senders and the
/// inspector against a misbehaving device.
public enum ReceiverFault: Sendable, Hashable, CustomStringConvertible {
    /// Stop answering (and sending) heartbeat PINGs this long after a sender connects.
    case heartbeatStopAfter(Duration)
    /// Close each sender's TCP connection (FIN) this long after it connects.
    case closeAfter(Duration)
    /// Reset each sender's TCP connection (RST) this long after it connects.
    case resetAfter(Duration)
    /// Hold every reply back this long.
    case delay(Duration)
    /// After this many messages to a sender, send it a frame whose body is not a CastMessage.
    case malformedFrameAfter(Int)
    /// After this many messages to a sender, send it a frame header announcing more than 64 KiB.
    case oversizeFrameAfter(Int)
    /// Answer every LAUNCH with LAUNCH_ERROR carrying this reason.
    case launchError(String)
    /// Answer every LOAD with LOAD_FAILED carrying this detailed error code.
    case loadFailed(Int)
    /// `media-fetch=CODE`: the media fetch (`--fetch-media`) fails with this detailedErrorCode, whatever the URL.
    case mediaFetch(Int)
    /// Never answer messages of this type (e.g. `GET_STATUS`, `PING`).
    case ignore(String)
    /// Fail every TLS handshake with a fatal handshake_failure alert.
    case tlsAlert
    /// Before each reply, send INVALID_REQUEST with the same requestId on the wrong namespace or from the wrong
    /// endpoint (see `StrayReplies`): a sender must match replies by namespace and peer, not by id alone.
    case strayReplies
    /// This long after start, move the running app session to a second emulator this one starts on the same
    /// address (stream transfer; see `ReceiverEmulator.transferSession(to:at:)`), once.
    case transferAfter(Duration)
    /// For a group (`ReceiverGroup`): this long after start, the group's instance moves to the next member, on
    /// its address and a new port, as a leader election moves it (goodbye, connections dropped, re-announced).
    case leaderMoveAfter(Duration)
    /// `reboot-after=D`: after D the device drops every connection, stops listening for a few seconds, and comes
    /// back on the same port with its uptime started again.
    case rebootAfter(Duration)
    /// `flap=UP/DOWN`: periodic outages: up for UP, then every connection dropped and nothing listening for DOWN,
    /// again and again (the uptime goes on: the network, not the device, is down).
    case flap(up: Duration, down: Duration)
    /// A device-auth identity fault: the emulator presents a generated realistic chain with this flaw
    /// (see `EmulatedDeviceIdentity`).
    case auth(AuthFault)

    /// The spec names `init(parsing:)` accepts, for error messages and help.
    public static let knownNames = [
        "heartbeat-stop-after", "close-after", "reset-after", "delay", "malformed-frame-after", "oversize-frame-after",
        "launch-error", "load-failed", "media-fetch", "ignore", "tls-alert", "transfer-after", "stray-replies",
        "leader-move-after", "reboot-after", "flap",
    ] + AuthFault.allCases.map(\.rawValue)

    /// Parses `name=value` (or `tls-alert`); the error names the whole spec.
    public init(parsing spec: String) throws(ReceiverFaultError) {
        let parts = spec.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let value = parts.count > 1 ? String(parts[1]) : nil
        func require() throws(ReceiverFaultError) -> String {
            guard let value, !value.isEmpty else { throw ReceiverFaultError(spec: spec, kind: .missingValue) }
            return value
        }
        func duration() throws(ReceiverFaultError) -> Duration {
            guard let parsed = Self.parseDuration(try require()) else {
                throw ReceiverFaultError(spec: spec, kind: .invalidDuration)
            }
            return parsed
        }
        func count() throws(ReceiverFaultError) -> Int {
            guard let parsed = Int(try require()), parsed >= 0 else {
                throw ReceiverFaultError(spec: spec, kind: .invalidCount)
            }
            return parsed
        }
        switch name {
        case "heartbeat-stop-after": self = .heartbeatStopAfter(try duration())
        case "close-after": self = .closeAfter(try duration())
        case "reset-after": self = .resetAfter(try duration())
        case "delay": self = .delay(try duration())
        case "malformed-frame-after": self = .malformedFrameAfter(try count())
        case "oversize-frame-after": self = .oversizeFrameAfter(try count())
        case "launch-error": self = .launchError(try require())
        case "load-failed":
            guard let code = Int(try require()) else { throw ReceiverFaultError(spec: spec, kind: .invalidCount) }
            self = .loadFailed(code)
        case "media-fetch":
            guard let code = Int(try require()), (100...999).contains(code) else {
                throw ReceiverFaultError(spec: spec, kind: .invalidCount)
            }
            self = .mediaFetch(code)
        case "ignore": self = .ignore(try require())
        case "tls-alert":
            guard value == nil else { throw ReceiverFaultError(spec: spec, kind: .unexpectedValue) }
            self = .tlsAlert
        case "transfer-after": self = .transferAfter(try duration())
        case "leader-move-after": self = .leaderMoveAfter(try duration())
        case "reboot-after": self = .rebootAfter(try duration())
        case "flap":
            let halves = try require().split(separator: "/", maxSplits: 1).map(String.init)
            guard halves.count == 2, let up = Self.parseDuration(halves[0]), let down = Self.parseDuration(halves[1]),
                  up > .zero, down > .zero else {
                throw ReceiverFaultError(spec: spec, kind: .invalidDuration)
            }
            self = .flap(up: up, down: down)
        case "stray-replies":
            guard value == nil else { throw ReceiverFaultError(spec: spec, kind: .unexpectedValue) }
            self = .strayReplies
        default:
            guard let fault = AuthFault(rawValue: name) else { throw ReceiverFaultError(spec: spec, kind: .unknownFault) }
            guard value == nil else { throw ReceiverFaultError(spec: spec, kind: .unexpectedValue) }
            self = .auth(fault)
        }
    }

    /// The spec text that parses back to this fault.
    public var description: String {
        switch self {
        case .heartbeatStopAfter(let duration): "heartbeat-stop-after=\(Self.format(duration))"
        case .closeAfter(let duration): "close-after=\(Self.format(duration))"
        case .resetAfter(let duration): "reset-after=\(Self.format(duration))"
        case .delay(let duration): "delay=\(Self.format(duration))"
        case .malformedFrameAfter(let count): "malformed-frame-after=\(count)"
        case .oversizeFrameAfter(let count): "oversize-frame-after=\(count)"
        case .launchError(let reason): "launch-error=\(reason)"
        case .loadFailed(let code): "load-failed=\(code)"
        case .mediaFetch(let code): "media-fetch=\(code)"
        case .ignore(let type): "ignore=\(type)"
        case .tlsAlert: "tls-alert"
        case .strayReplies: "stray-replies"
        case .transferAfter(let duration): "transfer-after=\(Self.format(duration))"
        case .leaderMoveAfter(let duration): "leader-move-after=\(Self.format(duration))"
        case .rebootAfter(let duration): "reboot-after=\(Self.format(duration))"
        case .flap(let up, let down): "flap=\(Self.format(up))/\(Self.format(down))"
        case .auth(let fault): fault.rawValue
        }
    }

    /// Parses `250ms`, `2s`, `1.5s`, `1m` or a bare number of seconds; nil for anything else or a negative value.
    public static func parseDuration(_ text: String) -> Duration? {
        let units: [(suffix: String, nanoseconds: Double)] = [("ms", 1e6), ("us", 1e3), ("s", 1e9), ("m", 60e9)]
        var number = text
        var scale = 1e9
        for unit in units where text.hasSuffix(unit.suffix) {
            number = String(text.dropLast(unit.suffix.count))
            scale = unit.nanoseconds
            break
        }
        guard let value = Double(number), value.isFinite, value >= 0, value * scale < 1e18 else { return nil }
        return .nanoseconds(Int64(value * scale))
    }

    private static func format(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}
