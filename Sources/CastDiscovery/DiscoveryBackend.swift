/// A source of devices the `DiscoveryManager` can run.
public protocol DiscoveryBackend: AnyObject, Sendable {
    /// Which backend this is.
    var kind: DiscoveryBackendKind { get }
    /// Starts finding devices; `deliver` may be called on any thread, one call at a time.
    func start(deliver: @escaping @Sendable (DiscoveryEvent) -> Void) async throws
    /// Stops; no `deliver` call starts after this returns.
    func stop() async
}
