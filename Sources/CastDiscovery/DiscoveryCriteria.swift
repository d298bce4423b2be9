/// Which devices discovery keeps (GCKDiscoveryCriteria).
///
/// With application ids, the SDK keeps a device only when GET_APP_AVAILABILITY says one of them is
/// `APP_AVAILABLE` on it. Asking needs a Cast channel to the device, which this module does not have: a
/// `DiscoveryManager` applies the filter through the `DeviceAvailabilityChecker` it is given (CastSender's
/// `CastAppAvailabilityChecker`); without one it keeps every device and says so in the log.
public struct DiscoveryCriteria: Sendable, Hashable {
    /// Application ids a device must support (any one of them).
    public var applicationIDs: [String]

    /// Criteria for the given application ids (none: every Cast device).
    public init(applicationIDs: [String] = []) { self.applicationIDs = applicationIDs }

    /// True when devices must be asked GET_APP_AVAILABILITY before they are listed.
    public var requiresAppAvailability: Bool { !applicationIDs.isEmpty }
}
