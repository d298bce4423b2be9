/// A device the app-availability filter keeps out of the `DiscoveryManager`'s list, with the answer that decided it.
public struct FilteredDevice: Sendable, Hashable {
    /// The device as last reported by a backend.
    public var device: Device
    /// What GET_APP_AVAILABILITY said (never `.available`).
    public var result: AppAvailabilityResult

    /// A filtered device.
    public init(device: Device, result: AppAvailabilityResult) {
        self.device = device
        self.result = result
    }
}
