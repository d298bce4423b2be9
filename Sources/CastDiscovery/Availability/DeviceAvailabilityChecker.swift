/// Asks a device whether it can run receiver apps (GET_APP_AVAILABILITY), for the `DiscoveryManager`'s
/// app-availability filter.
///
/// CastDiscovery has no Cast channel; CastSender provides the real checker (`CastAppAvailabilityChecker`), tests a
/// fake. Contract: `availability(of:appIDs:)` always returns (it never throws), within a time the checker bounds
/// itself, and returns promptly with `.unreachable` when the calling task is cancelled. It may be called for many
/// devices at once from any task.
public protocol DeviceAvailabilityChecker: Sendable {
    /// What `device` answers for `appIDs` (one request for all of them).
    func availability(of device: Device, appIDs: [String]) async -> AppAvailabilityResult
}
