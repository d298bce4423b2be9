import CastNet
public import CastWire

/// The records one advertised DNS-SD service consists of (RFC 6763 §4–6), built per interface.
public struct MDNSServiceRecordSet: Sendable, Hashable {
    /// The instance label, e.g. `Chromecast-1a2b…` or `Living Room TV`.
    public var instance: String
    /// The service type, `_googlecast._tcp.local.`.
    public var serviceType: DNSName
    /// The host name the SRV record points to, e.g. `1a2b….local.`.
    public var host: DNSName
    /// The TCP port.
    public var port: UInt16
    /// TXT strings.
    public var txt: [[UInt8]]
    /// TTL of SRV and address records (RFC 6762 §10: 120 s for host-bound records).
    public var hostTTL: UInt32 = 120
    /// TTL of PTR and TXT records (RFC 6762 §10: 75 minutes).
    public var otherTTL: UInt32 = 4500

    /// Creates a record set.
    public init(instance: String, serviceType: DNSName, host: DNSName, port: UInt16, txt: [[UInt8]]) {
        self.instance = instance
        self.serviceType = serviceType
        self.host = host
        self.port = port
        self.txt = txt
    }

    /// `instance.serviceType`; nil when the label is empty or longer than 63 bytes.
    public var instanceName: DNSName? {
        DNSName(labels: [Array(instance.utf8)] + serviceType.labels.map { Array($0) })
    }

    /// `base` with the suffix " (number)", the base cut at a Unicode scalar boundary (and trailing spaces dropped)
    /// so the label stays within 63 bytes (RFC 6763 §4.1.1, RFC 6762 §9).
    public static func numberedInstance(_ base: String, number: Int) -> String {
        let suffix = " (\(number))"
        let budget = max(0, 63 - suffix.utf8.count)
        var kept = String.UnicodeScalarView()
        var used = 0
        for scalar in base.unicodeScalars {
            let width = UTF8.width(scalar)
            guard used + width <= budget else { break }
            kept.append(scalar)
            used += width
        }
        var head = String(kept)
        // A cut that ends in a space would give "Name  (2)".
        if used < base.utf8.count {
            while head.unicodeScalars.last == " " { head.unicodeScalars.removeLast() }
        }
        return head + suffix
    }

    /// PTR, SRV, TXT and the addresses, with TTL 0 when `goodbye`.
    func records(addresses: [IPAddress], goodbye: Bool = false) -> (
        ptr: DNSResourceRecord, srv: DNSResourceRecord,
        txt: DNSResourceRecord, addresses: [DNSResourceRecord]
    )? {
        guard let name = instanceName else { return nil }
        let hostTTL = goodbye ? 0 : hostTTL
        let otherTTL = goodbye ? 0 : otherTTL
        let ptr = DNSResourceRecord(name: serviceType, type: .ptr, ttl: otherTTL, data: .ptr(name))
        let srv = DNSResourceRecord(
            name: name, type: .srv, cacheFlush: true, ttl: hostTTL,
            data: .srv(DNSSRV(priority: 0, weight: 0, port: port, target: host)))
        let txt = DNSResourceRecord(
            name: name, type: .txt, cacheFlush: true, ttl: otherTTL,
            data: .txt(DNSTXT(strings: self.txt.isEmpty ? [[]] : self.txt.map { Array($0.prefix(255)) })))
        let addressRecords = addresses.map { address -> DNSResourceRecord in
            switch address {
            case .v4(let v4):
                DNSResourceRecord(
                    name: host, type: .a, cacheFlush: true, ttl: hostTTL, data: .a(DNSIPv4Address(v4.value)))
            case .v6(let v6):
                DNSResourceRecord(
                    name: host, type: .aaaa, cacheFlush: true, ttl: hostTTL,
                    data: .aaaa(DNSIPv6Address(high: v6.high, low: v6.low)))
            }
        }
        return (ptr, srv, txt, addressRecords)
    }
}
