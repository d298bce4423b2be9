import CastLog

/// The log classes CastNet uses; everything is logged at debug or below.
enum NetLog {
    /// TCP connects, accepts and closes.
    static let tcp = Logger.shared.category("GCKDeviceManager")
    /// UDP (mDNS) socket setup and send failures.
    static let udp = Logger.shared.category("GCKDeviceScanner")
}
