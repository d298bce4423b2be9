public import CastNet
public import CastWire

/// A DNS-SD service instance as the querier resolved it from PTR, SRV, TXT and A/AAAA records (RFC 6763 §4–6).
public struct MDNSServiceInstance: Sendable, Hashable {
    /// The full instance name, e.g. `Chromecast-1a2b…._googlecast._tcp.local.`.
    public var name: DNSName
    /// The interface the PTR answer arrived on.
    public var interfaceIndex: UInt32
    /// The SRV target host, nil until an SRV record is known.
    public var host: DNSName?
    /// The SRV port, nil until an SRV record is known.
    public var port: UInt16?
    /// The TXT strings, nil until a TXT record is known.
    public var txt: [[UInt8]]?
    /// IPv4 addresses of the host, sorted.
    public var ipv4Addresses: [IPv4Address] = []
    /// IPv6 addresses of the host, sorted.
    public var ipv6Addresses: [IPv6Address] = []

    /// Creates an instance description.
    public init(
        name: DNSName, interfaceIndex: UInt32, host: DNSName? = nil, port: UInt16? = nil, txt: [[UInt8]]? = nil,
        ipv4Addresses: [IPv4Address] = [], ipv6Addresses: [IPv6Address] = []
    ) {
        self.name = name
        self.interfaceIndex = interfaceIndex
        self.host = host
        self.port = port
        self.txt = txt
        self.ipv4Addresses = ipv4Addresses
        self.ipv6Addresses = ipv6Addresses
    }

    /// The instance label alone (the first label), as text.
    public var instanceLabel: String {
        guard let first = name.labels.first else { return "" }
        return String(decoding: first, as: UTF8.self)
    }

    /// True when SRV, TXT and at least one address are known: enough to connect and to show.
    public var isResolved: Bool {
        host != nil && port != nil && txt != nil && !(ipv4Addresses.isEmpty && ipv6Addresses.isEmpty)
    }

    /// What is still missing, in resolution order ("SRV", "TXT", "address"); empty when resolved.
    public var missingParts: [String] {
        var missing: [String] = []
        if host == nil { missing.append("SRV") }
        if txt == nil { missing.append("TXT") }
        if host != nil && ipv4Addresses.isEmpty && ipv6Addresses.isEmpty { missing.append("address") }
        return missing
    }

    /// The Cast TXT model of `txt` (empty when no TXT is known).
    public var castTXT: CastTXTRecord { CastTXTRecord(strings: txt ?? []) }
}
