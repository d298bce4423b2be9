import CastLog

/// The log classes of CastDiscovery, named after the Cast SDK classes that do the same work.
enum DiscoveryLog {
    /// The device list and listener callbacks.
    static let manager = Logger.shared.category("GCKDiscoveryManager")
    /// Queries, answers and the record cache.
    static let scanner = Logger.shared.category("GCKDeviceScanner")
    /// Backends turning service instances into devices (built-in and Avahi).
    static let provider = Logger.shared.category("GCKDeviceProvider")
    /// The responder behind `--advertise`.
    static let responder = Logger.shared.category("GCKMDNSResponder")
}
