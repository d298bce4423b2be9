/// The outcome of asking one device GET_APP_AVAILABILITY.
public enum AppAvailabilityResult: Sendable, Hashable, CustomStringConvertible {
    /// At least one of the ids is `APP_AVAILABLE`; `answer` is the device's reply in words (`CC1AD845=APP_AVAILABLE`).
    case available(answer: String)
    /// The device answered and none of the ids is available; `answer` as for `.available`.
    case unavailable(answer: String)
    /// No answer could be had (connection, TLS, device authentication, timeout, an error reply); `reason` says which.
    case unreachable(reason: String)

    /// True for `.available`: the device is kept.
    public var isAvailable: Bool {
        if case .available = self { return true }
        return false
    }

    /// `available`, `unavailable` or `unreachable`.
    public var kind: String {
        switch self {
        case .available: "available"
        case .unavailable: "unavailable"
        case .unreachable: "unreachable"
        }
    }

    /// The answer or the reason.
    public var detail: String {
        switch self {
        case .available(let text), .unavailable(let text), .unreachable(let text): text
        }
    }

    /// `kind: detail`.
    public var description: String { "\(kind): \(detail)" }
}
