/// Which discovery backend found a device.
public enum DiscoveryBackendKind: String, Sendable, Hashable, CaseIterable {
    /// The built-in mDNS querier.
    case builtin
    /// avahi-daemon through libavahi-client.
    case avahi
}
