/// One entry of the question section (RFC 1035 §4.1.2) with the mDNS unicast-response bit (RFC 6762 §5.4).
public struct DNSQuestion: Sendable, Hashable {
    /// The name asked about.
    public var name: DNSName
    /// QTYPE.
    public var type: DNSType
    /// QCLASS without its top bit.
    public var qclass: DNSClass
    /// The top bit of QCLASS: the querier accepts a unicast reply ("QU" question).
    public var unicastResponse: Bool
    /// Absolute offset of the question's first byte (0 for questions built in code).
    public var offset: Int

    /// Creates a question.
    public init(name: DNSName, type: DNSType, qclass: DNSClass = .internet, unicastResponse: Bool = false,
                offset: Int = 0) {
        self.name = name
        self.type = type
        self.qclass = qclass
        self.unicastResponse = unicastResponse
        self.offset = offset
    }
}
