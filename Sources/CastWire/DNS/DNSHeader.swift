/// The fixed 12-byte DNS header (RFC 1035 §4.1.1): id, flags and the four section counts as the sender claimed them.
public struct DNSHeader: Sendable, Hashable {
    /// Transaction id (0 in mDNS multicast, RFC 6762 §18.1).
    public var id: UInt16
    /// Flag bits.
    public var flags: DNSFlags
    /// QDCOUNT as written on the wire.
    public var questionCount: UInt16
    /// ANCOUNT as written on the wire.
    public var answerCount: UInt16
    /// NSCOUNT as written on the wire.
    public var authorityCount: UInt16
    /// ARCOUNT as written on the wire.
    public var additionalCount: UInt16

    /// The header size in bytes.
    public static let size = 12

    /// Creates a header.
    public init(id: UInt16 = 0, flags: DNSFlags = DNSFlags(), questionCount: UInt16 = 0, answerCount: UInt16 = 0,
                authorityCount: UInt16 = 0, additionalCount: UInt16 = 0) {
        self.id = id
        self.flags = flags
        self.questionCount = questionCount
        self.answerCount = answerCount
        self.authorityCount = authorityCount
        self.additionalCount = additionalCount
    }
}
