public import CastLog

/// The log classes of CastDiscovery, named after the Cast SDK classes that do the same work, on one logger (each
/// discovery type takes a `logger`, the shared one by default). Made once per logger.
public struct DiscoveryLog: Sendable {
    /// The device list and listener callbacks.
    public let manager: LogCategory
    /// Queries, answers and the record cache.
    public let scanner: LogCategory
    /// Backends turning service instances into devices (built-in and Avahi).
    public let provider: LogCategory
    /// The responder behind `--advertise`.
    public let responder: LogCategory

    /// The classes on `logger`.
    public init(logger: Logger) {
        manager = logger.category("GCKDiscoveryManager")
        scanner = logger.category("GCKDeviceScanner")
        provider = logger.category("GCKDeviceProvider")
        responder = logger.category("GCKMDNSResponder")
    }

    /// The classes on `Logger.shared`, made once.
    public static let shared = DiscoveryLog(logger: .shared)

    /// `shared` for the shared logger, else a new set.
    static func on(_ logger: Logger) -> DiscoveryLog { logger === Logger.shared ? shared : DiscoveryLog(logger: logger) }
}
