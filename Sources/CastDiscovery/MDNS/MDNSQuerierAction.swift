public import CastWire

/// What the querier asks its driver to do, or tells it happened.
public enum MDNSQuerierAction: Sendable, Hashable {
    /// Multicast `message` on the interface (to 224.0.0.251 and, where the driver has IPv6, ff02::fb).
    case sendQuery(DNSMessage, interfaceIndex: UInt32)
    /// Multicast `message` on the interface from an ephemeral port, not 5353: a one-shot query (RFC 6762 §5.1) that
    /// responders must answer by unicast straight back to that port (§6.7).
    case sendOneShotQuery(DNSMessage, interfaceIndex: UInt32)
    /// An instance became resolved.
    case instanceAdded(MDNSServiceInstance)
    /// A resolved instance changed (TXT, port, host or addresses).
    case instanceUpdated(MDNSServiceInstance)
    /// A reported instance went away.
    case instanceRemoved(MDNSServiceInstance, reason: MDNSRemovalReason)
}
