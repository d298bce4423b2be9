public import CastLog
public import CastNet
import CastWire
import Synchronization

/// The built-in mDNS querier as a discovery backend.
public final class BuiltinDiscoveryBackend: DiscoveryBackend {
    /// `.builtin`.
    public let kind = DiscoveryBackendKind.builtin
    /// The interfaces browsed.
    public let interfaces: [NetworkInterface]
    private let configuration: MDNSQuerierConfiguration
    private let browser = Mutex<MDNSBrowser?>(nil)

    private let logger: Logger

    /// A backend for the interfaces; `passiveScan` queries once, then only every minute and more rarely; it logs
    /// on `logger`.
    public init(interfaces: [NetworkInterface], passiveScan: Bool = false, logger: Logger = .shared) {
        self.interfaces = interfaces
        self.logger = logger
        var configuration = MDNSQuerierConfiguration()
        if passiveScan { configuration.initialQueryInterval = .seconds(60) }
        self.configuration = configuration
    }

    /// Opens the sockets and starts querying.
    public func start(deliver: @escaping @Sendable (DiscoveryEvent) -> Void) async throws {
        let browser = try MDNSBrowser(interfaces: interfaces, configuration: configuration, logger: logger) { action in
            switch action {
            case .instanceAdded(let instance), .instanceUpdated(let instance):
                deliver(.found(Device(instance: instance)))
            case .instanceRemoved(let instance, let reason):
                deliver(.lost(instanceName: instance.name.description, reason: reason))
            case .sendQuery, .sendOneShotQuery:
                break
            }
        }
        self.browser.withLock { $0 = browser }
        try await browser.start()
    }

    /// Stops querying and closes the sockets.
    public func stop() async {
        let browser = self.browser.withLock { current in
            defer { current = nil }
            return current
        }
        await browser?.stop()
    }

    /// The querier's counters and instances, for diagnostics.
    public func snapshot() async -> (statistics: MDNSQuerierStatistics, instances: [MDNSServiceInstance]) {
        guard let browser = browser.withLock({ $0 }) else { return (MDNSQuerierStatistics(), []) }
        return await browser.snapshot()
    }
}
