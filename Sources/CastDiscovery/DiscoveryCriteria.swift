/// Which devices discovery keeps (GCKDiscoveryCriteria).
///
/// The SDK keeps a device only when GET_APP_AVAILABILITY says one of the application ids is available on it. That
/// needs a Cast channel to each device, which this module does not have yet: the ids are recorded and reported,
/// but `isAppAvailabilityFilterApplied` is false and every device is kept.
public struct DiscoveryCriteria: Sendable, Hashable {
    /// Application ids a device must support.
    public var applicationIDs: [String]

    /// Criteria for the given application ids (none: every Cast device).
    public init(applicationIDs: [String] = []) { self.applicationIDs = applicationIDs }

    /// False: the app-availability check is not implemented yet (see the type's documentation).
    public var isAppAvailabilityFilterApplied: Bool { false }
}
