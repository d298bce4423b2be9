public import CastWire

/// What the querier asks its driver to do, or tells it happened.
public enum MDNSQuerierAction: Sendable, Hashable {
    /// Multicast `message` on the interface (to 224.0.0.251 and, where the driver has IPv6, ff02::fb).
    case sendQuery(DNSMessage, interfaceIndex: UInt32)
    /// An instance became resolved.
    case instanceAdded(MDNSServiceInstance)
    /// A resolved instance changed (TXT, port, host or addresses).
    case instanceUpdated(MDNSServiceInstance)
    /// A reported instance went away.
    case instanceRemoved(MDNSServiceInstance, reason: MDNSRemovalReason)
}

/// Why an instance left the list.
public enum MDNSRemovalReason: String, Sendable, Hashable {
    /// Its PTR record was withdrawn with TTL 0 (RFC 6762 §10.1).
    case goodbye
    /// Its PTR record expired without being refreshed: the responder went silent.
    case expired
    /// The interface it was found on is no longer used.
    case interfaceGone
}
