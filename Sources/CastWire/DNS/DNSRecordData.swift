/// The RDATA of a resource record, decoded for the types mDNS and DNS-SD use and raw for the rest.
public enum DNSRecordData: Sendable, Hashable {
    /// A: an IPv4 address.
    case a(DNSIPv4Address)
    /// AAAA: an IPv6 address.
    case aaaa(DNSIPv6Address)
    /// PTR: a name (a service instance, in DNS-SD browse answers).
    case ptr(DNSName)
    /// SRV: priority, weight, port and target host.
    case srv(DNSSRV)
    /// TXT: character-strings (DNS-SD attributes).
    case txt(DNSTXT)
    /// NSEC: next name and the types that exist.
    case nsec(DNSNSEC)
    /// OPT: EDNS0 options.
    case opt(DNSOPT)
    /// HINFO: CPU and OS strings.
    case hinfo(DNSHINFO)
    /// Any other type: the RDATA bytes as they were (compressed names inside are not expanded).
    case other([UInt8])
}
