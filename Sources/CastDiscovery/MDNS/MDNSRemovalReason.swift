/// Why an instance left the list.
public enum MDNSRemovalReason: String, Sendable, Hashable {
    /// Its PTR record was withdrawn with TTL 0 (RFC 6762 §10.1).
    case goodbye
    /// Its PTR record expired without being refreshed: the responder went silent.
    case expired
    /// The interface it was found on is no longer used.
    case interfaceGone
}
