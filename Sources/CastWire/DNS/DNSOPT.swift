/// OPT pseudo-record data (EDNS0, RFC 6891): a list of options. The record's class holds the UDP payload size
/// and its TTL the extended RCODE, version and DO bit.
public struct DNSOPT: Sendable, Hashable {
    /// The options in wire order.
    public var options: [DNSEDNSOption]

    /// Creates OPT data.
    public init(options: [DNSEDNSOption]) { self.options = options }

    /// Decodes the options filling `reader`.
    static func readOptions(from reader: inout ByteReader) throws(DNSError) -> [DNSEDNSOption] {
        var options: [DNSEDNSOption] = []
        while !reader.isAtEnd {
            let optionOffset = reader.position
            guard let code = reader.readUInt16BE(), let length = reader.readUInt16BE() else {
                throw DNSError(.truncated, section: .header, offset: optionOffset, needed: 4,
                               available: reader.remaining + (reader.position - optionOffset))
            }
            let dataOffset = reader.position
            guard let data = reader.readArray(Int(length)) else {
                throw DNSError(.truncated, section: .header, offset: dataOffset, needed: Int(length),
                               available: reader.remaining)
            }
            options.append(DNSEDNSOption(code: code, data: data))
        }
        return options
    }
}
