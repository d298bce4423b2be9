/// What a backend tells the manager.
public enum DiscoveryEvent: Sendable, Hashable {
    /// A device was found or its record changed.
    case found(Device)
    /// The device with this instance name went away.
    case lost(instanceName: String, reason: MDNSRemovalReason)
}

/// A source of devices the `DiscoveryManager` can run.
public protocol DiscoveryBackend: AnyObject, Sendable {
    /// Which backend this is.
    var kind: DiscoveryBackendKind { get }
    /// Starts finding devices; `deliver` may be called on any thread, one call at a time.
    func start(deliver: @escaping @Sendable (DiscoveryEvent) -> Void) async throws
    /// Stops; no `deliver` call starts after this returns.
    func stop() async
}
