/// One option inside an OPT record (RFC 6891 §6.1.2), kept raw.
public struct DNSEDNSOption: Sendable, Hashable {
    /// OPTION-CODE (e.g. 4 for the mDNS Owner option, 10 for cookies).
    public var code: UInt16
    /// OPTION-DATA bytes.
    public var data: [UInt8]

    /// Creates an option.
    public init(code: UInt16, data: [UInt8]) {
        precondition(data.count <= Int(UInt16.max), "EDNS option data fits a 16-bit length")
        self.code = code
        self.data = data
    }
}
