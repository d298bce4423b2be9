/// One resource record (RFC 1035 §4.1.3) with the mDNS cache-flush bit (RFC 6762 §10.2).
public struct DNSResourceRecord: Sendable, Hashable {
    /// The owner name.
    public var name: DNSName
    /// TYPE.
    public var type: DNSType
    /// CLASS without its top bit (for OPT: the full UDP payload size).
    public var rrclass: DNSClass
    /// The top bit of CLASS: this record replaces cached ones of the same name and type (never set for OPT).
    public var cacheFlush: Bool
    /// Time to live in seconds (0 announces removal in mDNS, "goodbye").
    public var ttl: UInt32
    /// The decoded RDATA.
    public var data: DNSRecordData
    /// Absolute offset of the record's first byte (0 for records built in code).
    public var offset: Int
    /// True when a name in this record was reached through a forward compression pointer.
    public var usesForwardPointer: Bool

    /// Creates a record.
    public init(name: DNSName, type: DNSType, rrclass: DNSClass = .internet, cacheFlush: Bool = false,
                ttl: UInt32, data: DNSRecordData, offset: Int = 0, usesForwardPointer: Bool = false) {
        self.name = name
        self.type = type
        self.rrclass = rrclass
        self.cacheFlush = cacheFlush
        self.ttl = ttl
        self.data = data
        self.offset = offset
        self.usesForwardPointer = usesForwardPointer
    }
}
