public import CastNet
public import CastWire

/// The RDATA of a record the querier caches, copied out of the packet so the cache never holds whole datagrams.
public enum MDNSRecordValue: Sendable, Hashable {
    /// PTR: a service instance name.
    case ptr(DNSName)
    /// SRV: where the instance listens.
    case srv(priority: UInt16, weight: UInt16, port: UInt16, target: DNSName)
    /// TXT: the strings in wire order.
    case txt([[UInt8]])
    /// A: an IPv4 address.
    case a(IPv4Address)
    /// AAAA: an IPv6 address.
    case aaaa(IPv6Address)

    /// The value of a decoded record, or nil for types discovery does not use.
    init?(_ data: DNSRecordData) {
        switch data {
        case .ptr(let name): self = .ptr(name.owned)
        case .srv(let srv):
            self = .srv(priority: srv.priority, weight: srv.weight, port: srv.port, target: srv.target.owned)
        case .txt(let txt): self = .txt(txt.strings.map { Array($0) })
        case .a(let address): self = .a(IPv4Address(address.value))
        case .aaaa(let address): self = .aaaa(IPv6Address(high: address.high, low: address.low))
        default: return nil
        }
    }

    /// The record type this value belongs to.
    var type: DNSType {
        switch self {
        case .ptr: .ptr
        case .srv: .srv
        case .txt: .txt
        case .a: .a
        case .aaaa: .aaaa
        }
    }

    /// The value as RDATA for encoding.
    var recordData: DNSRecordData {
        switch self {
        case .ptr(let name): .ptr(name)
        case .srv(let priority, let weight, let port, let target):
            .srv(DNSSRV(priority: priority, weight: weight, port: port, target: target))
        case .txt(let strings): .txt(DNSTXT(strings: strings.map { Array($0.prefix(255)) }))
        case .a(let address): .a(DNSIPv4Address(address.value))
        case .aaaa(let address): .aaaa(DNSIPv6Address(high: address.high, low: address.low))
        }
    }

    /// Bytes this value keeps alive, for the cache's size accounting.
    var storageSize: Int {
        switch self {
        case .ptr(let name): name.wireLength
        case .srv(_, _, _, let target): 6 + target.wireLength
        case .txt(let strings): strings.reduce(0) { $0 + $1.count + 1 }
        case .a: 4
        case .aaaa: 16
        }
    }
}

extension DNSName {
    /// A copy that owns its labels (a decoded name is a view of the whole message).
    var owned: DNSName { DNSName(labels: labels) ?? self }

    /// True when this name is `suffix` or ends with it, comparing without ASCII case.
    func hasSuffix(_ suffix: DNSName) -> Bool {
        let count = labelCount
        let suffixCount = suffix.labelCount
        guard count >= suffixCount else { return false }
        return dropFirst(count - suffixCount).isEquivalent(to: suffix)
    }
}
