public import CastLog
import CastWire

/// A `_googlezone._tcp` instance as assembled from mDNS records: a speaker that can play in groups (TXT `id` is
/// its device id, as in its `_googlecast._tcp` TXT).
public struct GoogleZoneSighting: Sendable {
    /// Instance name.
    public var instance: String
    /// TXT `id`.
    public var id: String?
    /// TXT `__common_time__`.
    public var commonTime: String?
    /// SRV target host.
    public var host: String?
    /// SRV port (10001 on real speakers).
    public var port: UInt16?
    /// IPv4 addresses of the host.
    public var ipv4: Set<String> = []
    /// When it was first seen.
    public var firstSeen: LogTimestamp
    /// True once a goodbye (TTL 0) was seen.
    public var goodbye = false

    /// True when it is the zone of the speaker with device id `deviceID` (any spelling).
    public func belongs(to deviceID: String?) -> Bool {
        guard let id, let deviceID else { return false }
        return MultizoneDevice.canonical(id) == MultizoneDevice.canonical(deviceID)
    }
}
