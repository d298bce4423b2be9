/// Whether a device is hosting an activity (GCKDeviceStatus, mirrors TXT `st`).
public enum DeviceStatus: Int, Sendable, Hashable, CustomStringConvertible {
    /// `st` absent or not 0/1.
    case unknown = -1
    /// `st=0`.
    case idle = 0
    /// `st=1`: hosting an activity senders may join.
    case busy = 1

    /// "unknown", "idle" or "busy".
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .idle: "idle"
        case .busy: "busy"
        }
    }
}
