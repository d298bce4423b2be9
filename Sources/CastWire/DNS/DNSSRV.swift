/// SRV record data (RFC 2782): where a service instance listens.
public struct DNSSRV: Sendable, Hashable {
    /// Lower values are tried first.
    public var priority: UInt16
    /// Relative weight among equal priorities.
    public var weight: UInt16
    /// The TCP or UDP port (8009 for Cast).
    public var port: UInt16
    /// The host name to resolve.
    public var target: DNSName

    /// Creates SRV data.
    public init(priority: UInt16, weight: UInt16, port: UInt16, target: DNSName) {
        self.priority = priority
        self.weight = weight
        self.port = port
        self.target = target
    }
}
