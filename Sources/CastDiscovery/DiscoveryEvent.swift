/// What a backend tells the manager.
public enum DiscoveryEvent: Sendable, Hashable {
    /// A device was found or its record changed.
    case found(Device)
    /// The device with this instance name went away.
    case lost(instanceName: String, reason: MDNSRemovalReason)
}
