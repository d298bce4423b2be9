import Foundation

/// What one probe of a device found: whether it answered, how fast, where, and what it said of itself.
public struct ProbeObservation: Sendable, Hashable {
    /// The device's key (its name as given, or its address).
    public var device: String
    public var reachable: Bool
    /// The TCP connect time to its Cast port.
    public var rtt: Double?
    /// The address and port that answered (or were tried).
    public var address: String
    /// Seconds since the device started, when its setup API says (`eureka_info` `uptime`).
    public var uptime: Double?
    /// Its build (`cast_build_revision`), when known.
    public var build: String?
    /// Why it did not answer.
    public var failure: String?

    /// An observation of `device` at `address`.
    public init(device: String, reachable: Bool, rtt: Double? = nil, address: String, uptime: Double? = nil,
                build: String? = nil, failure: String? = nil) {
        self.device = device
        self.reachable = reachable
        self.rtt = rtt
        self.address = address
        self.uptime = uptime
        self.build = build
        self.failure = failure
    }
}
